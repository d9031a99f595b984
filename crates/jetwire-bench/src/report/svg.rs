//! `report.svg`: one bar per case, jetwire's speedup over the fastest like-for-like Rust peer,
//! on a log scale with a line at 1.0 (parity).

use std::fmt::Write as _;

use crate::harness::Op;

use super::summarize;

const ROW: f64 = 22.0;
const LABEL_WIDTH: f64 = 190.0;
const PLOT_WIDTH: f64 = 520.0;
/// Speedups from 1/8 to 8 fit the plot; beyond that the bar is clipped.
const LOG2_RANGE: f64 = 3.0;

/// The chart.
pub fn to_svg(measurements: &[crate::harness::Measurement], title: &str) -> String {
    let summaries = summarize(measurements);
    let rows: Vec<_> =
        summaries.iter().filter_map(|s| Some((s.id.clone(), s.op, s.speedup_over_fastest()?))).collect();
    let height = 70.0 + ROW * rows.len() as f64;
    let width = LABEL_WIDTH + PLOT_WIDTH + 80.0;
    let center = LABEL_WIDTH + PLOT_WIDTH / 2.0;
    let x_of =
        |speedup: f64| center + speedup.log2().clamp(-LOG2_RANGE, LOG2_RANGE) / LOG2_RANGE * PLOT_WIDTH / 2.0;

    let mut svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="10" y="20" font-size="14" font-weight="bold">{}</text>
<text x="10" y="38" fill="#555">jetwire speedup over the fastest like-for-like Rust peer per case (log scale; right of the line = jetwire faster)</text>
"##,
        escape(title)
    );
    for (i, (id, op, speedup)) in rows.iter().enumerate() {
        let y = 50.0 + ROW * i as f64;
        let x = x_of(*speedup);
        let (start, end) = if x >= center { (center, x) } else { (x, center) };
        let color = match (op, *speedup >= 1.0) {
            (_, false) => "#d9534f",
            (Op::Read, true) => "#2b7bb9",
            (Op::Write, true) => "#3a9d5d",
        };
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL_WIDTH - 8.0,
            y + 14.0,
            escape(id)
        );
        let _ = writeln!(
            svg,
            r#"<rect x="{start:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{color}"/>"#,
            y + 3.0,
            (end - start).max(1.0),
            ROW - 6.0
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}">{speedup:.2}x</text>"#,
            end.max(center) + 6.0,
            y + 14.0
        );
    }
    let bottom = 50.0 + ROW * rows.len() as f64;
    let _ = writeln!(
        svg,
        r##"<line x1="{center}" y1="44" x2="{center}" y2="{bottom}" stroke="#000" stroke-width="1.5"/>"##
    );
    for tick in [0.25f64, 0.5, 1.0, 2.0, 4.0] {
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#555">{tick}x</text>"##,
            x_of(tick),
            bottom + 14.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
