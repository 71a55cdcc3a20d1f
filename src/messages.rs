//! Our name on our messages (decision 19): every warning and error the package writes starts with
//! `groundfacts: `, added here and nowhere else — call sites write only the sentence.
//!
//! [`number_text`] writes a number into a message as Rust's `{}` would, through `zmij` (the shortest
//! digits serde_json already links), so the module carries no second float formatter (docs/size.md).
//!
//! Uses `zmij`. Used by `graph::error` and `session::error` (the typed errors), the session's
//! warning outbox (`session::state`), and `js` (errors made at the boundary).

/// The prefix every message carries.
pub const PREFIX: &str = "groundfacts: ";

/// `message` with [`PREFIX`] in front, unless it already has it (a message passed along twice).
pub fn prefixed(message: impl Into<String>) -> String {
    let message = message.into();
    if message.starts_with(PREFIX) {
        message
    } else {
        format!("{PREFIX}{message}")
    }
}

/// `n` as `format!("{n}")` writes it — the shortest digits that read back as `n`, in plain decimal
/// (no exponent), `-0`, `NaN`, `inf`, `-inf` — without linking `core`'s float formatting: only
/// message paths use it, and it keeps `core`'s float formatting out of the wasm (docs/size.md §3).
pub fn number_text(n: f64) -> String {
    if n.is_nan() {
        return "NaN".into();
    }
    if n.is_infinite() {
        return if n < 0.0 { "-inf" } else { "inf" }.into();
    }
    // The digits of zmij's shortest form (`-1.5e-7`, `123.0`), and where the point falls among them.
    let mut buffer = zmij::Buffer::new();
    let mut digits: Vec<u8> = Vec::with_capacity(24);
    let mut point = None;
    let (mut exponent, mut exponent_sign, mut in_exponent) = (0i32, 1i32, false);
    for &b in buffer.format_finite(n).as_bytes() {
        match b {
            b'e' | b'E' => in_exponent = true,
            b'-' if in_exponent => exponent_sign = -1,
            b'0'..=b'9' if in_exponent => exponent = exponent * 10 + i32::from(b - b'0'),
            b'0'..=b'9' => digits.push(b),
            b'.' => point = Some(digits.len() as i32),
            _ => {} // the number's sign (read from `n` below) or an exponent's `+`
        }
    }
    let mut point = point.unwrap_or(digits.len() as i32) + exponent_sign * exponent;
    let leading = digits.iter().take_while(|&&d| d == b'0').count();
    digits.drain(..leading);
    point -= leading as i32;
    while digits.last() == Some(&b'0') {
        digits.pop();
    }
    if exactly_between(n.abs(), &digits, point) {
        // `n` lies exactly halfway between these digits and the next ones up: zmij took the even
        // digit, `Display` rounds the half up.
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, b'1');
                point += 1;
                break;
            }
            i -= 1;
            if digits[i] == b'9' {
                digits[i] = b'0';
            } else {
                digits[i] += 1;
                break;
            }
        }
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
    }
    let zeros = point.unsigned_abs() as usize;
    let mut out = Vec::with_capacity(digits.len() + zeros + 3);
    if n.is_sign_negative() {
        out.push(b'-');
    }
    if digits.is_empty() {
        out.push(b'0');
    } else if point <= 0 {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + zeros, b'0');
        out.extend_from_slice(&digits);
    } else if zeros >= digits.len() {
        out.extend_from_slice(&digits);
        out.resize(out.len() + zeros - digits.len(), b'0');
    } else {
        let (whole, fraction) = digits.split_at(zeros);
        out.extend_from_slice(whole);
        out.push(b'.');
        out.extend_from_slice(fraction);
    }
    String::from_utf8(out).unwrap_or_default()
}

/// Whether `n` (finite, not negative) is exactly `0.digits5 × 10^point`: the tie between `digits` and
/// the next number up at the same length. Exact in `u128`; a product that does not fit cannot be equal
/// (a tie's odd part is under 2^53 · 10, so every equal product fits).
fn exactly_between(n: f64, digits: &[u8], point: i32) -> bool {
    if digits.is_empty() || digits.len() > 18 {
        return false;
    }
    let d = digits
        .iter()
        .fold(0u64, |d, &b| d * 10 + u64::from(b - b'0'));
    let Some(halfway) = d.checked_mul(10).and_then(|d| d.checked_add(5)) else {
        return false;
    };
    // n = m · 2^e; halfway value = halfway · 10^s.
    let bits = n.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    let (m, e) = if exp_bits == 0 {
        (fraction, -1074)
    } else {
        (fraction | 1 << 52, exp_bits - 1075)
    };
    let s = point - digits.len() as i32 - 1;
    let pow = |base: u128, p: i32| -> Option<u128> {
        (0..p).try_fold(1u128, |acc, _| acc.checked_mul(base))
    };
    let shifted = |x: u128, p: i32| -> Option<u128> {
        if p >= 128 {
            None
        } else {
            x.checked_mul(1u128 << p)
        }
    };
    let (left, right) = if s >= 0 {
        // m · 2^e == halfway · 10^s
        if e < 0 {
            return false;
        }
        (
            shifted(m as u128, e),
            pow(10, s).and_then(|p| p.checked_mul(halfway as u128)),
        )
    } else {
        // m · 5^t · 2^(e + t) == halfway, t = -s
        let t = -s;
        let five = pow(5, t).and_then(|p| p.checked_mul(m as u128));
        if e + t >= 0 {
            (five.and_then(|x| shifted(x, e + t)), Some(halfway as u128))
        } else {
            (five, shifted(halfway as u128, -(e + t)))
        }
    };
    matches!((left, right), (Some(l), Some(r)) if l == r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn number_text_writes_what_display_writes() {
        let samples = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1.5,
            10.0,
            100.0,
            1e15,
            1e16,
            1e21,
            1e22,
            1e100,
            1e300,
            1e-5,
            1e-7,
            0.1,
            0.2,
            0.30000000000000004,
            123.456,
            5e-324,
            -5e-324,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            4294967295.0,
            9007199254740993.0,
            2.5e-10,
            1234567890123456789.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -f64::NAN,
            f64::from_bits(14_029_532_117_363_508_752), // -20792491139782.0625: a tie
        ];
        for n in samples {
            assert_eq!(number_text(n), format!("{n}"), "{n:e}");
        }
    }

    proptest! {
        #[test]
        fn number_text_matches_display_on_any_bits(bits in any::<u64>()) {
            let n = f64::from_bits(bits);
            prop_assert_eq!(number_text(n), format!("{n}"));
        }

        #[test]
        fn number_text_matches_display_near_ties(m in (1u64 << 52)..(1u64 << 53), e in -60i32..12, neg in any::<bool>()) {
            // Few fraction bits and 16–17 digits: where two shortest candidates can tie.
            let n = (m as f64) * 2f64.powi(e) * if neg { -1.0 } else { 1.0 };
            prop_assert_eq!(number_text(n), format!("{n}"));
        }

        #[test]
        fn number_text_matches_display_on_short_decimals(m in -1_000_000i64..1_000_000, e in -30i32..30) {
            let n: f64 = format!("{m}e{e}").parse().unwrap();
            prop_assert_eq!(number_text(n), format!("{n}"));
        }
    }

    #[test]
    fn the_prefix_is_added_once() {
        assert_eq!(
            prefixed("page 'x' is unknown"),
            "groundfacts: page 'x' is unknown"
        );
        assert_eq!(prefixed(prefixed("twice")), "groundfacts: twice");
    }
}
