//! `report.md`: the headline, the run's context, the summary per case and the full table.

use std::fmt::Write as _;

use super::{CaseSummary, FAIRNESS, headline};
use crate::harness::Measurement;

/// The report as Markdown: the headline first (what the terminal shows first), then the
/// `context` lines (command, machine, ...), the summary per case, and every result.
pub fn to_markdown(measurements: &[Measurement], context: &[String]) -> String {
    let summaries = super::summarize(measurements);
    let mut out = String::from("# jetwire benchmark report\n\n");
    out.push_str(&headline::to_markdown(&summaries));
    if !context.is_empty() {
        out.push_str("\n## Run\n\n");
        for line in context {
            let _ = writeln!(out, "- {line}");
        }
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
            let _ = writeln!(
                out,
                "| {} | {}{} | {} | {} | {} | {:.0} | {:.1} | {:.0} | {speedup} |",
                summary.id,
                m.implementation,
                marker(m),
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
        .filter_map(|m| {
            m.caveat
                .as_ref()
                .map(|c| format!("- {} {} / {}: {c}", marker(m).trim(), m.case, m.implementation))
        })
        .collect();
    if !caveats.is_empty() {
        out.push_str("\n† A caveat; ‡ not like for like, kept out of every mean:\n\n");
        out.push_str(&caveats.join("\n"));
        out.push('\n');
    }
    out.push_str("\n## Fairness\n\n");
    for rule in FAIRNESS {
        let _ = writeln!(out, "- {rule}");
    }
    out
}

/// ` ‡` for an entry that is not like for like, ` †` for one with a caveat, or nothing.
fn marker(m: &Measurement) -> &'static str {
    match (m.comparable, &m.caveat) {
        (false, _) => " ‡",
        (true, Some(_)) => " †",
        (true, None) => "",
    }
}

/// jetwire's speedup over each case's fastest like-for-like Rust peer; cases without one are
/// listed too, marked.
pub fn summary_table(summaries: &[CaseSummary<'_>]) -> String {
    let mut out = String::from(
        "| case | jetwire median | fastest Rust peer | its median | jetwire speedup |\n|---|---:|---|---:|---:|\n",
    );
    for summary in summaries {
        let jetwire = duration(summary.jetwire().median_ns);
        let _ = match summary.fastest_peer {
            Some(peer) => writeln!(
                out,
                "| {} | {jetwire} | {} | {} | {:.2}x |",
                summary.id,
                peer.implementation,
                duration(peer.median_ns),
                summary.speedup_over(peer)
            ),
            None => writeln!(out, "| {} | {jetwire} | (no like-for-like Rust peer) | | |", summary.id),
        };
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
