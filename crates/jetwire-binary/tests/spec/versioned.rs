//! "Versioned structs": framed bodies, read by older and newer types (fewer or more fields).

use super::*;

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
pub(crate) struct Profile {
    pub(crate) id: u32,
    pub(crate) name: String,
    #[jetwire(skip)]
    pub(crate) cache: u64,
    pub(crate) tags: Vec<String>,
    pub(crate) address: Address,
    pub(crate) score: Option<i64>,
}

/// "Nested versioned structs are framed independently."
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
pub(crate) struct Address {
    pub(crate) city: String,
    pub(crate) zip: Option<u32>,
}

impl Reference for Profile {
    fn reference(&self, s: &mut Spec) {
        s.versioned(|s| {
            s.u32(self.id);
            s.str(&self.name);
            s.seq(&self.tags, |s, t| s.str(t));
            self.address.reference(s);
            s.option(self.score, Spec::i64);
        });
    }
}

impl Reference for Address {
    fn reference(&self, s: &mut Spec) {
        s.versioned(|s| {
            s.str(&self.city);
            s.option(self.zip, Spec::u32);
        });
    }
}

/// Versioned structs in a sequence, between other fields.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct Profiles {
    pub(crate) head: u8,
    pub(crate) list: Vec<Profile>,
    pub(crate) maybe: Option<Address>,
    pub(crate) trailer: u16,
}

impl Reference for Profiles {
    fn reference(&self, s: &mut Spec) {
        s.u8(self.head);
        s.seq(&self.list, |s, p| p.reference(s));
        s.option(self.maybe.as_ref(), |s, a| a.reference(s));
        s.u16(self.trailer);
    }
}

pub(crate) fn address() -> impl Strategy<Value = Address> {
    (text(), any::<Option<u32>>()).prop_map(|(city, zip)| Address { city, zip })
}

pub(crate) fn profile() -> impl Strategy<Value = Profile> {
    // Long names and tags push the body past 247 and 255 bytes, so its length takes 2 or 3 bytes.
    (any::<u32>(), text(), vec(text(), 0..4), address(), any::<Option<i64>>())
        .prop_map(|(id, name, tags, address, score)| Profile { id, name, cache: 0, tags, address, score })
}

/// The first version of a type that gains fields in [`ProfileV2`] and [`ProfileV3`].
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
pub(crate) struct ProfileV1 {
    pub(crate) id: u32,
    pub(crate) name: String,
}

pub(crate) fn unknown() -> String {
    "unknown".into()
}

/// [`ProfileV1`] with fields appended, each with one of the spec's kinds of default.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
pub(crate) struct ProfileV2 {
    pub(crate) id: u32,
    pub(crate) name: String,
    /// "the type's absent value (`None` for an `Option`, ...)".
    pub(crate) email: Option<String>,
    /// "the field's `#[jetwire(default)]`".
    #[jetwire(default)]
    pub(crate) logins: u64,
    /// "(or `default = "path"`)".
    #[jetwire(default = "unknown")]
    pub(crate) country: String,
    /// "`PhantomData`" (also an absent value; it has no bytes either way).
    pub(crate) marker: PhantomData<u8>,
}

/// A version with no field defaults but "the struct's `#[jetwire(default)]`".
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
#[jetwire(versioned)]
#[jetwire(default)]
pub(crate) struct ProfileV3 {
    pub(crate) id: u32,
    pub(crate) name: String,
    pub(crate) rank: u16,
}

impl Default for ProfileV3 {
    fn default() -> Self {
        ProfileV3 { id: 0, name: "anonymous".into(), rank: 99 }
    }
}

/// The reference's body of a [`ProfileV2`] with only its first `fields` fields, as a writer of
/// an older (or, with `extra` bytes of later fields, newer) version of the type would write it.
pub(crate) fn v2_with_fields(value: &ProfileV2, fields: usize, extra: &[u8]) -> Vec<u8> {
    Spec::bytes(|s| {
        s.versioned(|s| {
            let writes: [&dyn Fn(&mut Spec); 5] = [
                &|s| s.u32(value.id),
                &|s| s.str(&value.name),
                &|s| s.option(value.email.as_deref(), Spec::str),
                &|s| s.u64(value.logins),
                &|s| s.str(&value.country),
            ];
            for write in &writes[..fields] {
                write(s);
            }
            s.raw(extra);
        })
    })
}

pub(crate) fn profile_v2() -> impl Strategy<Value = ProfileV2> {
    (any::<u32>(), text(), proptest::option::of(text()), any::<u64>(), text()).prop_map(
        |(id, name, email, logins, country)| ProfileV2 {
            id,
            name,
            email,
            logins,
            country,
            marker: PhantomData,
        },
    )
}
