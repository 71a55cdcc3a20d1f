//! One declaration per record: the [`record!`] macro and the compact JSON reader it hooks each record
//! into (docs/records.md).
//!
//! A record is a plain struct with serde's derives (its JSON shape and the shape JS sees) and tsify's
//! (its TypeScript type), wrapped in `record! { … }`. The macro passes the struct through untouched and
//! adds, from the same field list, its reader: [`Slot`] (read it in place from a `serde_json::Value`),
//! [`Blank`] (the value it is read over) and `KEYS` (each field's JSON key, the camelCase of its name, as
//! `#[serde(rename_all = "camelCase")]` spells it). A field marked `#[serde(default …)]` may be absent
//! when read, as serde's derive allows; one marked `#[serde(flatten)]` is a record whose fields sit in
//! the same object; one marked `#[serde(skip)]` is the walker's own, neither written nor read. So
//! adding a field is one line in the declaration: its JSON, its TypeScript type and its reading follow.
//! [`wire!`] is `record!` with the derives and settings every snapshot item shares.
//!
//! The reader replaces `serde_json::from_value` in the shipped module (docs/size.md, "The snapshot
//! reader"): one shared loop over every struct's static key list ([`fields`]) and one `fill` per leaf
//! type, instead of a deserializer instantiated per struct. It accepts what serde's derive accepts for
//! every input the library writes (tests/session_snapshot.rs checks the two agree): objects read by key
//! (unknown keys ignored), an absent `Option` or `null` is `None`, any other absent field is an error
//! unless it is `#[serde(default)]`, integers must be whole and in range. Errors name the path below
//! the value read (`.clock.version`, `[2]`), so callers prefix their own.
//!
//! Uses serde_json only. Used by `session::persist` (the snapshot items and their reader), the rows
//! that are their own snapshot items (`session::ledger::row`, `state`, `ledger::retention`), and
//! `session::lost`, `session::focus`, `session::results` (records a snapshot carries).

use std::rc::Rc;

use serde_json::{Map, Value};

/// A place one JSON value is read into, in place over a [`Blank`] value.
pub trait Slot {
    fn fill(&mut self, v: &Value) -> Result<(), String>;
    /// Whether an absent key leaves the blank value (an `Option`), as serde's derive does.
    fn may_be_absent(&self) -> bool {
        false
    }
}

/// The value a slot holds before it is read (an empty string, zero, `None`, a fixed enum variant):
/// never seen, since a struct either reads every field or is refused whole.
pub trait Blank {
    fn blank() -> Self;
}

/// Declare a record once: the struct as written, plus its reader ([`Slot`], [`Blank`]) and its JSON
/// keys (`KEYS`) from the same fields. Fields are plain `pub name: Type,` lines with any attributes.
macro_rules! record {
    ($(#[$meta:meta])* $vis:vis struct $name:ident {
        $($(#[$fmeta:meta])* $fvis:vis $field:ident : $ty:ty),* $(,)?
    }) => {
        $(#[$meta])*
        $vis struct $name {
            $($(#[$fmeta])* $fvis $field: $ty,)*
        }

        impl $name {
            /// Each field's JSON key, in declaration order (the camelCase of its name).
            #[allow(dead_code)]
            pub const KEYS: &'static [&'static str] = &[$($crate::record::key!($field)),*];
            /// How each field is read ([`$crate::record::mode!`]), in the same order.
            const MODES: &'static [u8] = &[$($crate::record::mode!($(#[$fmeta])*)),*];
        }

        impl $crate::record::Slot for $name {
            fn fill(&mut self, v: &serde_json::Value) -> Result<(), String> {
                $crate::record::fields(
                    v,
                    Self::KEYS,
                    Self::MODES,
                    &mut [$(&mut self.$field as &mut dyn $crate::record::Slot),*],
                )
            }
        }

        impl $crate::record::Blank for $name {
            fn blank() -> Self {
                $name { $($field: $crate::record::Blank::blank(),)* }
            }
        }
    };
}
pub(crate) use record;

/// A snapshot item: a [`record!`] with the derives and serde/tsify settings every snapshot item shares
/// (`null` for an absent `Option`, camelCase keys). A row the walker keeps as its snapshot writes it
/// is declared with it directly (`tsify(rename = …)` keeps the item's TypeScript name).
macro_rules! wire {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($body:tt)* }) => {
        $crate::record::record! {
            #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
            #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
            #[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
            #[serde(rename_all = "camelCase")]
            $(#[$meta])*
            $vis struct $name { $($body)* }
        }
    };
}
pub(crate) use wire;

/// A field's JSON key: the camelCase of its name, computed at compile time.
macro_rules! key {
    ($field:ident) => {{
        const SNAKE: &str = stringify!($field);
        const BYTES: [u8; $crate::record::camel_len(SNAKE)] = $crate::record::camel(SNAKE);
        match core::str::from_utf8(&BYTES) {
            Ok(key) => key,
            Err(_) => SNAKE,
        }
    }};
}
pub(crate) use key;

/// How a field is read, from its attributes: [`FLATTENED`] (`#[serde(flatten)]`: its fields sit in
/// the record's own object), [`ABSENT_OK`] (`#[serde(default …)]`), [`SKIPPED`] (`#[serde(skip)]`)
/// or [`REQUIRED`].
macro_rules! mode {
    ($(#[$m:meta])*) => {
        $crate::record::REQUIRED
            $(| $crate::record::mode_of(stringify!($m)))*
    };
}
pub(crate) use mode;

/// A field read under its key, and refused when absent (unless its type is an `Option`).
pub const REQUIRED: u8 = 0;
/// A `#[serde(default)]` field: absent reads as its blank value.
pub const ABSENT_OK: u8 = 1;
/// A `#[serde(flatten)]` field: read from the record's own object.
pub const FLATTENED: u8 = 2;
/// A `#[serde(skip)]` field: never written, never read (it keeps its blank value).
pub const SKIPPED: u8 = 4;

/// The mode one attribute gives a field.
pub const fn mode_of(attribute: &str) -> u8 {
    if starts_with(attribute, "serde(default") {
        ABSENT_OK
    } else if starts_with(attribute, "serde(flatten") {
        FLATTENED
    } else if starts_with(attribute, "serde(skip)") && attribute.len() == "serde(skip)".len() {
        SKIPPED
    } else {
        REQUIRED
    }
}

/// The length of `snake` without its underscores.
pub const fn camel_len(snake: &str) -> usize {
    let b = snake.as_bytes();
    let (mut i, mut n) = (0, 0);
    while i < b.len() {
        if b[i] != b'_' {
            n += 1;
        }
        i += 1;
    }
    n
}

/// `snake` in camelCase (`verify_predicate` → `verifyPredicate`), as serde's `rename_all` spells it.
pub const fn camel<const N: usize>(snake: &str) -> [u8; N] {
    let b = snake.as_bytes();
    let mut out = [0u8; N];
    let (mut i, mut j, mut upper) = (0, 0, false);
    while i < b.len() {
        if b[i] == b'_' {
            upper = true;
        } else {
            out[j] = if upper {
                b[i].to_ascii_uppercase()
            } else {
                b[i]
            };
            upper = false;
            j += 1;
        }
        i += 1;
    }
    out
}

/// `text.starts_with(prefix)`, at compile time.
pub const fn starts_with(text: &str, prefix: &str) -> bool {
    let (t, p) = (text.as_bytes(), prefix.as_bytes());
    if t.len() < p.len() {
        return false;
    }
    let mut i = 0;
    while i < p.len() {
        if t[i] != p[i] {
            return false;
        }
        i += 1;
    }
    true
}

// The helpers below are kept out of line (`inline(never)`): each reader calls them instead of
// carrying its own copy of a map lookup or a `format!`.

#[inline(never)]
pub fn not(what: &str) -> String {
    format!(" is not {what}")
}

#[inline(never)]
pub fn object(v: &Value) -> Result<&Map<String, Value>, String> {
    v.as_object().ok_or_else(|| not("an object"))
}

#[inline(never)]
fn array(v: &Value) -> Result<&[Value], String> {
    v.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| not("an array"))
}

#[inline(never)]
fn at_key(key: &str, e: String) -> String {
    format!(".{key}{e}")
}

#[inline(never)]
fn at_index(i: usize, e: String) -> String {
    format!("[{i}]{e}")
}

/// Read an object's fields, in order, each under its key: the one loop every record goes through.
/// The first field that is wrong (or absent when it may not be) refuses the record.
#[inline(never)]
pub fn fields(
    v: &Value,
    keys: &[&str],
    modes: &[u8],
    slots: &mut [&mut dyn Slot],
) -> Result<(), String> {
    let o = object(v)?;
    for ((key, slot), &mode) in keys.iter().zip(slots.iter_mut()).zip(modes) {
        if mode & FLATTENED != 0 {
            slot.fill(v)?;
            continue;
        }
        if mode & SKIPPED != 0 {
            continue;
        }
        let read = match o.get(*key) {
            Some(v) => slot.fill(v),
            None if mode & ABSENT_OK != 0 || slot.may_be_absent() => Ok(()),
            None => Err(" is missing".to_string()),
        };
        read.map_err(|e| at_key(key, e))?;
    }
    Ok(())
}

/// A pair, written by serde as a two-item array.
impl<A: Slot + Blank, B: Slot + Blank> Slot for (A, B) {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        match v.as_array().map(Vec::as_slice) {
            Some([a, b]) => {
                self.0.fill(a).map_err(|e| at_index(0, e))?;
                self.1.fill(b).map_err(|e| at_index(1, e))
            }
            _ => Err(not("a two-item array")),
        }
    }
}

impl<A: Blank, B: Blank> Blank for (A, B) {
    fn blank() -> Self {
        (A::blank(), B::blank())
    }
}

impl<T: Slot + Blank> Slot for Option<T> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        // Read over the blank `None`: `null` leaves it, a value is read into a fresh blank.
        if v.is_null() {
            return Ok(());
        }
        self.get_or_insert_with(T::blank).fill(v)
    }
    fn may_be_absent(&self) -> bool {
        true
    }
}

impl<T> Blank for Option<T> {
    fn blank() -> Self {
        None
    }
}

/// A list being read: the one loop over its items ([`items`]) is shared by every item type; only
/// pushing a blank item is per type, and the item is read in place through its `&mut dyn Slot`.
trait List {
    fn start(&mut self, len: usize);
    /// Push a blank item and hand back its slot (`None` only if the push left no last item).
    fn push_blank(&mut self) -> Option<&mut dyn Slot>;
}

impl<T: Slot + Blank> List for Vec<T> {
    /// Room for `len` items, after any already there (a list is read over its blank, empty `Vec`).
    fn start(&mut self, len: usize) {
        self.reserve_exact(len);
    }
    fn push_blank(&mut self) -> Option<&mut dyn Slot> {
        self.push(T::blank());
        self.last_mut().map(|x| x as &mut dyn Slot)
    }
}

#[inline(never)]
fn items(v: &Value, list: &mut dyn List) -> Result<(), String> {
    let items = array(v)?;
    list.start(items.len());
    for (i, item) in items.iter().enumerate() {
        let read = match list.push_blank() {
            Some(slot) => slot.fill(item),
            None => Err(not("read")),
        };
        read.map_err(|e| at_index(i, e))?;
    }
    Ok(())
}

impl<T: Slot + Blank> Slot for Vec<T> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        items(v, self)
    }
}

impl<T> Blank for Vec<T> {
    fn blank() -> Self {
        Vec::new()
    }
}

/// A shared list (a gap row's offered ids), read as a list.
impl<T: Slot + Blank> Slot for Rc<[T]> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        let mut list = Vec::new();
        items(v, &mut list)?;
        *self = Rc::from(list);
        Ok(())
    }
}

impl<T> Blank for Rc<[T]> {
    fn blank() -> Self {
        Rc::from(Vec::new())
    }
}

impl<T: Slot + Blank> Slot for Box<T> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        (**self).fill(v)
    }
}

impl<T: Blank> Blank for Box<T> {
    fn blank() -> Self {
        Box::new(T::blank())
    }
}

impl Slot for Value {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        v.clone_into(self);
        Ok(())
    }
}

impl Slot for Map<String, Value> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        object(v)?.clone_into(self);
        Ok(())
    }
}

impl Slot for String {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        let text = v.as_str().ok_or_else(|| not("a string"))?;
        text.clone_into(self);
        Ok(())
    }
}

/// A kept text that is most often the library's own (a settlement error's message).
impl Slot for std::borrow::Cow<'static, str> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = std::borrow::Cow::Owned(v.as_str().ok_or_else(|| not("a string"))?.to_owned());
        Ok(())
    }
}

impl Blank for std::borrow::Cow<'static, str> {
    fn blank() -> Self {
        std::borrow::Cow::Borrowed("")
    }
}

/// A kept text (a gap row's request and reason).
impl Slot for Box<str> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = Box::from(v.as_str().ok_or_else(|| not("a string"))?);
        Ok(())
    }
}

impl Blank for Box<str> {
    fn blank() -> Self {
        Box::from("")
    }
}

/// A shared name (rows share node and action names with the compiled graph; the restorer interns them).
impl Slot for Rc<str> {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = Rc::from(v.as_str().ok_or_else(|| not("a string"))?);
        Ok(())
    }
}

impl Blank for Rc<str> {
    fn blank() -> Self {
        Rc::from("")
    }
}

impl Slot for bool {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = v.as_bool().ok_or_else(|| not("true or false"))?;
        Ok(())
    }
}

impl Slot for f64 {
    fn fill(&mut self, v: &Value) -> Result<(), String> {
        *self = v.as_f64().ok_or_else(|| not("a number"))?;
        Ok(())
    }
}

/// A whole number ≥ 0 that fits `T` (a float, even a whole one, is refused, as serde refuses it).
fn whole<T: TryFrom<u64>>(v: &Value) -> Result<T, String> {
    v.as_u64()
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| not("a whole number in range"))
}

macro_rules! numbers {
    ($($ty:ty),*) => {$(
        impl Slot for $ty {
            fn fill(&mut self, v: &Value) -> Result<(), String> {
                *self = whole(v)?;
                Ok(())
            }
        }
    )*};
}

numbers!(u64, u32, usize);

/// `Blank` for types with a fixed blank value.
macro_rules! blanks {
    ($($ty:ty = $blank:expr),* $(,)?) => {$(
        impl $crate::record::Blank for $ty {
            fn blank() -> Self {
                $blank
            }
        }
    )*};
}
pub(crate) use blanks;

blanks!(
    Value = Value::Null, Map<String, Value> = Map::new(), String = String::new(), bool = false,
    f64 = 0.0, u64 = 0, u32 = 0, usize = 0,
);

#[cfg(test)]
mod tests {
    use super::*;

    record! {
        #[derive(Debug, PartialEq, serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Probe {
            plain_name: String,
            maybe: Option<u32>,
            #[serde(default, skip_serializing_if = "std::ops::Not::not")]
            flag: bool,
        }
    }

    #[test]
    fn keys_are_the_camel_case_serde_writes() {
        assert_eq!(Probe::KEYS, ["plainName", "maybe", "flag"]);
        let written = serde_json::to_value(Probe {
            plain_name: "a".into(),
            maybe: Some(1),
            flag: true,
        })
        .unwrap_or_default();
        let keys: Vec<&str> = written
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        assert_eq!(keys, Probe::KEYS);
    }

    record! {
        #[derive(Debug, PartialEq, serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Latched {
            kept: u32,
            #[serde(skip)]
            latch: bool,
        }
    }

    #[test]
    fn a_skipped_field_is_neither_written_nor_read() {
        let written = serde_json::to_value(Latched {
            kept: 1,
            latch: true,
        })
        .unwrap_or_default();
        assert_eq!(written, serde_json::json!({ "kept": 1 }));
        let mut read = Latched::blank();
        assert_eq!(
            read.fill(&serde_json::json!({ "kept": 2, "latch": true })),
            Ok(())
        );
        assert_eq!(
            read,
            Latched {
                kept: 2,
                latch: false
            }
        );
    }

    #[test]
    fn a_defaulted_field_may_be_absent_and_others_may_not() {
        let mut probe = Probe::blank();
        assert_eq!(probe.fill(&serde_json::json!({ "plainName": "x" })), Ok(()));
        assert_eq!(probe.plain_name, "x");
        assert!(!probe.flag);
        let missing = Probe::blank().fill(&serde_json::json!({ "flag": true }));
        assert_eq!(missing, Err(".plainName is missing".to_string()));
        let wrong = Probe::blank().fill(&serde_json::json!({ "plainName": "x", "maybe": 1.5 }));
        assert_eq!(
            wrong,
            Err(".maybe is not a whole number in range".to_string())
        );
    }
}
