//! One declaration per port result key: the [`shape!`] macro, the ordered result object [`Obj`] it
//! gives typed setters, and [`Fits`], what a tool may hand a setter (docs/records.md, "Adding a key to
//! a port result").
//!
//! A result shape is a plain struct with tsify's derive (its TypeScript type) and serde's attributes,
//! wrapped in `shape! { … }`; the shapes themselves are declared in `shapes/results.rs`
//! ([`ServeResult`], the port result, and the rows it nests). The macro passes the struct through and
//! adds, from the same field list, one setter per field on `Obj<Shape>`: named after the field, writing
//! the field's key (its camelCase, as `rename_all = "camelCase"` spells it: `record::key!`) and taking
//! any value that [`Fits`] the field's declared type. Writing a key by name is private to this module
//! and the shapes below it, so a key a tool writes that the declaration lacks is a compile error, and
//! so is a value of another type; adding a key is one field plus its behaviour.
//!
//! Keys keep the order a tool writes them (serde_json's `preserve_order`): that order differs per tool
//! and is the order a model reads, so it is not the declaration's. A key written twice keeps its first
//! place and takes the last value. Setters are inlined into one out-of-line body per value type
//! (`Obj::put_as`); every list goes through one loop.
//!
//! [`Stream`] carries the same setters onto a serde map, for a result written straight to JSON text
//! with no `Value` in between (`whats_here`, `serve::whats_here`): each takes what [`Writes`] its
//! field's type, so there too an undeclared key or a value of another type does not compile.
//!
//! Uses serde_json and `record::key!`. Used by every tool in `serve`.

use std::marker::PhantomData;

use serde::Serialize;
use serde_json::{Map, Value};

mod results;

pub use results::*;

/// A port result under construction (`Out::answer(ok)`, then one setter per key).
pub type Out = Obj<ServeResult>;

/// An ordered JSON object of shape `S`, written only through the setters `shape!` declares for `S`:
///
/// ```
/// let mut out = groundfacts::serve::shapes::Out::answer(true);
/// out.why("because").version(1u64);
/// ```
///
/// A key the declaration lacks, or a value of another type, does not compile:
///
/// ```compile_fail
/// let mut out = groundfacts::serve::shapes::Out::answer(true);
/// out.surprise("because");
/// ```
///
/// ```compile_fail
/// let mut out = groundfacts::serve::shapes::Out::answer(true);
/// out.version("one");
/// ```
pub struct Obj<S>(Map<String, Value>, PhantomData<fn() -> S>);

impl<S> Obj<S> {
    pub fn new() -> Obj<S> {
        Obj(Map::new(), PhantomData)
    }

    /// Every setter ends here, through one body per value type (a setter is inlined and passes its key).
    #[inline(never)]
    fn put_as<D, A: Fits<D>>(&mut self, key: &'static str, value: A) -> &mut Obj<S> {
        self.put(key, value.json())
    }

    #[inline(never)]
    fn put(&mut self, key: &'static str, value: Value) -> &mut Obj<S> {
        self.0.insert(key.to_owned(), value);
        self
    }

    /// Copy every entry of `other` over this object (later keys win, earlier order kept).
    pub fn merge(&mut self, other: Obj<S>) -> &mut Obj<S> {
        for (key, value) in other.0 {
            self.0.insert(key, value);
        }
        self
    }

    pub fn done(self) -> Value {
        Value::Object(self.0)
    }
}

impl<S> Default for Obj<S> {
    fn default() -> Obj<S> {
        Obj::new()
    }
}

impl<S> std::fmt::Debug for Obj<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl Out {
    /// A result opening with `ok`.
    pub fn answer(ok: bool) -> Out {
        let mut out = Out::new();
        out.ok(ok);
        out
    }
}

/// `{ok:false, judgment:"error", reason}`: the head of every port-level refusal.
pub fn error_head(reason: impl Fits<PortReason>) -> Out {
    let mut out = Out::answer(false);
    out.judgment(Judgment::Error).reason(reason);
    out
}

/// Declare a result shape once: the struct as written (its TypeScript type), plus a typed setter on
/// `Obj<Shape>` per field. Fields are plain `pub name: Type,` lines with any attributes; a key that
/// may be absent is an `Option` marked `#[serde(default, skip_serializing_if = "Option::is_none")]`.
macro_rules! shape {
    ($(#[$meta:meta])* $vis:vis struct $name:ident {
        $($(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty),* $(,)?
    }) => {
        $(#[$meta])*
        $vis struct $name {
            $($(#[$fmeta])* $fvis $field: $ty,)*
        }

        impl $crate::serve::shapes::Obj<$name> {
            $(
                #[doc = concat!("Write `", stringify!($field), "` (camelCase), as [`", stringify!($name), "`] declares it.")]
                #[inline(always)]
                pub fn $field<A: $crate::serve::shapes::Fits<$ty>>(&mut self, value: A) -> &mut Self {
                    const KEY: &str = $crate::record::key!($field);
                    self.put_as::<$ty, A>(KEY, value)
                }
            )*
        }

        impl<M: serde::ser::SerializeMap> $crate::serve::shapes::Stream<$name, M> {
            $(
                #[doc = concat!("Write `", stringify!($field), "` (camelCase) straight to the serializer, as [`", stringify!($name), "`] declares it.")]
                #[inline(always)]
                pub fn $field<A: $crate::serve::shapes::Writes<$ty> + ?Sized>(
                    &mut self,
                    value: &A,
                ) -> Result<&mut Self, M::Error> {
                    const KEY: &str = $crate::record::key!($field);
                    self.put_as::<$ty, A>(KEY, value)
                }
            )*
        }

        impl $crate::serve::shapes::Fits<$name> for $crate::serve::shapes::Obj<$name> {
            fn json(self) -> serde_json::Value {
                self.done()
            }
        }
    };
}
pub(crate) use shape;

/// A result of shape `S` written straight to a serde map (`Serializer::serialize_map`), with no
/// `Value` in between: the setters `shape!` declares for `S`, each taking what [`Writes`] its field's
/// type. `whats_here` writes its result and its action rows this way (`serve::whats_here`).
///
/// ```
/// use groundfacts::serve::shapes::{ServeResult, Stream};
/// let mut text = Vec::new();
/// let mut json = serde_json::Serializer::new(&mut text);
/// let mut out = Stream::<ServeResult, _>::open(&mut json).unwrap();
/// out.ok(&true).unwrap().you_are_on("home").unwrap();
/// out.close().unwrap();
/// assert_eq!(text, br#"{"ok":true,"youAreOn":"home"}"#);
/// ```
///
/// A key the declaration lacks, or a value of another type, does not compile:
///
/// ```compile_fail
/// use groundfacts::serve::shapes::{ServeResult, Stream};
/// let mut text = Vec::new();
/// let mut json = serde_json::Serializer::new(&mut text);
/// let mut out = Stream::<ServeResult, _>::open(&mut json).unwrap();
/// out.surprise(&true).unwrap();
/// ```
///
/// ```compile_fail
/// use groundfacts::serve::shapes::{ServeResult, Stream};
/// let mut text = Vec::new();
/// let mut json = serde_json::Serializer::new(&mut text);
/// let mut out = Stream::<ServeResult, _>::open(&mut json).unwrap();
/// out.version("one").unwrap();
/// ```
pub struct Stream<S, M>(M, PhantomData<fn() -> S>);

impl<S, M: serde::ser::SerializeMap> Stream<S, M> {
    /// Open the object on `serializer`.
    pub fn open<Z: serde::Serializer<SerializeMap = M, Error = M::Error>>(
        serializer: Z,
    ) -> Result<Self, M::Error> {
        Ok(Stream(serializer.serialize_map(None)?, PhantomData))
    }

    fn put_as<D, A: Writes<D> + ?Sized>(
        &mut self,
        key: &'static str,
        value: &A,
    ) -> Result<&mut Self, M::Error> {
        self.0.serialize_entry(key, value)?;
        Ok(self)
    }

    /// Close the object.
    pub fn close(self) -> Result<M::Ok, M::Error> {
        self.0.end()
    }
}

/// A value serde writes as a key declared `D` reads (the [`Stream`] counterpart of [`Fits`]).
pub trait Writes<D>: Serialize {}

/// A key that may be absent takes what its type takes; a writer leaves it out by not writing it.
impl<D, A: Writes<D> + ?Sized> Writes<Option<D>> for A {}

impl Writes<bool> for bool {}
impl Writes<u64> for u64 {}
impl Writes<String> for str {}
impl Writes<String> for String {}
/// `facts` and `brief` once `js::port` took the text out to set in place: `null` until it does.
impl Writes<String> for Option<String> {}
impl<D, A: Writes<D>> Writes<Vec<D>> for [A] {}
impl<D, A: Writes<D>> Writes<Vec<D>> for Vec<A> {}
/// The declared hops, built through their setters (`whats_here {routeTo}`).
impl Writes<RouteTo> for Obj<RouteTo> {}

impl<S> Serialize for Obj<S> {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        self.0.serialize(serializer)
    }
}

/// The library's own types, written as serde writes them everywhere else.
macro_rules! written {
    ($($ty:ty),* $(,)?) => {$(impl Writes<$ty> for $ty {})*};
}

written!(
    crate::session::StatedCondition,
    crate::session::Unblocker,
    crate::session::Arrival,
    ServedList,
    ServedJourney,
);

/// A value a tool may write under a key declared as `D`, and how it is written.
pub trait Fits<D> {
    fn json(self) -> Value;
}

/// A key that may be absent takes what its type takes; a tool leaves it out by not writing it.
impl<D, A: Fits<D>> Fits<Option<D>> for A {
    fn json(self) -> Value {
        <A as Fits<D>>::json(self)
    }
}

/// A key always written, as `null` when there is nothing (`T | null`).
#[derive(Debug, Clone, PartialEq, serde::Deserialize)]
#[serde(transparent)]
pub struct OrNull<T>(pub Option<T>);

impl<D, A: Fits<D>> Fits<OrNull<D>> for Option<A> {
    fn json(self) -> Value {
        self.map_or(Value::Null, A::json)
    }
}

impl<D, A: Fits<D>> Fits<Vec<D>> for Vec<A> {
    fn json(self) -> Value {
        let mut items = self.into_iter();
        array(items.len(), &mut || items.next().map(A::json))
    }
}

impl<'a, D, A> Fits<Vec<D>> for &'a [A]
where
    &'a A: Fits<D>,
{
    fn json(self) -> Value {
        let mut items = self.iter();
        array(items.len(), &mut || items.next().map(Fits::json))
    }
}

impl<'a, D, A> Fits<Vec<D>> for &'a Vec<A>
where
    &'a A: Fits<D>,
{
    fn json(self) -> Value {
        Fits::<Vec<D>>::json(self.as_slice())
    }
}

/// The one loop every list goes through; only taking the next item is per item type.
#[inline(never)]
fn array(len: usize, next: &mut dyn FnMut() -> Option<Value>) -> Value {
    let mut items = Vec::with_capacity(len);
    while let Some(item) = next() {
        items.push(item);
    }
    Value::Array(items)
}

impl Fits<String> for &str {
    fn json(self) -> Value {
        Value::String(self.to_owned())
    }
}

impl Fits<String> for String {
    fn json(self) -> Value {
        Value::String(self)
    }
}

impl Fits<String> for &String {
    fn json(self) -> Value {
        Value::String(self.clone())
    }
}

impl Fits<bool> for bool {
    fn json(self) -> Value {
        Value::Bool(self)
    }
}

impl Fits<u64> for u64 {
    fn json(self) -> Value {
        Value::from(self)
    }
}

/// `JsonValue` and `Expects` (any JSON, a schema or `"none"`).
impl Fits<Value> for Value {
    fn json(self) -> Value {
        self
    }
}

/// The library's enums that carry their word (`as_str`, held equal to serde's by `session::words`).
macro_rules! worded {
    ($($ty:ty),* $(,)?) => {$(
        impl Fits<$ty> for $ty {
            fn json(self) -> Value {
                Value::from(self.as_str())
            }
        }
    )*};
}

worded!(
    crate::session::Principal,
    crate::session::SettlementState,
    crate::session::EffectStatus,
    crate::session::Outcome,
    crate::session::FrameStatus,
);

/// The library's own types in a result: written as serde writes them everywhere else.
macro_rules! serialized {
    ($($ty:ty),* $(,)?) => {$(
        impl Fits<$ty> for $ty {
            fn json(self) -> Value {
                to_json(&self)
            }
        }

        impl Fits<$ty> for &$ty {
            fn json(self) -> Value {
                to_json(self)
            }
        }
    )*};
}

serialized!(
    crate::graph::guards::ConditionEvidence,
    crate::session::Receipts,
    crate::session::EffectVerified,
    crate::session::VerifyHeld,
    crate::session::StepStatus,
    crate::session::StatedCondition,
    crate::session::Unblocker,
    crate::session::InstanceRef,
    crate::session::Hop,
    Candidate,
);

fn to_json<T: Serialize + ?Sized>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::Refusal;

    /// Whether `result` reads back as a [`ServeResult`]: every key declared, every value typed.
    fn check(result: &Value) -> Result<(), String> {
        use serde::Deserialize;
        ServeResult::deserialize(result)
            .map(drop)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn keys_keep_the_order_written_and_the_last_value() {
        let mut a = Out::answer(true);
        a.judgment(Judgment::OneReadyStep).why("x").version(1);
        let mut b = Out::answer(false);
        b.judgment(Judgment::Rejected);
        a.merge(b);
        assert_eq!(
            serde_json::to_string(&a.done()).unwrap(),
            r#"{"ok":false,"judgment":"rejected","why":"x","version":1}"#
        );
    }

    #[test]
    fn every_result_a_setter_writes_is_a_declared_one() {
        let mut link = Obj::<ChainLink>::new();
        link.transition_id("t#1")
            .did("a")
            .principal(crate::session::Principal::Agent)
            .version(3);
        let mut route = Obj::<RouteTo>::new();
        route
            .page("p")
            .route(None::<Vec<crate::session::Hop>>)
            .how_to_get_there("There is none.");
        let mut out = error_head(Refusal::UnknownAction);
        out.actions(vec!["a".to_string()])
            .candidates(vec!["a", "b"])
            .guard_unevaluated(vec!["k".to_string()])
            .chain(vec![link])
            .route_to(route)
            .you_are_on("home");
        let v = out.done();
        assert_eq!(check(&v), Ok(()));
        assert_eq!(v["routeTo"]["route"], Value::Null);
        assert_eq!(v["chain"][0]["transitionId"], "t#1");
    }
}
