//! Attributes that do not change the bytes (renames, serde-only options), and `with`.

use super::*;

/// `with` module: a `u16` written big-endian, "whatever the module writes".
pub(crate) mod be_u16 {
    use jetwire::binary::{Decoder, Encoder, Result};

    pub fn to_binary(value: &u16, e: &mut Encoder<'_>) -> Result<()> {
        e.write_array(value.to_be_bytes());
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u16> {
        d.read_array().map(u16::from_be_bytes)
    }
}

/// `with` module: a `u64` as a bare varint, through jetwire's public `Encoder::write_varint`
/// and `Decoder::read_varint`, to check varints of every size against the reference.
pub(crate) mod as_varint {
    use jetwire::binary::{Decoder, Encoder, Result};

    pub fn to_binary(value: &u64, e: &mut Encoder<'_>) -> Result<()> {
        e.write_varint(*value);
        Ok(())
    }

    pub fn from_binary(d: &mut Decoder<'_>) -> Result<u64> {
        d.read_varint()
    }
}

pub(crate) fn seven() -> u32 {
    7
}

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq)]
#[jetwire(transparent)]
pub(crate) struct Id(pub(crate) u32);

/// "Field names and `rename`, `rename_all`, `alias`, `transparent` and `flatten` do not affect
/// the bytes"; "`skip_serializing_if` is ignored (the field is always written)"; "skipping one
/// direction skips both".
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(rename_all = "camelCase")]
pub(crate) struct Attributes {
    #[jetwire(rename = "ID", alias = "ident")]
    pub(crate) user_id: u32,
    #[jetwire(skip_serializing_if = "Option::is_none")]
    pub(crate) note: Option<String>,
    #[jetwire(skip)]
    pub(crate) cache: Vec<u8>,
    #[jetwire(skip, default = "seven")]
    pub(crate) seven: u32,
    #[jetwire(skip_serializing)]
    pub(crate) write_skipped: u8,
    #[jetwire(skip_deserializing)]
    pub(crate) read_skipped: u8,
    #[jetwire(flatten)]
    pub(crate) at: Point,
    #[jetwire(with = "be_u16")]
    pub(crate) code: u16,
    #[jetwire(with = "as_varint")]
    pub(crate) varint: u64,
    pub(crate) id: Id,
}

impl Reference for Attributes {
    fn reference(&self, s: &mut Spec) {
        s.u32(self.user_id);
        s.option(self.note.as_deref(), Spec::str);
        self.at.reference(s);
        s.raw(&self.code.to_be_bytes());
        s.varint(self.varint);
        s.u32(self.id.0);
    }
}

/// Values of every varint size: 1 to 9 bytes, and each size's first and last value.
pub(crate) fn varint_value() -> impl Strategy<Value = u64> {
    prop_oneof![
        0u64..600,
        (0u32..64).prop_map(|bit| 1u64 << bit),
        (1u32..64).prop_map(|bit| (1u64 << bit) - 1),
        (0u32..8).prop_flat_map(|n| (1u64 << (8 * n)) - (n > 0) as u64..=(1u64 << (8 * n)) + 1),
        any::<u64>(),
    ]
}

pub(crate) fn attributes() -> impl Strategy<Value = Attributes> {
    (any::<u32>(), proptest::option::of(text()), point(), any::<u16>(), varint_value(), any::<u32>())
        .prop_map(|(user_id, note, at, code, varint, id)| Attributes {
            user_id,
            note,
            cache: Vec::new(),
            seven: 7,
            write_skipped: 0,
            read_skipped: 0,
            at,
            code,
            varint,
            id: Id(id),
        })
}
