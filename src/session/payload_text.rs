//! A fire's payload as the compact JSON text its record keeps ([`FirePayloadText`]), when the JS layer
//! already holds that text. Uses `state::json_text` (in its test). Used by `fire` (the record) and the
//! JS layer (`js::fire_read`).

use serde_json::Value;

/// A fire's payload as the compact JSON text its record keeps, when the caller already holds that
/// very text: the JS layer's walker wrote it and the payload is what serde parsed from it. The walker
/// writes strings, integers, `true`/`false`/`null` and punctuation as serde_json does (the same escapes:
/// `\"`, `\\`, `\b \t \n \f \r`, `\u00xx` in lower case; no lone surrogates reach here), so for a
/// payload with no fractional number the text is byte for byte what `json_text` would write, and the
/// record takes it instead of writing the value out again (docs/boundary.md §4). A number with a
/// fraction or an exponent, which the two writers may spell differently, leaves it to `json_text`.
pub(crate) struct FirePayloadText(pub(super) Box<str>);

impl FirePayloadText {
    /// `text`, which serde parsed into `payload`, unless the payload holds a fractional number.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn walked(text: &str, payload: &Value) -> Option<FirePayloadText> {
        fn fractional(value: &Value) -> bool {
            match value {
                Value::Number(n) => n.is_f64(),
                Value::Array(items) => items.iter().any(fractional),
                Value::Object(members) => members.values().any(fractional),
                _ => false,
            }
        }
        (!fractional(payload)).then(|| FirePayloadText(text.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::state::json_text;

    /// Texts exactly as the JS walker writes them (`JSON.stringify`'s escapes and key order, taken
    /// from Node): each is the text `json_text` writes for the value serde parses from it.
    #[test]
    fn a_walked_text_without_fractions_is_the_text_the_record_writes() {
        let texts = [
            r#"{"name":"plain"}"#.to_string(),
            r#"{"s":"quote \" back \\ tab \t nl \n cr \r bs \b ff \f ctl \u0001 \u001f del DEL — ünï ✓ 😀 / </script>"}"#
                .replace("DEL", "\u{7f}"),
            r#"{"2":{"__proto__x":""},"10":"x","key \"with\" escapes\n":[1,-2,0,9007199254740991,-9007199254740991,true,false,null,[],{}]}"#.to_string(),
            "[]".to_string(),
            r#""just a string""#.to_string(),
            "12345".to_string(),
        ];
        for text in texts {
            let value: Value = serde_json::from_str(&text).expect("JSON");
            let kept = FirePayloadText::walked(&text, &value).expect("kept");
            assert_eq!(&*kept.0, &*json_text(&value), "{text}");
        }
        for text in [r#"{"f":1.5e-7}"#, "[0.1]", r#"{"a":{"b":[2.5]}}"#] {
            let value: Value = serde_json::from_str(text).expect("JSON");
            assert!(FirePayloadText::walked(text, &value).is_none(), "{text}");
        }
    }
}
