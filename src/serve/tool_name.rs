//! Tool-name encoding: a composed name (`<graph id>.<suffix>`) becomes a name every model API accepts.
//!
//! Pure function, no dependencies. Used by `serve::tools` when the tool array is built and by the
//! dispatcher, which matches incoming names against the encoded ones.
//!
//! The rule: a name made only of `[A-Za-z0-9_.-]` that does not start with `_enc_` passes through
//! unchanged; anything else becomes `_enc_` followed by an escape of each UTF-16 unit (`_` → `__`,
//! `[A-Za-z0-9.-]` kept, any other unit → `_u` + four lowercase hex digits). The prefix check keeps the
//! mapping injective: no pass-through name can collide with an encoded one.

const ENCODED_PREFIX: &str = "_enc_";

/// Encode a composed tool name.
pub fn encode_tool_name(composed: &str) -> String {
    let plain = !composed.is_empty()
        && composed
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-');
    if plain && !composed.starts_with(ENCODED_PREFIX) {
        return composed.to_string();
    }
    let mut out = String::from(ENCODED_PREFIX);
    for unit in composed.encode_utf16() {
        match char::from_u32(u32::from(unit)) {
            Some('_') => out.push_str("__"),
            Some(c) if c.is_ascii_alphanumeric() || c == '.' || c == '-' => out.push(c),
            _ => out.push_str(&format!("_u{unit:04x}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_names_pass_through() {
        assert_eq!(
            encode_tool_name("wizard.journey.new-project"),
            "wizard.journey.new-project"
        );
        assert_eq!(encode_tool_name("shop_1.whats_here"), "shop_1.whats_here");
    }

    #[test]
    fn spaces_and_punctuation_are_escaped_per_utf16_unit() {
        assert_eq!(
            encode_tool_name("my shop!.do it"),
            "_enc_my_u0020shop_u0021.do_u0020it"
        );
        assert_eq!(encode_tool_name("a_b c"), "_enc_a__b_u0020c");
        // A character outside the BMP is two UTF-16 units, each escaped.
        assert_eq!(encode_tool_name("g.😀"), "_enc_g._ud83d_ude00");
    }

    #[test]
    fn a_name_that_looks_encoded_is_itself_encoded_so_names_never_collide() {
        let tricky = encode_tool_name("_enc_my_u0020shop");
        assert_ne!(tricky, "_enc_my_u0020shop");
        assert_ne!(tricky, encode_tool_name("my shop"));
        assert_eq!(tricky, "_enc___enc__my__u0020shop");
    }
}
