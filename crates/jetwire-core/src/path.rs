//! [`ErrorPath`]: the JSON Pointer of a value that failed, built as the error travels outwards.

use std::fmt;

/// A JSON Pointer (RFC 6901) assembled from the innermost segment outwards: each enclosing value
/// adds its property name or index in front as an error passes through it. Errors of every
/// format carry one.
///
/// ```
/// use jetwire_core::ErrorPath;
/// let mut path = ErrorPath::default();
/// path.push_front_index(3);
/// path.push_front_key("a/b");
/// assert_eq!(path.as_str(), "/a~1b/3");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorPath {
    /// The pointer, built from the back: each segment is inserted in front. One buffer, so that
    /// an error that travels out of a deep value allocates about the length of its path (a few
    /// doublings), not a string per level.
    text: String,
}

impl ErrorPath {
    /// An empty path, in a `const` context.
    pub const fn new() -> ErrorPath {
        ErrorPath { text: String::new() }
    }

    /// Adds a property or field name in front (escaping `~` and `/` as RFC 6901 says).
    pub fn push_front_key(&mut self, key: &str) {
        self.insert_key(0, key);
    }

    /// Adds an element index in front.
    pub fn push_front_index(&mut self, index: usize) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut rest = index;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        // The digits are ASCII.
        let digits = std::str::from_utf8(&digits[at..]).unwrap_or_default();
        self.text.insert_str(0, digits);
        self.text.insert(0, '/');
    }

    /// Adds a property or field name just after the first segment: `/3/x` becomes `/3/key/x`
    /// (and an empty path becomes `/key`). Column layouts use it: a value's error there is
    /// first given its element's index, and only then the field the column belongs to.
    ///
    /// ```
    /// use jetwire_core::ErrorPath;
    /// let mut path = ErrorPath::default();
    /// path.push_front_key("x");
    /// path.push_front_index(3);
    /// path.insert_key_after_first("point");
    /// assert_eq!(path.as_str(), "/3/point/x");
    /// ```
    pub fn insert_key_after_first(&mut self, key: &str) {
        // Segments are escaped, so a `/` after the first byte ends the first one.
        let at = match self.text.get(1..).and_then(|rest| rest.find('/')) {
            Some(slash) => 1 + slash,
            None => self.text.len(),
        };
        self.insert_key(at, key);
    }

    /// Inserts `/` and `key`, escaped, at byte `at` of the text (a segment boundary).
    fn insert_key(&mut self, at: usize, key: &str) {
        if key.contains(['~', '/']) {
            self.text.insert_str(at, &key.replace('~', "~0").replace('/', "~1"));
        } else {
            self.text.insert_str(at, key);
        }
        self.text.insert(at, '/');
    }

    /// The pointer, such as `/orders/3/price`; empty for the whole document.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the path names the whole document.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }
}

impl fmt::Display for ErrorPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path as a list of segments, innermost first: the plain model the text must match.
    #[derive(Default)]
    struct Model(Vec<String>);

    impl Model {
        fn text(&self) -> String {
            self.0.iter().rev().map(|segment| format!("/{segment}")).collect()
        }
    }

    fn escape(key: &str) -> String {
        key.replace('~', "~0").replace('/', "~1")
    }

    #[test]
    fn every_edit_gives_the_pointer_of_its_segments() {
        let keys = ["", "a", "a/b", "~", "~1", "é/ü", "children", "0"];
        let mut state = 7u64;
        for _ in 0..200 {
            let (mut path, mut model) = (ErrorPath::new(), Model::default());
            for _ in 0..(state % 12) {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let key = keys[(state >> 33) as usize % keys.len()];
                match (state >> 40) % 3 {
                    0 => {
                        path.push_front_key(key);
                        model.0.push(escape(key));
                    }
                    1 => {
                        let index = (state >> 44) as usize % 100_000;
                        path.push_front_index(index);
                        model.0.push(index.to_string());
                    }
                    _ => {
                        path.insert_key_after_first(key);
                        let at = model.0.len().saturating_sub(1);
                        model.0.insert(at, escape(key));
                    }
                }
                assert_eq!(path.as_str(), model.text());
                assert_eq!(path.is_empty(), model.0.is_empty());
            }
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        }
        let mut path = ErrorPath::new();
        path.push_front_index(usize::MAX);
        assert_eq!(path.as_str(), format!("/{}", usize::MAX));
    }
}
