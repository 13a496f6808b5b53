//! `--draw`: a picture of the board after an answer, each square showing its distance from the
//! start (the layers of a breadth-first search), the route's squares marked.
//!
//! The route is marked twice over: with brackets, which survive copying, pasting and the lack of
//! colour, and, on a terminal, in bold colour. Colours come from anstyle's styles, so no escape
//! code is spelled out here.

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};

use crate::board::DISTANCES;
use crate::square::Square;

/// Whether --draw should colour: only when stdout is a terminal and NO_COLOR is unset (or empty,
/// as no-color.org has it).
pub fn wants_colour() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    std::io::stdout().is_terminal() && !no_color
}

/// The style of the route's squares: bold green.
const ROUTE_STYLE: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

/// Appends the board: ranks 8 down to 1 on the left, files a–h along the bottom, every square
/// showing its distance from `from`, the squares of `route` in brackets (and coloured when
/// `colour`), then a blank line.
///
/// ```text
/// 8  5   4   5   4   5  [4]  5  [6]
/// ...
/// 1 [0]  3   2   3   2   3   4   5
///    a   b   c   d   e   f   g   h
/// ```
pub fn push_board(out: &mut Vec<u8>, from: Square, route: &[Square], colour: bool) {
    for rank in (0..8).rev() {
        let mut row = format!("{}", rank + 1);
        for file in 0..8 {
            let square = Square::from_coordinates(file, rank).expect("on the board");
            let moves = DISTANCES.moves(from, square);
            if route.contains(&square) {
                if colour {
                    row += &format!(" {ROUTE_STYLE}[{moves}]{ROUTE_STYLE:#}");
                } else {
                    row += &format!(" [{moves}]");
                }
            } else {
                row += &format!("  {moves} ");
            }
        }
        out.extend_from_slice(row.trim_end().as_bytes());
        out.push(b'\n');
    }
    out.extend_from_slice(b"   a   b   c   d   e   f   g   h\n\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_distances_and_brackets_the_route() {
        let square = |name: &str| name.parse::<Square>().unwrap();
        let mut out = Vec::new();
        let route = [square("a1"), square("b3"), square("c1")];
        push_board(&mut out, square("a1"), &route, false);
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 10);
        assert_eq!(lines[7], "1 [0]  3  [2]  3   2   3   4   5");
        assert_eq!(lines[5], "3  2  [1]  4   3   2   3   4   5");
        assert_eq!(lines[0], "8  5   4   5   4   5   4   5   6");
        assert_eq!(lines[8], "   a   b   c   d   e   f   g   h");
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn colour_comes_with_the_brackets() {
        let a1: Square = "a1".parse().unwrap();
        let mut out = Vec::new();
        push_board(&mut out, a1, &[a1], true);
        let text = String::from_utf8(out).unwrap();
        let styled = format!("{ROUTE_STYLE}[0]{ROUTE_STYLE:#}");
        assert!(styled.contains('\x1b'));
        assert_eq!(text.matches(&styled).count(), 1);
        assert!(
            !text.replace(&styled, "[0]").contains('\x1b'),
            "only the route is styled"
        );
    }
}
