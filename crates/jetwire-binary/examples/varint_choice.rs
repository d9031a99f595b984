//! The measurement behind the varint of `docs/binary-format.md`: decoding a million lengths
//! with jetwire's prefix varint and with LEB128, interleaved, on three distributions, and the
//! bytes each takes. `cargo run --release -p jetwire-binary --example varint_choice`.

use std::hint::black_box;
use std::time::Instant;

use jetwire_binary::{Decoder, Encoder};

fn leb128_encode(mut value: u64, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// LEB128 with the same one-byte fast path and bounds checks as the prefix decoder.
#[inline(always)]
fn leb128_decode(input: &mut &[u8]) -> Option<u64> {
    match input.split_first() {
        Some((&b, rest)) if b < 0x80 => {
            *input = rest;
            Some(u64::from(b))
        }
        _ => leb128_long(input),
    }
}

#[inline(never)]
fn leb128_long(input: &mut &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for (i, &b) in input.iter().enumerate().take(10) {
        value |= u64::from(b & 0x7F) << (7 * i);
        if b < 0x80 {
            *input = &input[i + 1..];
            return Some(value);
        }
    }
    None
}

fn main() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    type Make = Box<dyn FnMut() -> u64>;
    let distributions: [(&str, Make); 3] = [
        (
            "lengths below 128",
            Box::new({
                let mut n = next;
                move || n() % 128
            }),
        ),
        (
            "string lengths 0..300",
            Box::new({
                let mut n = next;
                move || n() % 300
            }),
        ),
        (
            "mixed: 90% < 64, 10% < 100 000",
            Box::new(move || if next() % 10 == 0 { next() % 100_000 } else { next() % 64 }),
        ),
    ];
    for (name, mut make) in distributions {
        let values: Vec<u64> = (0..1_000_000).map(|_| make()).collect();
        let mut prefix = Vec::new();
        let mut encoder = Encoder::new(&mut prefix);
        for &v in &values {
            encoder.write_varint(v);
        }
        let mut leb = Vec::new();
        for &v in &values {
            leb128_encode(v, &mut leb);
        }
        let (mut t_prefix, mut t_leb) = (Vec::new(), Vec::new());
        for _ in 0..15 {
            let start = Instant::now();
            let mut decoder = Decoder::new(&prefix);
            let mut sum = 0u64;
            while !decoder.is_empty() {
                sum = sum.wrapping_add(decoder.read_varint().unwrap());
            }
            black_box(sum);
            t_prefix.push(start.elapsed().as_secs_f64() * 1e3);
            let start = Instant::now();
            let mut input = leb.as_slice();
            let mut sum = 0u64;
            while !input.is_empty() {
                sum = sum.wrapping_add(leb128_decode(&mut input).unwrap());
            }
            black_box(sum);
            t_leb.push(start.elapsed().as_secs_f64() * 1e3);
        }
        t_prefix.sort_by(f64::total_cmp);
        t_leb.sort_by(f64::total_cmp);
        println!(
            "{name}: prefix {} bytes, {:.2} ms; LEB128 {} bytes, {:.2} ms (medians of 15, interleaved)",
            prefix.len(),
            t_prefix[7],
            leb.len(),
            t_leb[7]
        );
    }
}
