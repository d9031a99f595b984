//! RFC 3339 timestamps in their common shape, written and read without the formatting
//! machinery: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`. The date and time crates' impls use
//! these fast paths and fall back to their crate's own formatting and parsing for anything else
//! (years outside 0000-9999, leap seconds, offsets with seconds, other spellings).

/// A timestamp's fields as written: local date and time, and the offset from UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Civil {
    pub year: i32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    /// Below one second.
    pub nanos: u32,
    /// Seconds east of UTC; written as `Z` when zero and `utc` is asked for.
    pub offset_seconds: i32,
}

/// The longest text [`format`] writes: a date, a time, nine fraction digits and an offset.
pub(crate) const MAX_LEN: usize = 35;

/// Writes `civil` as RFC 3339 with the fraction chrono's serde writes (none, 3, 6 or 9 digits,
/// the fewest that are exact), `Z` for UTC when `utc_as_z`. Returns `None` when the fast path
/// does not apply (year outside 0-9999, leap second, offset with seconds).
pub(crate) fn format(civil: &Civil, utc_as_z: bool, out: &mut [u8; MAX_LEN]) -> Option<usize> {
    if !(0..=9999).contains(&civil.year) || civil.nanos >= 1_000_000_000 || civil.offset_seconds % 60 != 0 {
        return None;
    }
    let year = civil.year as u32;
    put2(out, 0, year / 100);
    put2(out, 2, year % 100);
    out[4] = b'-';
    put2(out, 5, civil.month);
    out[7] = b'-';
    put2(out, 8, civil.day);
    out[10] = b'T';
    put2(out, 11, civil.hour);
    out[13] = b':';
    put2(out, 14, civil.minute);
    out[16] = b':';
    put2(out, 17, civil.second);
    let mut len = 19;
    let (digits, value) = match civil.nanos {
        0 => (0, 0),
        n if n % 1_000_000 == 0 => (3, n / 1_000_000),
        n if n % 1_000 == 0 => (6, n / 1_000),
        n => (9, n),
    };
    if digits > 0 {
        out[len] = b'.';
        let mut rest = value;
        for k in (0..digits).rev() {
            out[len + 1 + k] = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        len += 1 + digits;
    }
    if civil.offset_seconds == 0 && utc_as_z {
        out[len] = b'Z';
        return Some(len + 1);
    }
    let minutes = civil.offset_seconds.unsigned_abs() / 60;
    out[len] = if civil.offset_seconds < 0 { b'-' } else { b'+' };
    put2(out, len + 1, minutes / 60);
    out[len + 3] = b':';
    put2(out, len + 4, minutes % 60);
    Some(len + 6)
}

fn put2(out: &mut [u8], at: usize, value: u32) {
    out[at] = b'0' + (value / 10) as u8;
    out[at + 1] = b'0' + (value % 10) as u8;
}

/// Reads the common RFC 3339 shape; `None` for anything else (the caller's fallback then decides).
/// The fields are range-checked only as far as the shape goes: the caller's calendar type checks
/// the date.
pub(crate) fn parse(text: &[u8]) -> Option<Civil> {
    if text.len() < 20
        || text[4] != b'-'
        || text[7] != b'-'
        || !matches!(text[10], b'T' | b't')
        || text[13] != b':'
        || text[16] != b':'
    {
        return None;
    }
    let year = two(text, 0)? * 100 + two(text, 2)?;
    let (month, day, hour, minute, second) =
        (two(text, 5)?, two(text, 8)?, two(text, 11)?, two(text, 14)?, two(text, 17)?);
    let mut i = 19;
    let mut nanos = 0;
    if text[i] == b'.' {
        let digits = text[i + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 9 {
            return None;
        }
        for &d in &text[i + 1..i + 1 + digits] {
            nanos = nanos * 10 + u32::from(d - b'0');
        }
        nanos *= 10u32.pow(9 - digits as u32);
        i += 1 + digits;
    }
    let offset_seconds = match text.get(i..)? {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let hours = two(&[*h1, *h2], 0)?;
            let minutes = two(&[*m1, *m2], 0)?;
            if minutes > 59 {
                return None;
            }
            let seconds = (hours * 3600 + minutes * 60) as i32;
            if *sign == b'-' { -seconds } else { seconds }
        }
        _ => return None,
    };
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    Some(Civil { year: year as i32, month, day, hour, minute, second, nanos, offset_seconds })
}

/// The two ASCII digits at `text[at..at + 2]` as a number.
pub(crate) fn two(text: &[u8], at: usize) -> Option<u32> {
    match text.get(at..at + 2)? {
        [a @ b'0'..=b'9', b @ b'0'..=b'9'] => Some(u32::from(a - b'0') * 10 + u32::from(b - b'0')),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn civil(nanos: u32, offset_seconds: i32) -> Civil {
        Civil { year: 2024, month: 1, day: 2, hour: 3, minute: 4, second: 5, nanos, offset_seconds }
    }

    fn formatted(c: &Civil, utc_as_z: bool) -> Option<String> {
        let mut out = [0; MAX_LEN];
        format(c, utc_as_z, &mut out).map(|n| String::from_utf8(out[..n].to_vec()).unwrap())
    }

    #[test]
    fn writes_the_fewest_exact_fraction_digits() {
        assert_eq!(formatted(&civil(0, 0), true).unwrap(), "2024-01-02T03:04:05Z");
        assert_eq!(formatted(&civil(120_000_000, 0), true).unwrap(), "2024-01-02T03:04:05.120Z");
        assert_eq!(formatted(&civil(120_000, 0), true).unwrap(), "2024-01-02T03:04:05.000120Z");
        assert_eq!(formatted(&civil(1, 0), true).unwrap(), "2024-01-02T03:04:05.000000001Z");
        assert_eq!(formatted(&civil(0, 0), false).unwrap(), "2024-01-02T03:04:05+00:00");
        assert_eq!(formatted(&civil(0, -(5 * 3600 + 30 * 60)), true).unwrap(), "2024-01-02T03:04:05-05:30");
        assert_eq!(formatted(&civil(0, 7), true), None);
        assert_eq!(formatted(&civil(1_000_000_000, 0), true), None);
        assert_eq!(formatted(&Civil { year: 10_000, ..civil(0, 0) }, true), None);
    }

    #[test]
    fn reads_what_it_writes_and_refuses_other_shapes() {
        for c in [civil(0, 0), civil(120_000_000, 3600), civil(999_999_999, -45 * 60)] {
            let text = formatted(&c, true).unwrap();
            assert_eq!(parse(text.as_bytes()), Some(c), "{text}");
        }
        assert_eq!(parse(b"2024-01-02T03:04:05.5Z").unwrap().nanos, 500_000_000);
        for bad in [
            &b"2024-01-02 03:04:05Z"[..],
            b"2024-01-02T03:04:05",
            b"2024-01-02T03:04:05.Z",
            b"2024-01-02T03:04:05.1234567890Z",
            b"2024-01-02T24:04:05Z",
            b"2024-01-02T03:04:05+05:30:07",
            b"+10000-01-02T03:04:05Z",
        ] {
            assert_eq!(parse(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }
}
