//! Compact text for the ledgers: decimals written without the formatting machinery, and the JSON
//! text a row keeps in place of a `Value`.
//!
//! Pure functions. Used by `session::state` (row ids) and,
//! through `session::push_decimal`, by `facts`.

use serde_json::Value;

/// `n` in decimal, written into `buf` without allocating (`u64::MAX` has 20 digits); returns the digits.
/// Ids use it instead of `format!`, which costs more than the text.
pub(crate) fn decimal_digits(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

/// Append `n` in decimal.
pub(crate) fn push_decimal(out: &mut String, n: u64) {
    let mut buf = [0u8; 20];
    // The digits are ASCII: one `push_str`, not a capacity check and a char encode per digit.
    if let Ok(digits) = std::str::from_utf8(decimal_digits(n, &mut buf)) {
        out.push_str(digits);
    }
}

/// A JSON value as the compact text a row keeps.
pub(crate) fn json_text(value: &Value) -> Box<str> {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "null".into())
        .into_boxed_str()
}

/// The value a row's JSON text holds (its own serialisation, so it always parses back exactly).
pub(crate) fn json_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_digits_write_zero_and_the_largest_u64() {
        let mut buf = [0u8; 20];
        assert_eq!(decimal_digits(0, &mut buf), b"0");
        assert_eq!(
            decimal_digits(u64::MAX, &mut buf),
            u64::MAX.to_string().as_bytes()
        );
        let mut id = String::from("a#");
        push_decimal(&mut id, 1070);
        assert_eq!(id, "a#1070");
    }
}
