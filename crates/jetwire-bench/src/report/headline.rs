//! The headline that opens every report: one line per group of like cases (typed reads, DOM
//! writes, validation, ...) with jetwire's geometric-mean speedup over the fastest like-for-like
//! Rust peer and its worst case, then jetwire against the best C or C++ anchor of each case, in
//! GB/s.
//!
//! Entries that are not like for like ([`crate::harness::Entry::comparable`]) never count as a
//! case's fastest peer; a case left without one is shown below but kept out of every mean.

use std::fmt::Write as _;

use super::{CaseSummary, geometric_mean};
use crate::harness::{Group, Op};

/// A case where jetwire compares worst in its group.
#[derive(Clone, Debug, PartialEq)]
pub struct Worst {
    /// `name/op`.
    pub case: String,
    /// jetwire's speedup over the case's fastest like-for-like Rust peer.
    pub speedup: f64,
    /// That peer.
    pub peer: &'static str,
}

/// One headline line: a group's cases of one operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The group.
    pub group: Group,
    /// Read or write.
    pub op: Op,
    /// How many of the group's cases have a like-for-like Rust peer, and so count in the mean.
    pub compared: usize,
    /// How many have none (only jetwire, its own baselines, the C anchors or entries that are
    /// not like for like): shown in the tables, out of the mean.
    pub without_peer: usize,
    /// The geometric mean of jetwire's speedups over the fastest like-for-like Rust peer.
    pub geomean: Option<f64>,
    /// The case with the lowest speedup.
    pub worst: Option<Worst>,
}

impl Line {
    /// The line as Markdown.
    pub fn to_markdown(&self) -> String {
        let label = self.group.label(self.op);
        let mut out = match (self.geomean, &self.worst) {
            (Some(mean), Some(worst)) => format!(
                "- **{label}**: **{mean:.2}x** vs the fastest Rust peer (geomean of {} {}); worst: {} {:.2}x vs {}",
                self.compared,
                if self.compared == 1 { "case" } else { "cases" },
                worst.case,
                worst.speedup,
                worst.peer
            ),
            _ => format!("- **{label}**: no like-for-like Rust peer"),
        };
        if self.without_peer > 0 {
            let _ = write!(
                out,
                " ({} {} without a like-for-like Rust peer, shown below, not in the mean)",
                self.without_peer,
                if self.without_peer == 1 { "case" } else { "cases" }
            );
        }
        out
    }
}

/// The headline lines, in group order (reads before writes); groups without cases are left out.
pub fn lines(summaries: &[CaseSummary<'_>]) -> Vec<Line> {
    let mut lines = Vec::new();
    for group in Group::ALL {
        for op in [Op::Read, Op::Write] {
            let cases: Vec<&CaseSummary<'_>> =
                summaries.iter().filter(|s| s.group == group && s.op == op).collect();
            if cases.is_empty() {
                continue;
            }
            let speedups: Vec<(&CaseSummary<'_>, f64)> =
                cases.iter().filter_map(|s| Some((*s, s.speedup_over_fastest()?))).collect();
            let worst = speedups.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map(|(s, speedup)| Worst {
                case: s.id.clone(),
                speedup: *speedup,
                peer: s.fastest_peer.map_or("", |p| p.implementation),
            });
            lines.push(Line {
                group,
                op,
                compared: speedups.len(),
                without_peer: cases.len() - speedups.len(),
                geomean: geometric_mean(speedups.iter().map(|(_, s)| *s)),
                worst,
            });
        }
    }
    lines
}

/// A case's row in the anchors' table: jetwire's and the best anchor's throughput.
#[derive(Clone, Debug, PartialEq)]
pub struct AnchorRow {
    /// `name/op`.
    pub case: String,
    /// jetwire's GB/s.
    pub jetwire: f64,
    /// The fastest like-for-like C or C++ anchor.
    pub anchor: &'static str,
    /// Its GB/s.
    pub anchor_gb_s: f64,
}

/// Per group and operation with a C or C++ anchor, one row per case that has one.
pub fn anchor_rows(summaries: &[CaseSummary<'_>]) -> Vec<(Group, Op, Vec<AnchorRow>)> {
    let mut out = Vec::new();
    for group in Group::ALL {
        for op in [Op::Read, Op::Write] {
            let rows: Vec<AnchorRow> = summaries
                .iter()
                .filter(|s| s.group == group && s.op == op)
                .filter_map(|s| {
                    let anchor = s.best_anchor?;
                    Some(AnchorRow {
                        case: s.id.clone(),
                        jetwire: s.jetwire().mb_s / 1e3,
                        anchor: anchor.implementation,
                        anchor_gb_s: anchor.mb_s / 1e3,
                    })
                })
                .collect();
            if !rows.is_empty() {
                out.push((group, op, rows));
            }
        }
    }
    out
}

/// The headline's two blocks in Markdown: the groups against the Rust peers, then the C and C++
/// anchors (when any ran).
pub fn to_markdown(summaries: &[CaseSummary<'_>]) -> String {
    let mut out = String::from("## Headline: jetwire vs the fastest Rust peer\n\n");
    for line in lines(summaries) {
        out.push_str(&line.to_markdown());
        out.push('\n');
    }
    let excluded: Vec<&str> = summaries
        .iter()
        .flat_map(|s| &s.rows)
        .filter(|m| !m.comparable)
        .filter_map(|m| m.caveat.as_deref().and_then(|c| c.split(';').next()))
        .collect();
    if !excluded.is_empty() {
        let mut reasons: Vec<&str> = excluded.clone();
        reasons.sort_unstable();
        reasons.dedup();
        let _ = writeln!(
            out,
            "\n{} {} not like for like (‡ below: {}): shown, kept out of every mean.",
            excluded.len(),
            if excluded.len() == 1 { "entry is" } else { "entries are" },
            reasons.join("; ")
        );
    }
    out.push_str("\nSpeedup = the peer's median time / jetwire's; above 1 is jetwire ahead. The means are geometric, over each case's fastest like-for-like Rust peer.\n");

    let groups = anchor_rows(summaries);
    if groups.is_empty() {
        return out;
    }
    out.push_str("\n## jetwire vs the best C/C++ anchor (GB/s)\n\n");
    out.push_str("| group | case | jetwire | best C/C++ anchor | its GB/s | jetwire / anchor |\n");
    out.push_str("|---|---|---:|---|---:|---:|\n");
    for (group, op, rows) in groups {
        let label = group.label(op);
        for row in &rows {
            let _ = writeln!(
                out,
                "| {label} | {} | {:.2} | {} | {:.2} | {:.2}x |",
                row.case,
                row.jetwire,
                row.anchor,
                row.anchor_gb_s,
                row.jetwire / row.anchor_gb_s
            );
        }
        let ours = geometric_mean(rows.iter().map(|r| r.jetwire)).unwrap_or_default();
        let theirs = geometric_mean(rows.iter().map(|r| r.anchor_gb_s)).unwrap_or_default();
        let _ = writeln!(
            out,
            "| **{label}** | **geomean of {}** | **{ours:.2}** | | **{theirs:.2}** | **{:.2}x** |",
            rows.len(),
            ours / theirs
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Measurement;
    use crate::report::summarize;

    /// A measurement of `implementation` in `case`, `median_ns` per 1000-byte operation.
    fn m(case: &str, group: Group, op: Op, implementation: &'static str, median_ns: f64) -> Measurement {
        Measurement {
            case: case.to_owned(),
            group,
            op,
            implementation,
            median_ns,
            min_ns: median_ns,
            max_ns: median_ns,
            mb_s: 1000.0 / median_ns * 1e3,
            allocs: 0.0,
            alloc_bytes: 0.0,
            bytes: 1000,
            caveat: None,
            comparable: true,
        }
    }

    fn not_like_for_like(mut m: Measurement) -> Measurement {
        m.comparable = false;
        m.caveat = Some("builds no value".to_owned());
        m
    }

    #[test]
    fn entries_not_like_for_like_stay_out_of_the_means_and_the_worst_case_is_named() {
        use Group::*;
        let measurements = vec![
            m("a", Typed, Op::Read, "jetwire", 100.0),
            m("a", Typed, Op::Read, "serde_json", 200.0),
            m("a", Typed, Op::Read, "sonic-rs", 150.0),
            m("b", Typed, Op::Read, "jetwire", 100.0),
            m("b", Typed, Op::Read, "simd-json", 400.0),
            // A C anchor is never the fastest Rust peer.
            m("b", Typed, Op::Read, "yyjson", 50.0),
            m("bin:x:borrowed", BinaryBorrowed, Op::Read, "jetwire", 100.0),
            m("bin:x:borrowed", BinaryBorrowed, Op::Read, "postcard", 300.0),
            not_like_for_like(m("bin:x:borrowed", BinaryBorrowed, Op::Read, "rkyv", 1.0)),
            // Only an entry that is not like for like, and a baseline: no peer.
            m("bin:y:borrowed", BinaryBorrowed, Op::Read, "jetwire", 100.0),
            m("bin:y:borrowed", BinaryBorrowed, Op::Read, "jetwire, owned", 10.0),
            not_like_for_like(m("bin:y:borrowed", BinaryBorrowed, Op::Read, "rkyv", 1.0)),
        ];
        let summaries = summarize(&measurements);
        let lines = lines(&summaries);
        assert_eq!(lines.len(), 2, "empty groups are left out: {lines:?}");

        let typed = &lines[0];
        assert_eq!((typed.group, typed.op, typed.compared, typed.without_peer), (Typed, Op::Read, 2, 0));
        assert!((typed.geomean.unwrap() - (1.5f64 * 4.0).sqrt()).abs() < 1e-9);
        assert_eq!(typed.worst, Some(Worst { case: "a/read".to_owned(), speedup: 1.5, peer: "sonic-rs" }));

        let borrowed = &lines[1];
        assert_eq!((borrowed.compared, borrowed.without_peer), (1, 1));
        assert!((borrowed.geomean.unwrap() - 3.0).abs() < 1e-9, "rkyv's access is not the fastest peer");
        let text = borrowed.to_markdown();
        assert!(
            text.starts_with("- **binary borrowed reads**: **3.00x** vs the fastest Rust peer"),
            "{text}"
        );
        assert!(text.contains("worst: bin:x:borrowed/read 3.00x vs postcard"), "{text}");
        assert!(text.contains("1 case without a like-for-like Rust peer"), "{text}");

        let report = to_markdown(&summaries);
        assert!(report.contains("2 entries are not like for like (‡ below: builds no value)"), "{report}");
        // The anchors' block: one case of typed reads has one.
        let anchors = anchor_rows(&summaries);
        assert_eq!(anchors.len(), 1);
        assert_eq!(
            anchors[0].2,
            [AnchorRow { case: "b/read".to_owned(), jetwire: 10.0, anchor: "yyjson", anchor_gb_s: 20.0 }]
        );
        assert!(report.contains("| typed reads | b/read | 10.00 | yyjson | 20.00 | 0.50x |"), "{report}");
    }

    #[test]
    fn a_group_whose_cases_have_no_peer_says_so() {
        let measurements = vec![
            m("only", Group::Validation, Op::Read, "jetwire", 100.0),
            not_like_for_like(m("only", Group::Validation, Op::Read, "serde_json", 10.0)),
        ];
        let summaries = summarize(&measurements);
        let lines = lines(&summaries);
        assert_eq!(lines.len(), 1);
        assert_eq!((lines[0].geomean, lines[0].worst.clone()), (None, None));
        assert_eq!(
            lines[0].to_markdown(),
            "- **validation**: no like-for-like Rust peer (1 case without a like-for-like Rust peer, shown below, not in the mean)"
        );
        assert!(anchor_rows(&summaries).is_empty());
        assert!(!to_markdown(&summaries).contains("C/C++ anchor"));
    }
}
