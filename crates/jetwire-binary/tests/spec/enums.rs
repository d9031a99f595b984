//! "Enums": unit, newtype, tuple and struct variants, skipped variants, and variant indices
//! wide enough to need several varint bytes.

use super::*;

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) enum Event {
    Start,
    /// Never written, never read: index 1 stays taken.
    #[jetwire(skip)]
    #[allow(dead_code)]
    Internal(u32),
    Move(i16, i16),
    Rename {
        from: String,
        #[jetwire(skip)]
        cache: u8,
        to: String,
    },
    /// The enum again, through an `Option` and a `Box`.
    Nested(Option<Box<Event>>),
    Batch(Vec<Event>),
    Stamped {
        at: u64,
        point: Point,
        flag: bool,
    },
}

impl Reference for Event {
    fn reference(&self, s: &mut Spec) {
        // "The index is the variant's position in the declaration, counting from 0 and counting
        // every variant, including skipped ones".
        match self {
            Event::Start => s.variant(0),
            Event::Internal(_) => unreachable!("a skipped variant is not generated"),
            Event::Move(x, y) => {
                s.variant(2);
                s.i16(*x);
                s.i16(*y);
            }
            Event::Rename { from, cache: _, to } => {
                s.variant(3);
                s.str(from);
                s.str(to);
            }
            Event::Nested(inner) => {
                s.variant(4);
                // "`Box<T>` ...: `T`'s encoding".
                s.option(inner.as_deref(), |s, e| e.reference(s));
            }
            Event::Batch(events) => {
                s.variant(5);
                s.seq(events, |s, e| e.reference(s));
            }
            Event::Stamped { at, point, flag } => {
                s.variant(6);
                s.u64(*at);
                point.reference(s);
                s.bool(*flag);
            }
        }
    }
}

pub(crate) fn event() -> impl Strategy<Value = Event> {
    let leaf = prop_oneof![
        Just(Event::Start),
        (any::<i16>(), any::<i16>()).prop_map(|(x, y)| Event::Move(x, y)),
        (text(), text()).prop_map(|(from, to)| Event::Rename { from, cache: 0, to }),
        (any::<u64>(), point(), any::<bool>()).prop_map(|(at, point, flag)| Event::Stamped {
            at,
            point,
            flag
        }),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::option::of(inner.clone()).prop_map(|e| Event::Nested(e.map(Box::new))),
            vec(inner, 0..4).prop_map(Event::Batch),
        ]
    })
}

/// A few events, as a test type of their own.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct Events(pub(crate) Vec<Event>);

impl Reference for Events {
    fn reference(&self, s: &mut Spec) {
        s.seq(&self.0, |s, e| e.reference(s));
    }
}

/// Declares [`Wide`]: 260 unit variants, then `Last(u16)` at index 260, so that variant indices
/// cross every small varint boundary (247 → `F7`, 248 → `F8 F8`, 255 → `F8 FF`, 256 → `F9 00
/// 01`); and [`WIDE_UNITS`], its unit variants in declaration order.
macro_rules! wide_enum {
    ($($variant:ident)*) => {
        #[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
        pub(crate) enum Wide {
            $($variant,)*
            Last(u16),
        }

        const WIDE_UNITS: &[Wide] = &[$(Wide::$variant),*];
    };
}

wide_enum! {
    A0 A1 A2 A3 A4 A5 A6 A7 A8 A9 B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 C0 C1 C2 C3 C4 C5 C6 C7 C8 C9
    D0 D1 D2 D3 D4 D5 D6 D7 D8 D9 E0 E1 E2 E3 E4 E5 E6 E7 E8 E9 F0 F1 F2 F3 F4 F5 F6 F7 F8 F9
    G0 G1 G2 G3 G4 G5 G6 G7 G8 G9 H0 H1 H2 H3 H4 H5 H6 H7 H8 H9 I0 I1 I2 I3 I4 I5 I6 I7 I8 I9
    J0 J1 J2 J3 J4 J5 J6 J7 J8 J9 K0 K1 K2 K3 K4 K5 K6 K7 K8 K9 L0 L1 L2 L3 L4 L5 L6 L7 L8 L9
    M0 M1 M2 M3 M4 M5 M6 M7 M8 M9 N0 N1 N2 N3 N4 N5 N6 N7 N8 N9 O0 O1 O2 O3 O4 O5 O6 O7 O8 O9
    P0 P1 P2 P3 P4 P5 P6 P7 P8 P9 Q0 Q1 Q2 Q3 Q4 Q5 Q6 Q7 Q8 Q9 R0 R1 R2 R3 R4 R5 R6 R7 R8 R9
    S0 S1 S2 S3 S4 S5 S6 S7 S8 S9 T0 T1 T2 T3 T4 T5 T6 T7 T8 T9 U0 U1 U2 U3 U4 U5 U6 U7 U8 U9
    V0 V1 V2 V3 V4 V5 V6 V7 V8 V9 W0 W1 W2 W3 W4 W5 W6 W7 W8 W9 X0 X1 X2 X3 X4 X5 X6 X7 X8 X9
    Y0 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Z0 Z1 Z2 Z3 Z4 Z5 Z6 Z7 Z8 Z9
}

impl Reference for Wide {
    fn reference(&self, s: &mut Spec) {
        match self {
            Wide::Last(v) => {
                s.variant(WIDE_UNITS.len() as u64);
                s.u16(*v);
            }
            unit => s.variant(WIDE_UNITS.iter().position(|u| u == unit).unwrap() as u64),
        }
    }
}

/// [`Wide`] values: any unit variant, or the last one.
#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct WideValues(pub(crate) Vec<Wide>);

impl Reference for WideValues {
    fn reference(&self, s: &mut Spec) {
        s.seq(&self.0, |s, w| w.reference(s));
    }
}

pub(crate) fn wide() -> impl Strategy<Value = Wide> {
    prop_oneof![
        (0..WIDE_UNITS.len()).prop_map(|i| WIDE_UNITS[i].clone()),
        prop::sample::select(&[126usize, 127, 128, 246, 247, 248, 249, 254, 255, 256, 259][..])
            .prop_map(|i| WIDE_UNITS[i].clone()),
        any::<u16>().prop_map(Wide::Last),
    ]
}
