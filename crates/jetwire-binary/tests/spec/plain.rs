//! "Plain data" and raw structs: blocks of memory, and the `bool` bytes a raw read checks.

use super::*;

/// Plain: "a `#[repr(C)]` struct without padding qualifies".
#[derive(ToBinary, FromBinary, Debug, Clone, Copy, PartialEq)]
#[repr(C)]
pub(crate) struct Pixel {
    pub(crate) r: u32,
    pub(crate) g: u32,
    pub(crate) b: u32,
    pub(crate) a: u32,
}

impl Reference for Pixel {
    fn reference(&self, s: &mut Spec) {
        s.u32(self.r);
        s.u32(self.g);
        s.u32(self.b);
        s.u32(self.a);
    }
}

/// Raw: "A struct of two `f64`, an `f32`, a `u16` and a `bool` is raw: 23 bytes on the wire,
/// 24 in memory."
#[derive(ToBinary, FromBinary, Debug, Clone, Copy)]
#[repr(C)]
pub(crate) struct Sample {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) w: f32,
    pub(crate) id: u16,
    pub(crate) on: bool,
}

/// Floats by their bits.
impl PartialEq for Sample {
    fn eq(&self, o: &Self) -> bool {
        (self.x.to_bits(), self.y.to_bits(), self.w.to_bits(), self.id, self.on)
            == (o.x.to_bits(), o.y.to_bits(), o.w.to_bits(), o.id, o.on)
    }
}

impl Reference for Sample {
    fn reference(&self, s: &mut Spec) {
        s.f64(self.x);
        s.f64(self.y);
        s.f32(self.w);
        s.u16(self.id);
        s.bool(self.on);
    }
}

/// "Plain data changes nothing in the bytes: a plain value, a `Vec` of them or an array of them
/// encodes exactly as described above (element by element)"; raw data neither.
#[derive(ToBinary, FromBinary, Debug, Clone)]
pub(crate) struct PlainData {
    pub(crate) pixels: Vec<Pixel>,
    pub(crate) pair: [Pixel; 2],
    pub(crate) samples: Vec<Sample>,
    pub(crate) sample_array: [Sample; 2],
    pub(crate) pairs: Vec<(u32, u32)>,
    pub(crate) padded: Vec<(u8, u64)>,
    pub(crate) grid: Vec<[u16; 3]>,
    pub(crate) wide: Vec<u128>,
    pub(crate) singles: Vec<f32>,
    pub(crate) doubles: Vec<f64>,
    pub(crate) flags: Vec<bool>,
    pub(crate) letters: Vec<char>,
    pub(crate) options: Vec<Option<u8>>,
}

/// Floats by their bits.
impl PartialEq for PlainData {
    fn eq(&self, o: &Self) -> bool {
        let bits32 = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        let bits64 = |v: &[f64]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        let PlainData {
            pixels,
            pair,
            samples,
            sample_array,
            pairs,
            padded,
            grid,
            wide,
            singles,
            doubles,
            flags,
            letters,
            options,
        } = self;
        (pixels, pair, samples, sample_array, pairs, padded, grid, wide)
            == (&o.pixels, &o.pair, &o.samples, &o.sample_array, &o.pairs, &o.padded, &o.grid, &o.wide)
            && bits32(singles) == bits32(&o.singles)
            && bits64(doubles) == bits64(&o.doubles)
            && (flags, letters, options) == (&o.flags, &o.letters, &o.options)
    }
}

impl Reference for PlainData {
    fn reference(&self, s: &mut Spec) {
        s.seq(&self.pixels, |s, p| p.reference(s));
        s.array(&self.pair, |s, p| p.reference(s));
        s.seq(&self.samples, |s, p| p.reference(s));
        s.array(&self.sample_array, |s, p| p.reference(s));
        s.seq(&self.pairs, |s, (a, b)| {
            s.u32(*a);
            s.u32(*b);
        });
        s.seq(&self.padded, |s, (a, b)| {
            s.u8(*a);
            s.u64(*b);
        });
        s.seq(&self.grid, |s, row| s.array(row, |s, v| s.u16(*v)));
        s.seq(&self.wide, |s, v| s.u128(*v));
        s.seq(&self.singles, |s, v| s.f32(*v));
        s.seq(&self.doubles, |s, v| s.f64(*v));
        s.seq(&self.flags, |s, v| s.bool(*v));
        s.seq(&self.letters, |s, v| s.char(*v));
        s.seq(&self.options, |s, v| s.option(*v, Spec::u8));
    }
}

pub(crate) fn pixel() -> impl Strategy<Value = Pixel> {
    any::<[u32; 4]>().prop_map(|[r, g, b, a]| Pixel { r, g, b, a })
}

pub(crate) fn sample() -> impl Strategy<Value = Sample> {
    (f64_bits(), f64_bits(), f32_bits(), any::<u16>(), any::<bool>()).prop_map(|(x, y, w, id, on)| Sample {
        x,
        y,
        w,
        id,
        on,
    })
}

pub(crate) fn plain_data() -> impl Strategy<Value = PlainData> {
    (
        (vec(pixel(), 0..40), (pixel(), pixel()), vec(sample(), 0..40), (sample(), sample())),
        (vec(any::<(u32, u32)>(), 0..6), vec(any::<(u8, u64)>(), 0..6), vec(any::<[u16; 3]>(), 0..6)),
        (vec(any::<u128>(), 0..4), vec(f32_bits(), 0..8), vec(f64_bits(), 0..8)),
        (vec(any::<bool>(), 0..8), vec(any::<char>(), 0..8), vec(any::<Option<u8>>(), 0..8)),
    )
        .prop_map(
            |(
                (pixels, (p0, p1), samples, (s0, s1)),
                (pairs, padded, grid),
                (wide, singles, doubles),
                (flags, letters, options),
            )| PlainData {
                pixels,
                pair: [p0, p1],
                samples,
                sample_array: [s0, s1],
                pairs,
                padded,
                grid,
                wide,
                singles,
                doubles,
                flags,
                letters,
                options,
            },
        )
}
