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
/// The height of one bar's row.
const ROW: f64 = 22.0;
/// The room a character of a label or a value takes, at the charts' 12px (report.css): 0.65
/// em, more than DejaVu Sans's widest lowercase letters and digits take on average, so that a
/// label such as `knight-closed-form` is never cut off by the picture's left edge (the
/// browser test measures every label inside its chart).
const CHARACTER: f64 = 7.8;
/// The room between a label and its bar, and at the picture's edges.
const PAD: f64 = 6.0;

/// The width `text` takes at the charts' size, at most.
fn text_width(text: &str) -> f64 {
    text.chars().count() as f64 * CHARACTER
}

/// Appends a chart titled `title`: one bar a `(label, value)`, the value written after the bar
/// with `unit`. Bars are scaled to the greatest value; a chart of zeros draws no bar.
pub(crate) fn bars(out: &mut String, title: &str, unit: &str, rows: &[(String, f64)]) {
    let most = rows.iter().map(|(_, value)| *value).fold(0.0, f64::max);
    let shown = |value: f64| match value.fract() == 0.0 {
        true => format!("{value:.0} {unit}"),
        false => format!("{value:.1} {unit}"),
    };
    let widest = |width: &dyn Fn(&(String, f64)) -> f64| rows.iter().map(width).fold(0.0, f64::max);
    let label_width = PAD + widest(&|(label, _)| text_width(label)) + PAD;
    let value_width = PAD + widest(&|(_, value)| text_width(&shown(*value))) + PAD;
    let width = (label_width + BAR_AREA + value_width).ceil();
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
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"end\">{}</text>\
             <rect class=\"bar\" x=\"{label_width:.1}\" y=\"{y}\" width=\"{length:.1}\" height=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{}\">{}</text>",
            label_width - PAD,
            y + 14.0,
            escape(label),
            ROW - 6.0,
            label_width + length + 4.0,
            y + 14.0,
            escape(shown(*value).trim_end()),
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
