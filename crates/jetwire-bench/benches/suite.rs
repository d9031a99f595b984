//! The suite's cases under criterion, for focused work on one case:
//! `cargo bench -p jetwire-bench -- 'twitter/read'`.

use criterion::{Criterion, criterion_group, criterion_main};
use jetwire_bench::workloads::Size;

fn cases(c: &mut Criterion) {
    // The large cases (`--large` in the suite's runner) are left out here.
    for spec in jetwire_bench::all_cases().into_iter().filter(|spec| !spec.large) {
        let id = spec.id();
        let case = match spec.build(Size::Standard) {
            Ok(case) => case,
            Err(err) => panic!("output check failed, nothing timed: {err}"),
        };
        let mut group = c.benchmark_group(id);
        for mut entry in case.entries {
            group.bench_function(entry.implementation, |b| b.iter(|| (entry.operation)()));
        }
        group.finish();
    }
}

criterion_group!(benches, cases);
criterion_main!(benches);
