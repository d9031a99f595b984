//! Runs one case's entry in a loop, for profilers (callgrind, perf):
//! `cargo build --profile bench -p jetwire-bench --example profile_case`, then
//! `valgrind --tool=callgrind target/release/examples/profile_case twitter/read 20`.

use jetwire_bench::workloads::Size;

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().expect("usage: profile_case CASE_ID [ITERATIONS] [IMPLEMENTATION]");
    let iterations: usize = args.next().map_or(100, |n| n.parse().expect("ITERATIONS is a number"));
    let implementation = args.next().unwrap_or_else(|| "jetwire".to_owned());
    let spec = jetwire_bench::all_cases().into_iter().find(|s| s.id() == id).expect("a case id from --list");
    let mut case = spec.build(Size::Standard).expect("outputs check");
    let entry = case
        .entries
        .iter_mut()
        .find(|e| e.implementation == implementation)
        .expect("an implementation of the case");
    let mut total = 0;
    for _ in 0..iterations {
        total += (entry.operation)();
    }
    println!("{total}");
}
