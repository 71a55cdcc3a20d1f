//! `words!`: an enum whose variants each stand for one fixed word on the wire — an error code, a
//! refusal reason, an operator. The word is written once, in the `words!` invocation; from it come
//! `as_str` (and the `Serialize` written from it) and the serde spelling (`#[serde(rename = …)]`,
//! which `Deserialize` and, on wasm32, the tsify-derived TypeScript union read), so they cannot
//! drift. Each enum also gets `ALL` (every variant, in order), `parse` (the word back to the
//! variant) and `PartialEq<&str>` (so a test can say `assert_eq!(error.code, "BAD_FILTER")`). The
//! `tests` module below checks `as_str`, `parse` and serde against each other for every enum made
//! here. Used by `codes` (error and refusal codes), `serve::shapes` (`Judgment`), `graph::model`
//! (`Op`).

/// Define a word enum: `words! { /** docs */ pub enum Name { /** docs */ Variant = "WORD", … } }`.
macro_rules! words {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $word:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize)]
        #[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $word)] $variant, )+
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[ $( $name::$variant, )+ ];

            /// The wire word.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $word, )+
                }
            }

            /// The variant a wire word names, if any. A loop over `ALL` through `as_str` (a table
            /// lookup), not a `match` on the words, which compiles to a comparison per word.
            pub fn parse(word: &str) -> Option<$name> {
                $name::ALL.iter().copied().find(|v| v.as_str() == word)
            }
        }

        // Written by hand from `as_str`: one string write, where serde's derive would put a table of
        // every variant into each serializer the wasm uses.
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }
    };
}

pub(crate) use words;

#[cfg(test)]
mod tests {
    /// `as_str`, `parse` and serde agree on every word of `E`, and no word is used twice.
    fn agree<E>(all: &[E], as_str: fn(&E) -> &'static str, parse: fn(&str) -> Option<E>)
    where
        E: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let mut seen = std::collections::HashSet::new();
        for variant in all {
            let word = as_str(variant);
            assert!(seen.insert(word), "{word} is used twice");
            assert_eq!(
                serde_json::to_value(variant).ok(),
                Some(serde_json::json!(word))
            );
            let back: E = serde_json::from_value(serde_json::json!(word)).expect(word);
            assert_eq!(&back, variant);
            assert_eq!(parse(word).as_ref(), Some(variant));
        }
    }

    #[test]
    fn every_word_enum_agrees_with_serde() {
        use crate::codes::{ErrorCode, Refusal};
        use crate::graph::model::Op;
        agree(Op::ALL, |v| v.as_str(), Op::parse);
        agree(ErrorCode::ALL, |v| v.as_str(), ErrorCode::parse);
        agree(Refusal::ALL, |v| v.as_str(), Refusal::parse);
    }
}
