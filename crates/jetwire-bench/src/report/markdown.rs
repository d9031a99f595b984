//! `report.md`: the full table and the summary.

use std::fmt::Write as _;

use super::{CaseSummary, FAIRNESS, geometric_mean_speedup};
use crate::harness::{Measurement, Op};

/// The report as Markdown. `context` lines (command, machine, date) head it.
pub fn to_markdown(measurements: &[Measurement], context: &[String]) -> String {
    let summaries = super::summarize(measurements);
    let mut out = String::from("# jetwire benchmark report\n\n");
    for line in context {
        let _ = writeln!(out, "- {line}");
    }
    out.push_str("\n## Summary\n\n");
    out.push_str(&summary_table(&summaries));
    out.push_str("\n## All results\n\n");
    out.push_str(
        "| case | impl | median | min | max | MB/s | allocs/op | bytes alloc/op | jetwire speedup |\n",
    );
    out.push_str("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for summary in &summaries {
        for m in &summary.rows {
            let speedup = if m.implementation == "jetwire" {
                "".to_owned()
            } else {
                format!("{:.2}x", summary.speedup_over(m))
            };
            let marker = if m.caveat.is_some() { " †" } else { "" };
            let _ = writeln!(
                out,
                "| {} | {}{marker} | {} | {} | {} | {:.0} | {:.1} | {:.0} | {speedup} |",
                summary.id,
                m.implementation,
                duration(m.median_ns),
                duration(m.min_ns),
                duration(m.max_ns),
                m.mb_s,
                m.allocs,
                m.alloc_bytes,
            );
        }
    }
    let caveats: Vec<String> = measurements
        .iter()
        .filter_map(|m| m.caveat.as_ref().map(|c| format!("- † {} / {}: {c}", m.case, m.implementation)))
        .collect();
    if !caveats.is_empty() {
        out.push_str("\nNot like-for-like:\n\n");
        out.push_str(&caveats.join("\n"));
        out.push('\n');
    }
    out.push_str("\n## Fairness\n\n");
    for rule in FAIRNESS {
        let _ = writeln!(out, "- {rule}");
    }
    out
}

/// jetwire's speedup over each case's fastest peer, and the geometric means.
pub fn summary_table(summaries: &[CaseSummary<'_>]) -> String {
    let mut out = String::from(
        "| case | jetwire median | fastest peer | its median | jetwire speedup |\n|---|---:|---|---:|---:|\n",
    );
    for summary in summaries {
        let Some(peer) = summary.fastest_peer else { continue };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {:.2}x |",
            summary.id,
            duration(summary.jetwire().median_ns),
            peer.implementation,
            duration(peer.median_ns),
            summary.speedup_over(peer)
        );
    }
    for op in [Op::Read, Op::Write] {
        if let Some(mean) = geometric_mean_speedup(summaries, op) {
            let _ = writeln!(out, "| **geometric mean, {}s** | | | | **{mean:.2}x** |", op.as_str());
        }
    }
    out
}

/// A time in ns, µs or ms.
pub fn duration(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.1} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else {
        format!("{:.2} ms", ns / 1e6)
    }
}
