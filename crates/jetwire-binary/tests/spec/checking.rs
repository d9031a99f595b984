//! Checking jetwire against the reference: [`check`] (jetwire writes the reference's bytes and
//! reads them back as the value), [`refused`], and the property-test configuration.

use super::*;

pub(crate) fn config(cases: u32) -> Config {
    Config { cases, failure_persistence: None, ..Config::default() }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" ")
}

/// Fails with the first byte where jetwire's bytes and the reference's differ, and the bytes
/// around it.
pub(crate) fn same_bytes(jetwire: &[u8], reference: &[u8]) -> Result<(), TestCaseError> {
    if jetwire == reference {
        return Ok(());
    }
    let at =
        jetwire.iter().zip(reference).position(|(a, b)| a != b).unwrap_or(jetwire.len().min(reference.len()));
    let around = |bytes: &[u8]| hex(&bytes[at.saturating_sub(8).min(bytes.len())..(at + 8).min(bytes.len())]);
    Err(TestCaseError::fail(format!(
        "jetwire wrote {} bytes, the reference {}; first difference at byte {at}:\n  jetwire   ..{}..\n  \
         reference ..{}..",
        jetwire.len(),
        reference.len(),
        around(jetwire),
        around(reference),
    )))
}

/// The property every generated value must have: jetwire writes the reference's bytes, and reads
/// the reference's bytes back as the value. Returns what was read, for extra checks.
pub(crate) fn check<T>(value: &T) -> Result<T, TestCaseError>
where
    T: Reference + ToBinary + FromBinaryOwned + PartialEq + Debug,
{
    let expected = reference(value);
    let written = binary::to_vec(value).map_err(|e| TestCaseError::fail(format!("to_vec: {e}")))?;
    same_bytes(&written, &expected)?;
    let back: T = binary::from_slice(&expected)
        .map_err(|e| TestCaseError::fail(format!("from_slice of the reference's bytes: {e}")))?;
    prop_assert_eq!(&back, value, "from_slice of the reference's bytes");
    Ok(back)
}

/// jetwire refuses `bytes` as a `T`, with an error of `category`.
#[track_caller]
pub(crate) fn refused<T: FromBinaryOwned + Debug>(bytes: &[u8], category: Category) -> binary::Error {
    match binary::from_slice::<T>(bytes) {
        Ok(value) => panic!("{} was accepted as {value:?}", hex(bytes)),
        Err(err) => {
            assert_eq!(err.category(), category, "{} refused, but: {err}", hex(bytes));
            err
        }
    }
}
