//! The report's charts: horizontal bars as inline SVG, written by hand. A handful of bars a
//! chart (one an engine, or one a distance) is less code than the glue a plotting crate would
//! need, and such a crate (plotters with its SVG backend) would bring its dependency tree into
//! the program for it.
//!
//! The argument: a chart here is at most five bars (one an engine) or one bar a distance, each
//! with a label and a value. plotters, the well-kept choice with an SVG backend, would add its
//! dependency tree (font handling included) to the program for that; its output would still
//! need post-processing to sit inline and take the page's style; and calling it would be more
//! code than the chart is to write. Should the page grow real plots (axes, many series), that
//! balance changes.

use std::fmt::Write;

use super::escape;

/// The width of the bars' area, in the SVG's units.
const BAR_AREA: f64 = 260.0;
/// The width kept for the labels left of the bars.
const LABEL_WIDTH: f64 = 110.0;
/// The height of one bar's row.
const ROW: f64 = 22.0;

/// Appends a chart titled `title`: one bar a `(label, value)`, the value written after the bar
/// with `unit`. Bars are scaled to the greatest value; a chart of zeros draws no bar.
pub(crate) fn bars(out: &mut String, title: &str, unit: &str, rows: &[(String, f64)]) {
    let most = rows.iter().map(|(_, value)| *value).fold(0.0, f64::max);
    let width = LABEL_WIDTH + BAR_AREA + 90.0;
    let height = ROW * rows.len() as f64 + 28.0;
    let _ = write!(
        out,
        "<figure class=\"chart\"><figcaption>{}</figcaption>\
         <svg viewBox=\"0 0 {width} {height}\" \
         width=\"{width}\" height=\"{height}\" role=\"img\" aria-label=\"{}\">",
        escape(title),
        escape(title)
    );
    for (index, (label, value)) in rows.iter().enumerate() {
        let y = 8.0 + ROW * index as f64;
        let length = if most > 0.0 {
            (value / most * BAR_AREA).max(if *value > 0.0 { 1.0 } else { 0.0 })
        } else {
            0.0
        };
        let shown = if value.fract() == 0.0 {
            format!("{value:.0}")
        } else {
            format!("{value:.1}")
        };
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect class=\"bar\" x=\"{LABEL_WIDTH}\" y=\"{y}\" width=\"{length:.1}\" height=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{}\">{} {}</text>",
            LABEL_WIDTH - 6.0,
            y + 14.0,
            escape(label),
            ROW - 6.0,
            LABEL_WIDTH + length + 4.0,
            y + 14.0,
            shown,
            escape(unit)
        );
    }
    out.push_str("</svg></figure>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_scale_to_the_greatest_value() {
        let mut out = String::new();
        let rows = [("bfs".to_owned(), 20.0), ("astar".to_owned(), 5.0)];
        bars(&mut out, "Squares expanded", "squares", &rows);
        assert!(out.contains("width=\"260.0\""), "{out}");
        assert!(out.contains("width=\"65.0\""), "{out}");
        assert!(out.contains(">5 squares<"), "{out}");
    }

    #[test]
    fn zeros_draw_no_bar_and_labels_are_escaped() {
        let mut out = String::new();
        bars(&mut out, "t", "ns", &[("<table>".to_owned(), 0.0)]);
        assert!(out.contains("width=\"0.0\""));
        assert!(out.contains("&lt;table&gt;") && !out.contains("<table>"));
    }
}
