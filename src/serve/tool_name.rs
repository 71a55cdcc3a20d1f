//! Tool-name encoding: a composed name (`<graph id>.<suffix>`) becomes a name every model API accepts,
//! and the provider names (OpenAI, Anthropic: `^[a-zA-Z0-9_-]{1,64}$`) are made readable for any graph
//! id (docs/facts-and-serving.md §11).
//!
//! Pure functions, no dependencies. Used by `serve::tools` when the tool array is built and by the
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

/// The longest name OpenAI and Anthropic accept.
pub const PROVIDER_NAME_MAX: usize = 64;
/// The fewest characters a journey tool leaves the graph part (its own word is shortened first).
const GRAPH_PART_MIN: usize = 16;
/// Hex digits of the hash a shortened part ends with.
const HASH_DIGITS: usize = 6;

/// 32-bit FNV-1a: a short, dependency-free, stable hash for shortened parts.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Every character outside `[A-Za-z0-9_-]` becomes `_`.
fn sanitized(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `text` sanitized, or — when that is longer than `room` — its first characters, `-` and a hash of
/// the whole text, exactly `room` long. The same text always gives the same part.
fn part_within(text: &str, room: usize) -> String {
    let clean = sanitized(text);
    if !clean.is_empty() && clean.len() <= room {
        return clean;
    }
    let hash = format!("{:08x}", fnv1a(text));
    let keep = room.saturating_sub(HASH_DIGITS + 1);
    let head: String = clean.chars().take(keep).collect();
    format!("{head}-{}", &hash[..HASH_DIGITS])
}

/// The longest journey word (`journey_<id>`): it leaves the graph part at least 16 characters.
const JOURNEY_WORD_MAX: usize = PROVIDER_NAME_MAX - 1 - GRAPH_PART_MIN;

/// A journey tool's own word: `journey_<id>`, the id shortened (head, `-`, hash) only when the word
/// would pass 47 characters. `hashed` always adds the hash (two ids that sanitize alike).
pub fn journey_word(journey_id: &str, hashed: bool) -> String {
    let room = JOURNEY_WORD_MAX - "journey_".len();
    if !hashed {
        return format!("journey_{}", part_within(journey_id, room));
    }
    let head: String = sanitized(journey_id)
        .chars()
        .take(room - HASH_DIGITS - 1)
        .collect();
    let hash = format!("{:08x}", fnv1a(journey_id));
    format!("journey_{head}-{}", &hash[..HASH_DIGITS])
}

/// The graph part of every provider name of one graph: the sanitized graph id, or — when it does not
/// fit beside the graph's longest tool word — its head, `-` and a hash of the whole id. One graph
/// has one graph part, so its tools read as a family.
pub fn graph_part(graph_id: &str, longest_word: usize) -> String {
    let longest = longest_word.clamp("did_it_work".len(), JOURNEY_WORD_MAX);
    part_within(graph_id, PROVIDER_NAME_MAX - 1 - longest)
}

/// Every provider name of a graph, in the port's tool order: `<graph part>_<word>` for each word
/// (`journey_<id>` words first, then `whats_here`, `why`, `do_action`, `did_it_work`). Names are
/// at most 64 characters of `[A-Za-z0-9_-]` and depend only on the graph id and the journey ids.
pub fn provider_names(graph_id: &str, journey_ids: &[&str]) -> Vec<String> {
    let mut words: Vec<String> = journey_ids.iter().map(|j| journey_word(j, false)).collect();
    let plain = words.clone();
    for (i, id) in journey_ids.iter().enumerate() {
        if plain.iter().filter(|w| **w == plain[i]).count() > 1 {
            words[i] = journey_word(id, true);
        }
    }
    words.extend(["whats_here", "why", "do_action", "did_it_work"].map(String::from));
    let part = graph_part(graph_id, words.iter().map(String::len).max().unwrap_or(0));
    words.into_iter().map(|w| format!("{part}_{w}")).collect()
}

/// Whether `name` is valid for OpenAI and Anthropic.
pub fn is_provider_name(name: &str) -> bool {
    (1..=PROVIDER_NAME_MAX).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_ids_keep_the_plain_names() {
        assert_eq!(
            provider_names("wizard", &["new-project"]),
            [
                "wizard_journey_new-project",
                "wizard_whats_here",
                "wizard_why",
                "wizard_do_action",
                "wizard_did_it_work"
            ]
        );
        assert_eq!(provider_names("my shop.v2", &[])[1], "my_shop_v2_why");
    }

    #[test]
    fn long_graph_ids_shorten_the_graph_part_and_keep_the_word() {
        for len in [40, 60, 64, 200, 10_000] {
            let id = format!("acme-storefront-{}", "x".repeat(len));
            let names = provider_names(&id, &["new-project"]);
            let words = [
                "journey_new-project",
                "whats_here",
                "why",
                "do_action",
                "did_it_work",
            ];
            let part = &names[0][..names[0].len() - words[0].len() - 1];
            assert!(part.starts_with("acme-storefront-x"), "{part}");
            for (name, word) in names.iter().zip(words) {
                assert!(is_provider_name(name), "{name}");
                assert_eq!(*name, format!("{part}_{word}"), "one graph part per graph");
            }
            assert_eq!(names, provider_names(&id, &["new-project"]), "stable");
        }
        // Ids that differ only past the cut still get different names.
        let a = provider_names(&format!("{}a", "g".repeat(80)), &[]);
        let b = provider_names(&format!("{}b", "g".repeat(80)), &[]);
        assert_ne!(a, b);
    }

    #[test]
    fn long_journey_ids_clashes_and_odd_characters_stay_valid() {
        let id = "é".repeat(100);
        let long_journey = "step".repeat(40);
        let names = provider_names(&id, &[&long_journey, "a b", "a_b"]);
        assert!(names.iter().all(|n| is_provider_name(n)), "{names:?}");
        assert!(names[0].contains("_journey_stepstep"), "{names:?}");
        assert!(names[1].contains("_journey_a_b-") && names[2].contains("_journey_a_b-"));
        assert_ne!(names[1], names[2]);
        let unique: std::collections::HashSet<_> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
        assert!(is_provider_name(&provider_names(" ", &[])[0]));
    }

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
