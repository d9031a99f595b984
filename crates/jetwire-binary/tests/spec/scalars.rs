//! "Scalars": fixed-width integers and floats, `bool`, `char`, `()`, and their reference bytes.

use super::*;

#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Unit;

/// Every scalar of "Scalars", and the types that encode to nothing.
#[derive(ToBinary, FromBinary, Debug, Clone)]
pub(crate) struct Scalars {
    pub(crate) a: u8,
    pub(crate) b: u16,
    pub(crate) c: u32,
    pub(crate) d: u64,
    pub(crate) e: u128,
    pub(crate) f: usize,
    pub(crate) g: i8,
    pub(crate) h: i16,
    pub(crate) i: i32,
    pub(crate) j: i64,
    pub(crate) k: i128,
    pub(crate) l: isize,
    pub(crate) single: f32,
    pub(crate) double: f64,
    pub(crate) flag: bool,
    pub(crate) letter: char,
    pub(crate) nothing: (),
    pub(crate) marker: PhantomData<String>,
    pub(crate) unit: Unit,
}

/// Floats by their bits.
impl PartialEq for Scalars {
    fn eq(&self, o: &Self) -> bool {
        let Scalars {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            single,
            double,
            flag,
            letter,
            nothing: (),
            marker: _,
            unit,
        } = self;
        (a, b, c, d, e, f, g, h, i, j, k, l)
            == (&o.a, &o.b, &o.c, &o.d, &o.e, &o.f, &o.g, &o.h, &o.i, &o.j, &o.k, &o.l)
            && single.to_bits() == o.single.to_bits()
            && double.to_bits() == o.double.to_bits()
            && (flag, letter, unit) == (&o.flag, &o.letter, &o.unit)
    }
}

impl Reference for Scalars {
    fn reference(&self, s: &mut Spec) {
        s.u8(self.a);
        s.u16(self.b);
        s.u32(self.c);
        s.u64(self.d);
        s.u128(self.e);
        s.usize(self.f);
        s.i8(self.g);
        s.i16(self.h);
        s.i32(self.i);
        s.i64(self.j);
        s.i128(self.k);
        s.isize(self.l);
        s.f32(self.single);
        s.f64(self.double);
        s.bool(self.flag);
        s.char(self.letter);
        // "`()`, `PhantomData<T>`, unit structs: nothing (0 bytes)".
    }
}

pub(crate) fn scalars() -> impl Strategy<Value = Scalars> {
    (
        (any::<u8>(), any::<u16>(), any::<u32>(), any::<u64>(), any::<u128>(), any::<usize>()),
        (any::<i8>(), any::<i16>(), any::<i32>(), any::<i64>(), any::<i128>(), any::<isize>()),
        (f32_bits(), f64_bits(), any::<bool>(), any::<char>()),
    )
        .prop_map(|((a, b, c, d, e, f), (g, h, i, j, k, l), (single, double, flag, letter))| Scalars {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            single,
            double,
            flag,
            letter,
            nothing: (),
            marker: PhantomData,
            unit: Unit,
        })
}
