//! Deterministic pseudo-random numbers for the unit tests that sweep many values.

/// The next of the xorshift64 sequence that `state` (never 0) is in.
pub(crate) fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}
