//! [`StackText`]: formatting short text without allocating.

use std::fmt::{self, Debug, Display, Write};

/// Up to `N` bytes of formatted text on the stack, with a heap fallback for anything longer, so
/// that writing a timestamp or a decimal through its `Display` or `Debug` allocates nothing.
pub(crate) struct StackText<const N: usize> {
    bytes: [u8; N],
    len: usize,
    spilled: Option<String>,
}

impl<const N: usize> StackText<N> {
    fn new() -> Self {
        StackText { bytes: [0; N], len: 0, spilled: None }
    }

    /// `value`'s `Display` text.
    #[cfg_attr(not(feature = "rust_decimal"), allow(dead_code))]
    pub(crate) fn display(value: &impl Display) -> Self {
        let mut text = Self::new();
        let _ = write!(text, "{value}");
        text
    }

    /// `value`'s `Debug` text.
    #[cfg_attr(not(feature = "chrono"), allow(dead_code))]
    pub(crate) fn debug(value: &impl Debug) -> Self {
        let mut text = Self::new();
        let _ = write!(text, "{value:?}");
        text
    }

    pub(crate) fn as_str(&self) -> &str {
        match &self.spilled {
            Some(text) => text,
            // Only whole `&str`s are ever copied in, so the bytes are UTF-8.
            None => std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default(),
        }
    }
}

impl<const N: usize> Write for StackText<N> {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        if let Some(text) = &mut self.spilled {
            text.push_str(piece);
        } else if self.len + piece.len() <= N {
            self.bytes[self.len..self.len + piece.len()].copy_from_slice(piece.as_bytes());
            self.len += piece.len();
        } else {
            let mut text = String::with_capacity(self.len + piece.len() + 16);
            text.push_str(std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default());
            text.push_str(piece);
            self.spilled = Some(text);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::StackText;

    #[test]
    fn short_text_stays_inline_and_long_text_spills() {
        assert_eq!(StackText::<8>::display(&1234).as_str(), "1234");
        assert_eq!(StackText::<4>::display(&"ab").as_str(), "ab");
        assert_eq!(StackText::<4>::display(&"abcdef").as_str(), "abcdef");
        assert_eq!(StackText::<4>::debug(&"ab").as_str(), "\"ab\"");
    }
}
