//! Validates one file many times: a target for profilers.
//!
//! `cargo run --profile bench -p jetwire-json --example skip_corpus -- FILE [ITERATIONS]`

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: skip_corpus FILE [ITERATIONS]");
    let iterations: usize = args.next().map_or(100, |n| n.parse().expect("ITERATIONS is a number"));
    let input = std::fs::read(path).expect("readable file");
    let mut total = 0;
    for _ in 0..iterations {
        let mut reader = jetwire_json::Reader::new(&input);
        reader.skip_value().expect("valid JSON");
        total += reader.offset();
    }
    println!("{total}");
}
