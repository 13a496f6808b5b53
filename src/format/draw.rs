//! `--draw`: a picture of the board after an answer, each square showing its distance from the
//! start (the layers of a breadth-first search), the route's squares marked.
//!
//! The route is marked twice over: with brackets, which survive copying, pasting and the lack of
//! colour, and, on a terminal, in bold colour. Colours come from anstyle's styles, so no escape
//! code is spelled out here.

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};

use crate::board::plain_search::plain_distances;
use crate::board::{Board, Piece, Position};

/// The largest board side --draw draws: one letter a file, and a picture that still fits a
/// terminal.
pub(crate) const MAX_DRAWN_SIDE: u32 = 26;

/// Whether --draw should colour: only when stdout is a terminal and NO_COLOR is unset (or empty,
/// as no-color.org has it).
pub(crate) fn wants_colour() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    std::io::stdout().is_terminal() && !no_color
}

/// The width a drawing may take when stdout is not a terminal, or its width is not known.
pub(crate) const PIPE_COLUMNS: usize = 80;

/// The columns a drawing may take: the terminal's width when stdout is one (and says so),
/// [`PIPE_COLUMNS`] otherwise, so that what a pipe gets never depends on the window.
pub(crate) fn terminal_columns() -> usize {
    if !std::io::stdout().is_terminal() {
        return PIPE_COLUMNS;
    }
    window_columns().unwrap_or(PIPE_COLUMNS)
}

/// The terminal's width, as the kernel tells it for stdout.
#[cfg(unix)]
fn window_columns() -> Option<usize> {
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes one `winsize` into the struct it is pointed to, which lives
    // through the call; on failure the struct is not read.
    let status = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    (status == 0 && size.ws_col > 0).then_some(usize::from(size.ws_col))
}

/// Elsewhere the width is not asked: drawings take [`PIPE_COLUMNS`].
#[cfg(not(unix))]
fn window_columns() -> Option<usize> {
    None
}

/// The style of the route's squares: bold green.
const ROUTE_STYLE: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));

/// Appends the board: ranks from the top down on the left, files along the bottom, every square
/// showing its distance from `from` (`-` where no knight route reaches), the squares of `route`
/// in brackets (and coloured when `colour`), then a blank line. For boards up to
/// [`MAX_DRAWN_SIDE`] a side; the caller refuses larger ones.
///
/// ```text
/// 8  5   4   5   4   5  [4]  5  [6]
/// ...
/// 1 [0]  3   2   3   2   3   4   5
///    a   b   c   d   e   f   g   h
/// ```
pub(crate) fn push_board(
    out: &mut Vec<u8>,
    board: Board,
    piece: Piece,
    from: Position,
    route: &[Position],
    colour: bool,
) {
    // The specification's distances: the layers of its breadth-first search, rank by rank.
    let distances = plain_distances(board, piece, from);
    let texts: Vec<String> = board
        .positions()
        .map(|square| distances.to(square))
        .map(|moves| moves.map_or_else(|| "-".to_owned(), |moves| moves.to_string()))
        .collect();
    let width = texts.iter().map(String::len).max().unwrap_or(1);
    let label_width = board.ranks().to_string().len();
    for rank in (0..board.ranks()).rev() {
        let mut row = format!("{:>label_width$}", rank + 1);
        for file in 0..board.files() {
            let text = &texts[(rank * board.files() + file) as usize];
            if route.contains(&Position::new(file, rank)) {
                if colour {
                    row += &format!(" {ROUTE_STYLE}[{text:>width$}]{ROUTE_STYLE:#}");
                } else {
                    row += &format!(" [{text:>width$}]");
                }
            } else {
                row += &format!("  {text:>width$} ");
            }
        }
        out.extend_from_slice(row.trim_end().as_bytes());
        out.push(b'\n');
    }
    let mut files = " ".repeat(label_width);
    for file in 0..board.files() {
        files += &format!("  {:>width$} ", Position::new(file, 0).file_name());
    }
    out.extend_from_slice(files.trim_end().as_bytes());
    out.extend_from_slice(b"\n\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_distances_and_brackets_the_route() {
        let square = |name: &str| Board::STANDARD.parse_square(name.as_bytes()).unwrap();
        let mut out = Vec::new();
        let route = [square("a1"), square("b3"), square("c1")];
        push_board(
            &mut out,
            Board::STANDARD,
            Piece::KNIGHT,
            square("a1"),
            &route,
            false,
        );
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
    fn other_boards_widen_their_columns_and_dash_the_unreachable() {
        let mut out = Vec::new();
        let board = Board::new(3, 3).unwrap();
        push_board(
            &mut out,
            board,
            Piece::KNIGHT,
            Position::new(0, 0),
            &[Position::new(0, 0)],
            false,
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "3  2   1   4\n2  3   -   1\n1 [0]  3   2\n   a   b   c\n\n"
        );
        let mut out = Vec::new();
        let board = Board::new(26, 12).unwrap();
        push_board(
            &mut out,
            board,
            Piece::KNIGHT,
            Position::new(0, 0),
            &[],
            false,
        );
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("12  "), "{text}");
        assert!(text.contains("\n 1   0 "), "{text}");
        assert!(text.trim_end().ends_with(" z"), "{text}");
    }

    #[test]
    fn colour_comes_with_the_brackets() {
        let a1 = Position::new(0, 0);
        let mut out = Vec::new();
        push_board(&mut out, Board::STANDARD, Piece::KNIGHT, a1, &[a1], true);
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
