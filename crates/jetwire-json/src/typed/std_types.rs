//! Smart pointers, `Option`, tuples, and std's value types that JSON writes as strings or
//! small objects (durations, network addresses, paths).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use super::compact::{self, CompactRead, CompactWrite};
use super::{FromJson, ToJson};
use crate::error::{Error, Result};
use crate::read::Reader;
use crate::write::Writer;
use jetwire_core::Output;

macro_rules! pointer_impls {
    ($($pointer:ident),*) => {$(
        impl<T: ToJson + ?Sized> ToJson for $pointer<T> {
            #[inline]
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                (**self).to_json(writer)
            }
        }

        impl<'de, T: FromJson<'de>> FromJson<'de> for $pointer<T> {
            #[inline]
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                T::from_json(reader).map($pointer::new)
            }

            fn absent() -> Option<Self> {
                T::absent().map($pointer::new)
            }
        }
    )*};
}

pointer_impls!(Box, Rc, Arc);

impl<T: ToJson + ?Sized> ToJson for &T {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        (**self).to_json(writer)
    }
}

impl<T: ToJson + ?Sized> ToJson for &mut T {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        (**self).to_json(writer)
    }
}

impl<T: ToJson> ToJson for Option<T> {
    #[inline]
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        match self {
            Some(value) => value.to_json(writer),
            None => writer.null(),
        }
    }
}

impl<'de, T: FromJson<'de>> FromJson<'de> for Option<T> {
    #[inline]
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        if reader.read_null_or_not()? { Ok(None) } else { T::from_json(reader).map(Some) }
    }

    #[inline]
    fn absent() -> Option<Self> {
        Some(None)
    }
}

/// The compact writer of a tuple of compact elements, a function that the tuple's
/// [`CompactWrite`] can point to.
trait CompactTuple {
    /// Writes the tuple's compact text at `dst` and returns its length; `None` if an element has
    /// none.
    ///
    /// # Safety
    ///
    /// Every element type has a compact form, and `dst` is valid for writing the tuple's
    /// `max_len` bytes.
    unsafe fn write_tuple(&self, dst: *mut u8) -> Option<usize>;
}

macro_rules! tuple_impls {
    ($($len:literal => ($($name:ident $index:tt),+);)*) => {$(
        impl<$($name: ToJson),+> ToJson for ($($name,)+) {
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.begin_array()?;
                $(self.$index.to_json(writer)?;)+
                writer.end_array()
            }

            const COMPACT_WRITE: Option<CompactWrite<Self>> =
                match compact::tuple_max_len([$(compact::max_len_of($name::COMPACT_WRITE)),+]) {
                    // SAFETY: `write_tuple` writes the brackets, the commas and every element's
                    // own compact text, which `tuple_max_len` counts, and every element has one.
                    Some(max_len) => Some(unsafe { CompactWrite::new(max_len, Self::write_tuple) }),
                    None => None,
                };
        }

        impl<$($name: ToJson),+> CompactTuple for ($($name,)+) {
            #[inline(always)]
            unsafe fn write_tuple(&self, dst: *mut u8) -> Option<usize> {
                // SAFETY: the caller provides the tuple's `max_len` writable bytes, which counts
                // the brackets, the commas and every element's own `max_len` (all there), so each
                // write below stays within it.
                unsafe {
                    dst.write(b'[');
                    let mut len = 1;
                    $(
                        if $index > 0 {
                            dst.add(len).write(b',');
                            len += 1;
                        }
                        len += $name::COMPACT_WRITE?.write(&self.$index, dst.add(len))?;
                    )+
                    dst.add(len).write(b']');
                    Some(len + 1)
                }
            }
        }

        impl<'de, $($name: FromJson<'de>),+> FromJson<'de> for ($($name,)+) {
            const COMPACT_READ: Option<CompactRead<'de, Self>> =
                match compact::tuple_depth([$(compact::depth_of($name::COMPACT_READ)),+]) {
                    Some(depth) => Some(CompactRead::new(depth, |input, at| {
                        if input.get(at) != Some(&b'[') {
                            return None;
                        }
                        let mut at = at + 1;
                        let value = ($({
                            if $index > 0 {
                                if input.get(at) != Some(&b',') {
                                    return None;
                                }
                                at += 1;
                            }
                            let (element, end) = $name::COMPACT_READ?.read(input, at)?;
                            at = end;
                            element
                        },)+);
                        (input.get(at) == Some(&b']')).then_some((value, at + 1))
                    })),
                    None => None,
                };

            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                reader.begin_array()?;
                let value = ($({
                    if !reader.next_element()? {
                        return Err(reader.data_error(format_args!("expected an array of {} elements, found {}", $len, $index)));
                    }
                    $name::from_json(reader).map_err(|e| e.prepend_index($index))?
                },)+);
                if reader.next_element()? {
                    return Err(reader.data_error(format_args!("expected an array of {} elements, found more", $len)));
                }
                Ok(value)
            }
        }
    )*};
}

tuple_impls! {
    1 => (A 0);
    2 => (A 0, B 1);
    3 => (A 0, B 1, C 2);
    4 => (A 0, B 1, C 2, D 3);
    5 => (A 0, B 1, C 2, D 3, E 4);
    6 => (A 0, B 1, C 2, D 3, E 4, F 5);
    7 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6);
    8 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
    9 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
    10 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
    11 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
    12 => (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
}

/// Durations are written as serde writes them: `{"secs": u64, "nanos": u32}`.
impl ToJson for Duration {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        writer.begin_object()?;
        writer.property_name_escaped(b"secs")?;
        writer.u64(self.as_secs())?;
        writer.property_name_escaped(b"nanos")?;
        writer.u32(self.subsec_nanos())?;
        writer.end_object()
    }
}

impl<'de> FromJson<'de> for Duration {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.begin_object()?;
        let (mut secs, mut nanos) = (None, None);
        while let Some(key) = reader.next_key()? {
            // Compared once its escapes are decoded, as derived structs compare their names.
            let name = key.decoded();
            let (slot, name) = match &*name {
                "secs" => (&mut secs, "secs"),
                "nanos" => (&mut nanos, "nanos"),
                _ => return Err(reader.unknown_field(&name, &["secs", "nanos"])),
            };
            if slot.is_some() {
                return Err(reader.duplicate_field(name));
            }
            *slot = Some(reader.read_u64().map_err(|e| e.prepend_key(name))?);
        }
        let secs = secs.ok_or_else(|| reader.missing_field("secs"))?;
        let nanos = nanos.ok_or_else(|| reader.missing_field("nanos"))?;
        if nanos >= 1_000_000_000 {
            return Err(reader.data_error("`nanos` must be below 1000000000").prepend_key("nanos"));
        }
        Ok(Duration::new(secs, nanos as u32))
    }
}

/// Types written as their `Display` text and read back with `FromStr`.
macro_rules! display_impls {
    ($($ty:ty => $what:literal),*) => {$(
        impl ToJson for $ty {
            fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
                writer.string(&self.to_string())
            }
        }

        impl<'de> FromJson<'de> for $ty {
            fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
                let text = reader.read_str()?;
                text.parse().map_err(|_| reader.data_error(format_args!("expected {}, found {:?}", $what, text)))
            }
        }
    )*};
}

display_impls! {
    IpAddr => "an IP address",
    Ipv4Addr => "an IPv4 address",
    Ipv6Addr => "an IPv6 address",
    SocketAddr => "a socket address",
    SocketAddrV4 => "an IPv4 socket address",
    SocketAddrV6 => "an IPv6 socket address"
}

impl ToJson for Path {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        match self.to_str() {
            Some(text) => writer.string(text),
            None => Err(Error::custom(format_args!(
                "path {} is not valid UTF-8 and has no JSON form",
                self.display()
            ))),
        }
    }
}

impl ToJson for PathBuf {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        self.as_path().to_json(writer)
    }
}

impl<'de> FromJson<'de> for PathBuf {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_str().map(|text| PathBuf::from(text.into_owned()))
    }
}

/// Borrowed from the input, so a path written with escapes is an error, as for `&str`.
impl<'de: 'a, 'a> FromJson<'de> for &'a Path {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        reader.read_borrowed_str().map(Path::new)
    }
}
