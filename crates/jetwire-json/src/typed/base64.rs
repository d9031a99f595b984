//! [`Base64`]: bytes written as a base64 string.

use std::ops::{Deref, DerefMut};

use super::{FromJson, ToJson};
use crate::{Output, Reader, Result, Writer};

/// Bytes that JSON carries as a string of standard base64 with padding (where a plain `Vec<u8>`
/// would be an array of numbers). Use `#[jetwire(base64)]` on a field for the same effect
/// without the wrapper.
///
/// ```
/// use jetwire_json::Base64;
/// let json = jetwire_json::to_string(&Base64(vec![0xDE, 0xAD, 0xBE, 0xEF]))?;
/// assert_eq!(json, r#""3q2+7w==""#);
/// let back: Base64 = jetwire_json::from_str(&json)?;
/// assert_eq!(back.0, [0xDE, 0xAD, 0xBE, 0xEF]);
/// # Ok::<(), jetwire_json::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Base64<T = Vec<u8>>(pub T);

impl<T> Deref for Base64<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Base64<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl<T: AsRef<[u8]>> ToJson for Base64<T> {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.bytes_base64(self.0.as_ref())
    }
}

impl<'de, T: TryFrom<Vec<u8>>> FromJson<'de> for Base64<T> {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let bytes = reader.read_base64()?;
        let len = bytes.len();
        T::try_from(bytes).map(Base64).map_err(|_| {
            reader.data_error(format_args!("base64 data of {len} bytes does not fit the target type"))
        })
    }
}
