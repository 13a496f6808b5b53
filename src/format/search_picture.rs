//! `--draw=search`: a picture of how an engine searched, after each answer. Every square the
//! engine expanded shows the order it was expanded in (`1`, `2`, …, the same order as `--format
//! trace`'s `expand` lines), a square reached but never expanded shows `+`, one never touched
//! `.`, and the route's squares are in brackets. Bidirectional BFS's search from the target
//! marks its squares with `'` (`3'`, `+'`), and the square where the two searches met with `*`.
//! `--draw=search-costs` lists each expanded square with its g (moves from its side's end) and,
//! for A*, its h (the bound on the moves left) and f = g + h.
//!
//! With `--compare`, each engine that expanded a square gets a panel, side by side while they
//! fit the width (the terminal's, 80 columns in a pipe), one after another when they do not. A
//! board too wide for the width is drawn in bands of files, one under the other, so that a
//! 26×26 board's three-digit orders stay readable in 80 columns.
//!
//! Every search is drawn as the pipeline watched it ([`super::Answer::searches`]): the
//! answering call itself, and with `--compare` each other engine's one search of the query.
//! Nothing here calls an engine.

use std::fmt::Write as _;

use anstyle::{AnsiColor, Color, Style};

use crate::board::notation::push_square_name;
use crate::board::{Board, Piece, Position};
use crate::engine::Engine;
use crate::engine::observe::{Side, Step};
use crate::format::trace::{Event, WatchedSearch};

/// What to draw: which engines, and how wide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchDrawing {
    pub board: Board,
    pub piece: Piece,
    /// The engine that answered.
    pub engine: Engine,
    /// Every engine that works on the board, not only the one that answered (`--compare`).
    pub every_engine: bool,
    /// List each expanded square's g, h and f under the boards (`--draw=search-costs`).
    pub costs: bool,
    pub colour: bool,
    /// The columns the picture may take: the terminal's width, 80 in a pipe.
    pub columns: usize,
}

/// The route's squares: bold green, as `--draw` colours them.
const ROUTE_STYLE: Style = Style::new()
    .bold()
    .fg_color(Some(Color::Ansi(AnsiColor::Green)));
/// Squares expanded by the search from the start.
const FORWARD_STYLE: Style = Style::new().fg_color(Some(Color::Ansi(AnsiColor::Cyan)));
/// Squares expanded by bidirectional BFS's search from the target.
const BACKWARD_STYLE: Style = Style::new().fg_color(Some(Color::Ansi(AnsiColor::Magenta)));
/// Squares reached and never expanded.
const REACHED_STYLE: Style = Style::new().fg_color(Some(Color::Ansi(AnsiColor::Yellow)));

/// What a search did on one square, as the picture shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Mark {
    /// Never reached.
    #[default]
    Untouched,
    /// Reached, never expanded.
    Reached(Side),
    /// Expanded, the `order`-th square to be.
    Expanded { order: u64, side: Side },
}

/// One engine's search, watched.
struct Watched {
    engine: Engine,
    marks: Vec<Mark>,
    met: Option<Position>,
    route: Vec<Position>,
    /// The expanded squares in order, for the costs.
    expanded: Vec<Step>,
}

impl Watched {
    /// The marks the `events` of a search leave on `board`.
    fn from_events(engine: Engine, board: Board, events: &[Event], route: Vec<Position>) -> Self {
        let index = |p: Position| (p.rank * board.files() + p.file) as usize;
        let mut marks = vec![Mark::Untouched; (board.files() * board.ranks()) as usize];
        let (mut met, mut expanded) = (None, Vec::new());
        for event in events {
            match *event {
                Event::Reach(step) => {
                    let mark = &mut marks[index(step.square)];
                    if *mark == Mark::Untouched {
                        *mark = Mark::Reached(step.side);
                    }
                }
                Event::Expand(step) => {
                    expanded.push(step);
                    let order = expanded.len() as u64;
                    marks[index(step.square)] = Mark::Expanded {
                        order,
                        side: step.side,
                    };
                }
                Event::Meet(square) => met = Some(square),
            }
        }
        Watched {
            engine,
            marks,
            met,
            route,
            expanded,
        }
    }
}

/// A drawn block of lines, each kept plain (for its width) and as written (maybe coloured).
#[derive(Default)]
struct Block {
    plain: Vec<String>,
    styled: Vec<String>,
}

impl Block {
    fn width(&self) -> usize {
        self.plain.iter().map(String::len).max().unwrap_or(0)
    }

    fn push(&mut self, plain: String, styled: String) {
        self.plain.push(plain);
        self.styled.push(styled);
    }

    fn push_plain(&mut self, line: String) {
        self.push(line.clone(), line);
    }
}

/// Appends the picture of the searches of one query, then a blank line: each as the pipeline
/// watched it (the answering one, and with `--compare` every other engine's), drawn as it is,
/// not searched again. A search that gave up is left out (it cannot on the boards drawn, at
/// the engines' own limits, but a picture is no place to fail). For boards up to
/// [`MAX_DRAWN_SIDE`](crate::format::draw::MAX_DRAWN_SIDE) a side.
pub(crate) fn push_search(out: &mut Vec<u8>, drawing: &SearchDrawing, searches: &[WatchedSearch]) {
    let board = drawing.board;
    let watched: Vec<Watched> = searches
        .iter()
        .filter(|search| search.found.is_ok())
        .map(|search| {
            Watched::from_events(
                search.engine,
                board,
                &search.recording.events,
                search.route.clone(),
            )
        })
        .collect();
    // Engines that expanded nothing (the table, the closed form) would draw only the route:
    // they are named in a line instead, but the answering engine always has its board.
    let (drawn, idle): (Vec<&Watched>, Vec<&Watched>) = watched
        .iter()
        .partition(|w| !w.expanded.is_empty() || w.engine == drawing.engine);
    let panels: Vec<Block> = drawn.iter().map(|w| panel(w, drawing)).collect();
    let mut lines = Block::default();
    lay_out(&mut lines, &panels, drawing.columns);
    for watched in &idle {
        lines.push_plain(format!("{}: no square expanded", watched.engine));
    }
    // The table never searches; the formula does where no closed form holds (the knight on
    // 3×3 to 4×4, other pieces where no walk fits the board), and its search is drawn then.
    let searched = watched
        .iter()
        .any(|w| w.engine == drawing.engine && !w.expanded.is_empty());
    let closed_form = matches!(drawing.engine, Engine::Table | Engine::Formula);
    if closed_form && !searched && !drawing.every_engine {
        let engine = drawing.engine;
        lines.push_plain(format!(
            "{engine} searches nothing: --algorithm bfs, bidirectional or astar draws a search"
        ));
    }
    legend(&mut lines, &drawn, drawing.columns);
    if drawing.costs {
        for watched in &drawn {
            costs(&mut lines, watched, drawing.columns);
        }
    }
    let chosen = match drawing.colour {
        true => &lines.styled,
        false => &lines.plain,
    };
    for line in chosen {
        out.extend_from_slice(line.trim_end().as_bytes());
        out.push(b'\n');
    }
    out.push(b'\n');
}

/// The text a square shows, and its style.
fn cell_text(watched: &Watched, position: Position, mark: Mark) -> (String, Style) {
    let prime = |side| match side {
        Side::Forward => "",
        Side::Backward => "'",
    };
    let (mut text, style) = match mark {
        Mark::Untouched => (".".to_owned(), Style::new()),
        Mark::Reached(side) => (format!("+{}", prime(side)), REACHED_STYLE),
        Mark::Expanded { order, side } => {
            let style = match side {
                Side::Forward => FORWARD_STYLE,
                Side::Backward => BACKWARD_STYLE,
            };
            (format!("{order}{}", prime(side)), style)
        }
    };
    if watched.met == Some(position) {
        text = match mark {
            Mark::Expanded { .. } => text + "*",
            Mark::Untouched | Mark::Reached(_) => "*".to_owned(),
        };
    }
    match watched.route.contains(&position) {
        true => (text, ROUTE_STYLE),
        false => (text, style),
    }
}

/// One engine's panel: its name and count, then its board, in bands of files if it is too
/// wide for `drawing.columns`.
fn panel(watched: &Watched, drawing: &SearchDrawing) -> Block {
    let board = drawing.board;
    let files = board.files() as usize;
    let cells: Vec<(String, Style)> = board
        .positions()
        .map(|position| {
            let mark = watched.marks[(position.rank * board.files() + position.file) as usize];
            cell_text(watched, position, mark)
        })
        .collect();
    let width = cells.iter().map(|(text, _)| text.len()).max().unwrap_or(1);
    let label_width = board.ranks().to_string().len();
    let room = drawing.columns.saturating_sub(label_width + 1);
    let most_files = (room / (width + 2)).max(1);
    let bands = files.div_ceil(most_files);
    let band_files = files.div_ceil(bands);
    let mut block = Block::default();
    let board_width = label_width + 1 + band_files * (width + 2);
    for line in title(watched, board_width) {
        block.push_plain(line);
    }
    for (band, first) in (0..files).step_by(band_files).enumerate() {
        if band > 0 {
            block.push_plain(String::new());
        }
        let last = (first + band_files).min(files);
        for rank in (0..board.ranks()).rev() {
            let mut plain = format!("{:>label_width$} ", rank + 1);
            let mut styled = plain.clone();
            for file in first..last {
                let position = Position::new(file as u32, rank);
                let (text, style) = &cells[rank as usize * files + file];
                let cell = match watched.route.contains(&position) {
                    true => format!("[{text:>width$}]"),
                    false => format!(" {text:>width$} "),
                };
                let _ = write!(styled, "{style}{cell}{style:#}");
                plain += &cell;
            }
            block.push(plain, styled);
        }
        let mut names = " ".repeat(label_width + 1);
        for file in first..last {
            let name = Position::new(file as u32, 0).file_name();
            let _ = write!(names, " {name:>width$} ");
        }
        block.push_plain(names);
    }
    block
}

/// A panel's title: the engine, and how many squares it expanded (from each end, for
/// bidirectional BFS: `12 + 4'`); on two lines if one would be wider than the board's `width`.
fn title(watched: &Watched, width: usize) -> Vec<String> {
    let count = |side| watched.expanded.iter().filter(|s| s.side == side).count();
    let squares = |count| match count {
        1 => "1 square".to_owned(),
        count => format!("{count} squares"),
    };
    let what = match (count(Side::Forward), count(Side::Backward)) {
        (0, 0) => "no square expanded".to_owned(),
        (forward, 0) => format!("{} expanded", squares(forward)),
        (forward, backward) => {
            format!(
                "{} expanded: {forward} + {backward}'",
                squares(forward + backward)
            )
        }
    };
    let engine = watched.engine;
    let line = format!("{engine}: {what}");
    match line.len() <= width {
        true => vec![line],
        false => vec![format!("{engine}:"), what],
    }
}

/// Lays `panels` out: side by side, two columns apart and aligned at the bottom, while they fit
/// `columns`; each row of panels under the one before, a blank line between.
fn lay_out(lines: &mut Block, panels: &[Block], columns: usize) {
    const GAP: usize = 2;
    let mut rows: Vec<Vec<&Block>> = Vec::new();
    let mut used = 0;
    for panel in panels {
        match rows.last_mut() {
            Some(row) if used + GAP + panel.width() <= columns => {
                used += GAP + panel.width();
                row.push(panel);
            }
            _ => {
                used = panel.width();
                rows.push(vec![panel]);
            }
        }
    }
    for (index, row) in rows.iter().enumerate() {
        if index > 0 {
            lines.push_plain(String::new());
        }
        let height = row.iter().map(|panel| panel.plain.len()).max().unwrap_or(0);
        for line in 0..height {
            let (mut plain, mut styled) = (String::new(), String::new());
            for (at, panel) in row.iter().enumerate() {
                // Panels are aligned at the bottom, so that their boards' ranks line up
                // whatever the height of their titles.
                let blank = String::new();
                let own = (line + panel.plain.len()).checked_sub(height);
                let own_plain = own.map_or(&blank, |own| &panel.plain[own]);
                let own_styled = own.map_or(&blank, |own| &panel.styled[own]);
                if at > 0 {
                    plain += &" ".repeat(GAP);
                    styled += &" ".repeat(GAP);
                }
                let padding = match at + 1 == row.len() {
                    true => 0,
                    false => panel.width() - own_plain.len(),
                };
                plain += own_plain;
                plain += &" ".repeat(padding);
                styled += own_styled;
                styled += &" ".repeat(padding);
            }
            lines.push(plain, styled);
        }
    }
}

/// The key to the marks that the drawn panels use, wrapped to `columns`.
fn legend(lines: &mut Block, drawn: &[&Watched], columns: usize) {
    let mut keys = vec![
        "1 2 3 ...: expanded, in order",
        "+: reached only",
        ".: untouched",
        "[ ]: the route",
    ];
    let backward = drawn.iter().any(|w| {
        w.marks.iter().any(|mark| {
            matches!(
                mark,
                Mark::Reached(Side::Backward)
                    | Mark::Expanded {
                        side: Side::Backward,
                        ..
                    }
            )
        })
    });
    if backward {
        keys.insert(1, "1' +': from the target");
    }
    if drawn.iter().any(|w| w.met.is_some()) {
        keys.push("*: where the two searches met");
    }
    wrap(lines, keys.into_iter().map(str::to_owned), "; ", columns);
}

/// The costs of each square `watched` expanded, in order: `order square g` (and A*'s `+h=f`).
fn costs(lines: &mut Block, watched: &Watched, columns: usize) {
    let heading = match watched.expanded.first().and_then(|step| step.bound) {
        Some(_) => "order, square, g+h=f (moves so far + bound on the moves left)",
        None => "order, square, g (moves from its side's end)",
    };
    lines.push_plain(format!("{} {heading}:", watched.engine));
    let entries = watched.expanded.iter().enumerate().map(|(index, step)| {
        let mut name = Vec::new();
        push_square_name(&mut name, step.square);
        let name = String::from_utf8(name).expect("square names are ASCII");
        let prime = if step.side == Side::Backward { "'" } else { "" };
        let order = index + 1;
        match step.bound {
            Some(h) => format!(
                "{order}{prime} {name} {}+{h}={}",
                step.moves,
                step.moves + h
            ),
            None => format!("{order}{prime} {name} {}", step.moves),
        }
    });
    let entries: Vec<String> = entries.collect();
    let width = entries.iter().map(String::len).max().unwrap_or(0);
    let per_line = ((columns.saturating_sub(2) + 3) / (width + 3)).max(1);
    for chunk in entries.chunks(per_line) {
        let padded: Vec<String> = chunk.iter().map(|e| format!("{e:<width$}")).collect();
        lines.push_plain(format!("  {}", padded.join("   ")));
    }
}

/// Appends `items` joined by `separator`, as many a line as fit `columns`.
fn wrap(lines: &mut Block, items: impl Iterator<Item = String>, separator: &str, columns: usize) {
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.len() + separator.len() + item.len() > columns {
            lines.push_plain(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line += separator;
        }
        line += &item;
    }
    if !line.is_empty() {
        lines.push_plain(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Request, Workspace};

    /// The searches the pipeline would watch for `drawing`'s query `from` → `to`: the
    /// answering engine's, and with `every_engine` every engine's.
    fn searches(drawing: &SearchDrawing, from: Position, to: Position) -> Vec<WatchedSearch> {
        let engines: Vec<Engine> = match drawing.every_engine {
            true => Engine::all_for(drawing.board, drawing.piece).collect(),
            false => vec![drawing.engine],
        };
        engines
            .into_iter()
            .map(|engine| {
                let request =
                    Request::new(engine, drawing.board, drawing.piece, from, to).with_route(true);
                WatchedSearch::make(engine, &request, &mut Workspace::new())
            })
            .collect()
    }

    fn picture(engine: Engine, from: &str, to: &str, every_engine: bool, costs: bool) -> String {
        let square = |name: &str| Board::STANDARD.parse_square(name.as_bytes()).unwrap();
        let drawing = SearchDrawing {
            board: Board::STANDARD,
            piece: Piece::KNIGHT,
            engine,
            every_engine,
            costs,
            colour: false,
            columns: 80,
        };
        let mut out = Vec::new();
        push_search(
            &mut out,
            &drawing,
            &searches(&drawing, square(from), square(to)),
        );
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn bfs_numbers_the_squares_it_expands_in_order() {
        let text = picture(Engine::Bfs, "a1", "h8", false, false);
        let expected = "\
bfs: 55 squares expanded
8   +  37   +  42   + [33]  + [ +]
7  53  19  41 [13] 50   +  38  54
6  18  36  24  46  14  34 [55] 48
5   8  23 [ 4] 32  35  20  39   +
4  17  12  27   5  15  40  29  49
3  11 [ 2] 45  16   9  21  43   +
2  28  47   3   6  22  44  30  51
1 [ 1] 26   7  31  10  25  52   +
    a   b   c   d   e   f   g   h
1 2 3 ...: expanded, in order; +: reached only; .: untouched; [ ]: the route

";
        assert_eq!(text, expected);
    }

    #[test]
    fn bidirectional_primes_the_search_from_the_target_and_stars_the_meeting() {
        let text = picture(Engine::Bidirectional, "a1", "h8", false, false);
        let expected = "\
bidirectional:
16 squares expanded: 12 + 4'
8    .    .    .   +'    .   +'    . [ 2']
7    .    +    .    +   +'   6'    .    .
6    +    .    +   +'    +    . [ 5']  +'
5   11    +    7    +   +'    +   +'    .
4    +   15    +    8    +   +'    + [16']
3   14    3    .    + [ 12]   +    .    .
2    +    . [  4]   9    +    . [  *]   .
1 [  1]   +   10    +   13    +    .    .
     a    b    c    d    e    f    g    h
1 2 3 ...: expanded, in order; 1' +': from the target; +: reached only
.: untouched; [ ]: the route; *: where the two searches met

";
        assert_eq!(text, expected);
    }

    #[test]
    fn astar_lists_g_h_and_f_of_each_square_when_asked() {
        let text = picture(Engine::Astar, "a1", "h8", false, true);
        let expected = "\
astar: 7 squares expanded
8  .  .  +  +  +  .  . [7]
7  . [4] .  .  . [6] .  .
6  .  .  + [5] .  .  .  +
5 [3] +  +  .  +  +  +  .
4  .  .  +  +  +  .  .  .
3  . [2] .  .  .  .  .  .
2  .  .  +  +  .  .  .  .
1 [1] .  +  .  .  .  .  .
   a  b  c  d  e  f  g  h
1 2 3 ...: expanded, in order; +: reached only; .: untouched; [ ]: the route
astar order, square, g+h=f (moves so far + bound on the moves left):
  1 a1 0+6=6   2 b3 1+5=6   3 a5 2+4=6   4 b7 3+3=6   5 d6 4+2=6   6 f7 5+1=6
  7 h8 6+0=6

";
        assert_eq!(text, expected);
    }

    #[test]
    fn compare_puts_panels_side_by_side_while_they_fit() {
        let text = picture(Engine::Table, "e2", "e4", true, false);
        let expected = "\
table: no square expanded   bfs: 3 squares expanded
8  .  .  .  .  .  .  .  .   8  .  .  .  .  .  .  .  .
7  .  .  .  .  .  .  .  .   7  .  .  .  .  .  .  .  .
6  .  .  .  .  .  .  .  .   6  .  .  .  .  +  .  +  .
5  .  .  .  .  .  .  .  .   5  .  .  .  +  .  .  .  +
4  .  .  .  . [.] .  .  .   4  .  .  .  + [+] 2  .  .
3  .  .  .  .  .  . [.] .   3  .  .  +  +  .  . [3] +
2  .  .  .  . [.] .  .  .   2  .  .  .  . [1] .  +  .
1  .  .  .  .  .  .  .  .   1  .  .  +  .  .  +  +  +
   a  b  c  d  e  f  g  h      a  b  c  d  e  f  g  h

bidirectional:
2 squares expanded: 1 + 1'          astar: 3 squares expanded
8   .   .   .   .   .   .   .   .   8  .  .  .  .  .  .  .  .
7   .   .   .   .   .   .   .   .   7  .  .  .  .  .  .  .  .
6   .   .   .   .   .  +'   .   .   6  .  .  .  .  .  .  .  .
5   .   .   .   .   .   .  +'   .   5  .  +  .  +  .  .  .  .
4   .   .   .   + [2']  +   .   .   4  +  .  .  + [3] +  .  .
3   .   .   +   .   .   . [ *]  .   3  .  . [2] .  .  .  +  .
2   .   .   .   . [ 1]  .   .   .   2  +  .  .  . [1] .  .  .
1   .   .   +   .   .   .   +   .   1  .  +  +  +  .  .  +  .
    a   b   c   d   e   f   g   h      a  b  c  d  e  f  g  h
formula: no square expanded
1 2 3 ...: expanded, in order; 1' +': from the target; +: reached only
.: untouched; [ ]: the route; *: where the two searches met

";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_board_too_wide_is_drawn_in_bands_within_the_columns() {
        let board = Board::new(26, 26).unwrap();
        let drawing = SearchDrawing {
            board,
            piece: Piece::KNIGHT,
            engine: Engine::Bfs,
            every_engine: false,
            costs: true,
            colour: false,
            columns: 80,
        };
        let mut out = Vec::new();
        push_search(
            &mut out,
            &drawing,
            &searches(&drawing, Position::new(0, 0), Position::new(25, 25)),
        );
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().all(|line| line.len() <= 80), "{text}");
        assert!(text.contains("\n      a    b "), "{text}");
        assert!(text.contains("\n      n    o "), "{text}");
        assert!(text.starts_with("bfs: 671 squares expanded\n"), "{text}");
    }

    #[test]
    fn colour_marks_the_sides_and_the_route() {
        let drawing = SearchDrawing {
            board: Board::STANDARD,
            piece: Piece::KNIGHT,
            engine: Engine::Bidirectional,
            every_engine: false,
            costs: false,
            colour: true,
            columns: 80,
        };
        let mut out = Vec::new();
        push_search(
            &mut out,
            &drawing,
            &searches(&drawing, Position::new(0, 0), Position::new(7, 7)),
        );
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains(&format!("{ROUTE_STYLE}[  1]{ROUTE_STYLE:#}")),
            "{text}"
        );
        assert!(
            text.contains(&format!("{FORWARD_STYLE}  11 {FORWARD_STYLE:#}")),
            "{text}"
        );
        assert!(
            text.contains(&format!("{BACKWARD_STYLE}  6' {BACKWARD_STYLE:#}")),
            "{text}"
        );
        assert!(
            text.contains(&format!("{REACHED_STYLE}  +' {REACHED_STYLE:#}")),
            "{text}"
        );
    }

    /// The colours the guide (docs/GUIDE.md) names are the picture's: each phrase it has, the
    /// colour of its style (issue 31: it said backward squares reached only were magenta; they
    /// are yellow, as every square reached only).
    #[test]
    fn the_guide_names_the_picture_s_colours() {
        let guide = include_str!("../../docs/GUIDE.md");
        let colour = |style: Style| style.get_fg_color();
        let said = [
            ("the orders cyan", FORWARD_STYLE, AnsiColor::Cyan),
            ("reached squares yellow", REACHED_STYLE, AnsiColor::Yellow),
            ("`4'` expanded, magenta", BACKWARD_STYLE, AnsiColor::Magenta),
            (
                "`+'` reached only, yellow",
                REACHED_STYLE,
                AnsiColor::Yellow,
            ),
            ("(bold green", ROUTE_STYLE, AnsiColor::Green),
        ];
        for (phrase, style, expected) in said {
            let phrase_in_one_line = guide.replace('\n', " ");
            assert!(phrase_in_one_line.contains(phrase), "{phrase}");
            assert_eq!(colour(style), Some(Color::Ansi(expected)), "{phrase}");
        }
    }
}
