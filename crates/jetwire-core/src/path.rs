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
    /// Escaped segments, innermost first.
    reversed: Vec<String>,
    text: String,
}

impl ErrorPath {
    /// An empty path, in a `const` context.
    pub const fn new() -> ErrorPath {
        ErrorPath { reversed: Vec::new(), text: String::new() }
    }

    /// Adds a property or field name in front (escaping `~` and `/` as RFC 6901 says).
    pub fn push_front_key(&mut self, key: &str) {
        self.reversed.push(key.replace('~', "~0").replace('/', "~1"));
        self.rebuild();
    }

    /// Adds an element index in front.
    pub fn push_front_index(&mut self, index: usize) {
        self.reversed.push(index.to_string());
        self.rebuild();
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
        let at = self.reversed.len().saturating_sub(1);
        self.reversed.insert(at, key.replace('~', "~0").replace('/', "~1"));
        self.rebuild();
    }

    /// The pointer, such as `/orders/3/price`; empty for the whole document.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the path names the whole document.
    pub fn is_empty(&self) -> bool {
        self.reversed.is_empty()
    }

    fn rebuild(&mut self) {
        self.text.clear();
        for segment in self.reversed.iter().rev() {
            self.text.push('/');
            self.text.push_str(segment);
        }
    }
}

impl fmt::Display for ErrorPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}
