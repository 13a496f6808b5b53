//! The report's page: HTML with its style, its data and its script inline, so that it opens
//! anywhere without a network or anything installed.
//!
//! Every search is drawn in its final state as inline SVG, each square a `rect` whose
//! `data-state` is `unseen`, `frontier` (reached, not yet expanded) or `expanded`, and whose
//! `data-side` says by which side (`forward`, `backward` for bidirectional BFS's search from
//! the target, or `both`); the route and, for bidirectional BFS, the meeting square are drawn
//! on a finished search, under the numbers of the expansion order (`text.order`), which are
//! painted last. Each board is named along its edges as `--draw` names it, the file letters
//! (`text.file`) under it and the rank numbers (`text.rank`) on its left, inside the viewBox;
//! under it, its legend (`ul.legend`, an `li` a mark, named by `data-mark`) explains the marks
//! that board shows, in its final state or during its replay, and no other. With JavaScript
//! off that is the page. The script (`replay.js`) reads each search's events from the `<script type="application/json">` and replays them:
//! play, pause, step, and a slider, one step being one square expanded (with the squares that
//! expansion reaches). A `#step=N` in the address steps every query N times on load, as the
//! Step button does, which is how the browser test looks at a given step.

use std::collections::BTreeSet;
use std::fmt::Write;

use serde_json::{Value, json};

use super::{KeptQueries, KeptQuery, MAX_QUERIES, TimedOver, Times, chart, escape};
use crate::board::notation::square_name;
use crate::engine::formula::Strategy;
use crate::engine::observe::Side;
use crate::engine::{Engine, Explained, Outcome};
use crate::format::trace::{Event, Recording, WatchedSearch};

/// The side of a square in the SVG's units.
const CELL: u32 = 20;

/// The room left of the squares for the rank numbers and under them for the file letters, in
/// the SVG's units. The squares keep their coordinates from (0, 0); the viewBox starts this
/// far left of them, so that the labels are inside the picture rather than cut off by its
/// edge. A rank has two digits at most (a board has at most 26 ranks): at the labels' 9px
/// (report.css) that is 11.5 units in DejaVu Sans, ending 3 units left of the squares, with
/// room to spare for wider fonts; the browser test measures them.
const LABEL_ROOM: u32 = 16;

/// Room past the squares' top and right edges for the half of the frame's stroke that lies
/// outside them.
const EDGE: u32 = 1;

/// The page's style and script, kept in files of their own to be read as CSS and JavaScript.
const STYLE: &str = include_str!("report.css");
const SCRIPT: &str = include_str!("replay.js");

/// The squares `search` expanded, as its recording shows them.
fn expanded(search: &WatchedSearch) -> u64 {
    let events = &search.recording.events;
    events
        .iter()
        .filter(|e| matches!(e, Event::Expand(_)))
        .count() as u64
}

/// The formula's strategy that answered `search`, as it says (`None`: another engine, or
/// answered at once, before any strategy).
fn strategy(search: &WatchedSearch) -> Option<Strategy> {
    search
        .found
        .as_ref()
        .ok()
        .and_then(|explained| explained.strategy)
}

/// What `search` found: its outcome, or `None` where it gave up.
fn outcome(search: &WatchedSearch) -> Option<Outcome> {
    search
        .found
        .as_ref()
        .ok()
        .map(|Explained { outcome, .. }| *outcome)
}

/// The whole page for `kept`, its engines' times a query being `times` (`None` where no query
/// was kept to time).
pub(crate) fn page(kept: &KeptQueries, times: Option<&Times>) -> String {
    let (board, piece) = (kept.board, kept.piece);
    let engines: Vec<Engine> = Engine::all_for(board, piece).collect();
    let mut body = String::new();
    let mut data = Vec::new();
    // Per engine: squares expanded, summed over the queries.
    let mut sums = vec![0u64; engines.len()];
    // The formula's queries by what answered them, in the plan's order (`None`: at once).
    let mut answered_by: std::collections::BTreeMap<Option<Strategy>, u64> = Default::default();
    // Queries by distance (`None`: no route).
    let mut distances: std::collections::BTreeMap<Option<u64>, u64> = Default::default();
    for (index, query) in kept.queries.iter().enumerate() {
        let searched = &query.searches;
        if let Some(moves) = searched.iter().find_map(|s| outcome(s).map(|o| o.moves)) {
            *distances.entry(moves).or_default() += 1;
        }
        for searched in searched.iter().filter(|s| s.engine == Engine::Formula) {
            if searched.found.is_ok() {
                *answered_by.entry(strategy(searched)).or_default() += 1;
            }
        }
        for (sum, &engine) in sums.iter_mut().zip(&engines) {
            *sum += searched
                .iter()
                .filter(|s| s.engine == engine)
                .map(expanded)
                .sum::<u64>();
        }
        push_query(&mut body, index, query, kept, searched);
        data.push(json!({
            "source": query.source,
            "line": query.line_number,
            "engines": searched.iter().map(|s| json!({
                "name": s.engine.name(),
                "expansions": expanded(s),
                "strategy": strategy(s).map(Strategy::name),
                "events": codes(&s.recording, kept.board.files()),
            })).collect::<Vec<Value>>(),
        }));
    }

    let count = kept.queries.len();
    let mut out = String::new();
    out.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>knight-moves report</title><style>",
    );
    out.push_str(STYLE);
    let _ = write!(
        out,
        "</style></head><body><h1>knight-moves report</h1><p>{count} {} by the {} on {board}, \
         searched by every engine that works there.</p>",
        if count == 1 { "query" } else { "queries" },
        escape(&piece.name()),
    );
    if kept.left_out > 0 {
        let _ = write!(
            out,
            "<p class=\"note\" id=\"left-out\">The run answered {} more {} after these: a \
             report shows the first {MAX_QUERIES} queries only.</p>",
            kept.left_out,
            if kept.left_out == 1 {
                "query"
            } else {
                "queries"
            },
        );
    }
    if let Some((source, line)) = &kept.first_gave_up {
        let queries = match kept.gave_up {
            1 => "1 query is".to_owned(),
            many => format!("{many} queries are"),
        };
        let _ = write!(
            out,
            "<p class=\"note\" id=\"gave-up\">{queries} not shown: the search gave up, so no \
             answer was made (the first at {}:{line}; the run's messages say why).</p>",
            escape(source),
        );
    }
    if count > 0 {
        out.push_str("<section id=\"figures\"><h2>The engines compared</h2>");
        let expanded: Vec<(String, f64)> = engines
            .iter()
            .zip(&sums)
            .map(|(engine, &sum)| (engine.name().to_owned(), sum as f64 / count as f64))
            .collect();
        chart::bars(&mut out, "Squares expanded a query (mean)", "", &expanded);
        if let Some(times) = times {
            push_times(&mut out, times);
        }
        let histogram: Vec<(String, f64)> = distances
            .iter()
            .map(|(moves, queries)| {
                let label = match moves {
                    Some(1) => "1 move".to_owned(),
                    Some(moves) => format!("{moves} moves"),
                    None => "no route".to_owned(),
                };
                (label, *queries as f64)
            })
            .collect();
        chart::bars(&mut out, "Queries by distance", "", &histogram);
        let strategies: Vec<(String, f64)> = answered_by
            .iter()
            .map(|(strategy, queries)| (strategy_label(*strategy), *queries as f64))
            .collect();
        if !strategies.is_empty() {
            chart::bars(
                &mut out,
                "The formula's queries by what answered",
                "",
                &strategies,
            );
        }
        out.push_str("</section>");
    }
    out.push_str(&body);
    let data = json!({
        "files": board.files(),
        "ranks": board.ranks(),
        "queries": data,
    });
    out.push_str("<script type=\"application/json\" id=\"report-data\">");
    out.push_str(&json_in_html(&data.to_string()));
    out.push_str("</script><script>");
    out.push_str(SCRIPT);
    out.push_str("</script></body></html>\n");
    out
}

/// Appends the chart of the engines' times a query, saying over which queries they were
/// taken.
fn push_times(out: &mut String, times: &Times) {
    let ns_per_query: Vec<(String, f64)> = times
        .ns_per_query
        .iter()
        .map(|(engine, ns)| (engine.name().to_owned(), *ns))
        .collect();
    let timed_over = match times.over {
        TimedOver::Run { queries } => format!(
            "over the run's {queries} {}, as --compare measured them",
            if queries == 1 { "query" } else { "queries" }
        ),
        TimedOver::Shown => "over the queries shown".to_owned(),
    };
    chart::bars(
        out,
        &format!("Time a query (each engine's own searches, unwatched, {timed_over})"),
        "ns",
        &ns_per_query,
    );
}

/// What answered one of the formula's queries, as the page names it: a strategy of its plan,
/// or `at-once` (the same square, or a piece that never gets there, before any strategy), as
/// `--stats` names its rows.
fn strategy_label(strategy: Option<Strategy>) -> String {
    strategy.map_or("at-once", Strategy::name).to_owned()
}

/// A mark a board can show, which its legend then explains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mark {
    /// A square's look: its `data-state` and `data-side` (see [`look`]).
    Square(&'static str, &'static str),
    /// Bidirectional BFS's meeting square, outlined.
    Meeting,
    /// The route's line.
    Route,
    /// The rings of the start and the target.
    Ends,
}

/// Every mark in the order a legend lists them, with what it means. A board's legend lists
/// those its board shows, in its final state or at some step of its replay, and no other (as
/// `--draw=search` keys only the marks its pictures use).
const MARKS: [(Mark, &str); 9] = [
    (
        Mark::Square("expanded", "forward"),
        "expanded, numbered in order",
    ),
    (
        Mark::Square("frontier", "forward"),
        "reached, not yet expanded (the frontier)",
    ),
    (
        Mark::Square("expanded", "backward"),
        "expanded from the target",
    ),
    (
        Mark::Square("frontier", "backward"),
        "reached from the target, not yet expanded",
    ),
    (Mark::Square("expanded", "both"), "expanded from both ends"),
    (
        Mark::Square("frontier", "both"),
        "reached from both ends, not yet expanded",
    ),
    (Mark::Meeting, "where the two searches met"),
    (Mark::Route, "the route, once the search is over"),
    (Mark::Ends, "the start and the target"),
];

/// Appends the legend of a board that shows `shown`: each mark's key, drawn with the board's
/// own classes (so that a key cannot look unlike its mark), and what it means.
fn push_legend(out: &mut String, shown: &BTreeSet<Mark>) {
    out.push_str("<ul class=\"legend\">");
    for (mark, meaning) in MARKS.iter().filter(|(mark, _)| shown.contains(mark)) {
        let (name, drawing) = match mark {
            Mark::Square(state, side) => (
                format!("{state}-{side}"),
                format!(
                    "<rect class=\"sq\" width=\"{CELL}\" height=\"{CELL}\" data-shade=\"light\" \
                     data-state=\"{state}\" data-side=\"{side}\"/>{}",
                    match *state {
                        "expanded" => "<text class=\"order\" x=\"10\" y=\"13\">1</text>",
                        _ => "",
                    }
                ),
            ),
            Mark::Meeting => (
                "meet".to_owned(),
                format!(
                    "<rect class=\"sq\" width=\"{CELL}\" height=\"{CELL}\" data-shade=\"light\"/>\
                     <rect class=\"meet\" x=\"1\" y=\"1\" width=\"{0}\" height=\"{0}\"/>",
                    CELL - 2
                ),
            ),
            Mark::Route => (
                "route".to_owned(),
                format!(
                    "<rect class=\"sq\" width=\"{CELL}\" height=\"{CELL}\" data-shade=\"light\"/>\
                     <polyline class=\"route\" points=\"3,{0} {0},3\"/>",
                    CELL - 3
                ),
            ),
            Mark::Ends => (
                "ends".to_owned(),
                format!(
                    "<rect class=\"sq\" width=\"{CELL}\" height=\"{CELL}\" data-shade=\"light\"/>\
                     <circle class=\"start\" cx=\"{0}\" cy=\"{0}\" r=\"{1}\"/>",
                    CELL / 2,
                    CELL / 2 - 2
                ),
            ),
        };
        let _ = write!(
            out,
            "<li data-mark=\"{name}\"><svg class=\"key\" viewBox=\"0 0 {CELL} {CELL}\" \
             aria-hidden=\"true\">{drawing}</svg> {meaning}</li>"
        );
    }
    out.push_str("</ul>");
}

/// Each event but the meeting as one number for the script: the square's index (rank × files
/// + file) × 8, + 2 for an expansion (0 for a reach), + 1 for the backward side.
fn codes(recording: &Recording, files: u32) -> Vec<u64> {
    let code = |step: &crate::engine::observe::Step, kind: u64| {
        let index = u64::from(step.square.rank) * u64::from(files) + u64::from(step.square.file);
        index * 8 + kind * 2 + u64::from(step.side == Side::Backward)
    };
    recording
        .events
        .iter()
        .filter_map(|event| match event {
            Event::Reach(step) => Some(code(step, 0)),
            Event::Expand(step) => Some(code(step, 1)),
            Event::Meet(_) => None,
        })
        .collect()
}

/// A search replayed to its end: what each square looks like then, for each side 0 unseen, 1
/// reached, 2 expanded (the script's `stateAt` does the same up to a step); the order in which
/// each square was first expanded; and every look ([`look`]) a square takes at the end of
/// some step of the replay, which the board's legend explains.
struct Replayed {
    state: Vec<[u8; 2]>,
    order: Vec<u64>,
    looks: BTreeSet<(&'static str, &'static str)>,
}

/// Replays `recording` on a board of `files` files and `squares` squares.
///
/// The replay shows the state at the end of each step (a step ends where the next expansion
/// begins), so a look that a square takes and loses within one step is never shown: the looks
/// are those of the squares that changed during each step, taken at its end. A square may
/// take a look on the way that its final state does not have (reached from both ends before
/// one of them expands it), which the legend must explain all the same.
fn replay(recording: &Recording, files: u32, squares: usize) -> Replayed {
    let mut state = vec![[0u8; 2]; squares];
    let mut order = vec![0u64; squares];
    let mut looks = BTreeSet::new();
    let mut changed_in_step = Vec::new();
    let mut expanded = 0;
    for event in &recording.events {
        let (step, seen) = match event {
            Event::Reach(step) => (step, 1),
            Event::Expand(step) => (step, 2),
            Event::Meet(_) => continue,
        };
        if seen == 2 {
            looks.extend(
                changed_in_step
                    .drain(..)
                    .map(|index: usize| look(state[index])),
            );
        }
        let index = (step.square.rank * files + step.square.file) as usize;
        let side = usize::from(step.side == Side::Backward);
        state[index][side] = state[index][side].max(seen);
        changed_in_step.push(index);
        if seen == 2 {
            expanded += 1;
            if order[index] == 0 {
                order[index] = expanded;
            }
        }
    }
    looks.extend(changed_in_step.drain(..).map(|index| look(state[index])));
    Replayed {
        state,
        order,
        looks,
    }
}

/// The `data-state` and `data-side` of a square of `sides` (the script's `look`).
fn look(sides: [u8; 2]) -> (&'static str, &'static str) {
    let most = sides[0].max(sides[1]);
    let state = ["unseen", "frontier", "expanded"][usize::from(most)];
    let side = match (sides[0] == most, sides[1] == most) {
        _ if most == 0 => "",
        (true, true) => "both",
        (true, false) => "forward",
        (false, _) => "backward",
    };
    (state, side)
}

/// Appends one query's section: its heading, the replay's controls, a board an engine.
fn push_query(
    out: &mut String,
    index: usize,
    query: &KeptQuery,
    kept: &KeptQueries,
    searched: &[WatchedSearch],
) {
    let most = searched.iter().map(expanded).max().unwrap_or(0);
    let _ = write!(
        out,
        "<section class=\"query\" data-query=\"{index}\"><h2>{}:{}: {} {}</h2>\
         <div class=\"controls\" hidden><button type=\"button\" class=\"play\">Play</button>\
         <button type=\"button\" class=\"pause\">Pause</button>\
         <button type=\"button\" class=\"step\">Step</button>\
         <input type=\"range\" class=\"slider\" min=\"0\" max=\"{most}\" value=\"{most}\" \
         aria-label=\"squares expanded\"> <output class=\"at\">{most} of {most}</output></div>\
         <div class=\"boards\">",
        escape(&query.source),
        query.line_number,
        escape(&query.from_text),
        escape(&query.to_text),
    );
    for searched in searched {
        push_board(out, kept, query, searched);
    }
    out.push_str("</div></section>");
}

/// Appends one engine's board, in the search's final state, with its caption.
fn push_board(out: &mut String, kept: &KeptQueries, query: &KeptQuery, searched: &WatchedSearch) {
    let board = kept.board;
    let (files, ranks) = (board.files(), board.ranks());
    let name = searched.engine.name();
    let by = match (searched.engine, &searched.found) {
        (Engine::Formula, Ok(_)) => format!(" ({})", strategy_label(strategy(searched))),
        _ => String::new(),
    };
    let expanded = expanded(searched);
    let answer = match outcome(searched) {
        Some(Outcome {
            moves: Some(moves), ..
        }) => format!("{moves} {}", if moves == 1 { "move" } else { "moves" }),
        Some(Outcome { moves: None, .. }) => "no route".to_owned(),
        None => "gave up (--max-nodes)".to_owned(),
    };
    let _ = write!(
        out,
        "<figure class=\"search\"><figcaption><b>{name}</b>{by}: {answer}, {expanded} {} expanded\
         </figcaption>\
         <svg class=\"board finished\" data-engine=\"{name}\" viewBox=\"-{LABEL_ROOM} -{EDGE} {} {}\" \
         role=\"img\" aria-label=\"{name}'s search\">",
        if expanded == 1 { "square" } else { "squares" },
        LABEL_ROOM + files * CELL + EDGE,
        EDGE + ranks * CELL + LABEL_ROOM,
    );
    let squares = (files * ranks) as usize;
    let Replayed {
        state,
        order,
        looks,
    } = replay(&searched.recording, files, squares);
    let mut shown: BTreeSet<Mark> = looks
        .into_iter()
        .map(|(state, side)| Mark::Square(state, side))
        .collect();
    shown.insert(Mark::Ends);
    let on_route: std::collections::HashSet<_> = searched.route.iter().collect();
    let corner = |position: crate::board::Position| {
        (position.file * CELL, (ranks - 1 - position.rank) * CELL)
    };
    for position in board.positions() {
        let index = (position.rank * files + position.file) as usize;
        let (x, y) = corner(position);
        let (looks, side) = look(state[index]);
        let shade = if (position.file + position.rank) % 2 == 0 {
            "dark"
        } else {
            "light"
        };
        let _ = write!(
            out,
            "<rect class=\"sq\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" \
             data-square=\"{}\" data-shade=\"{shade}\" data-state=\"{looks}\" data-side=\"{side}\"{}/>",
            square_name(position),
            if on_route.contains(&position) {
                " data-route=\"\""
            } else {
                ""
            },
        );
    }
    push_frame_and_coordinates(out, files, ranks);
    if let Some(meeting) = searched.recording.events.iter().find_map(|e| match e {
        Event::Meet(square) => Some(*square),
        _ => None,
    }) {
        shown.insert(Mark::Meeting);
        let (x, y) = corner(meeting);
        let _ = write!(
            out,
            "<rect class=\"meet\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            x + 1,
            y + 1,
            CELL - 2,
            CELL - 2
        );
    }
    // The route is a line through the centres of its squares, where the numbers of the
    // expansion order are: drawn over them, it hid them. So every mark (the route, the meeting
    // square, the rings of the start and the target) is painted first and the numbers last,
    // over them; the line is thin and a little translucent, and each number has a dark halo
    // (report.css), so that it reads whole where the line passes under it. A line still shows
    // the route's order of moves, which rings on its squares alone would not. A route of one
    // square (the start is the target) has no line to draw.
    if searched.route.len() > 1 {
        shown.insert(Mark::Route);
        let points: Vec<String> = searched
            .route
            .iter()
            .map(|&p| {
                let (x, y) = corner(p);
                format!("{},{}", x + CELL / 2, y + CELL / 2)
            })
            .collect();
        let _ = write!(
            out,
            "<polyline class=\"route\" points=\"{}\"/>",
            points.join(" ")
        );
    }
    for (end, position) in [("start", query.from), ("target", query.to)] {
        let (x, y) = corner(position);
        let _ = write!(
            out,
            "<circle class=\"{end}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            x + CELL / 2,
            y + CELL / 2,
            CELL / 2 - 2
        );
    }
    for position in board.positions() {
        let index = (position.rank * files + position.file) as usize;
        if order[index] > 0 {
            let (x, y) = corner(position);
            let _ = write!(
                out,
                "<text class=\"order\" x=\"{}\" y=\"{}\" data-order=\"{}\">{}</text>",
                x + CELL / 2,
                y + CELL / 2 + 3,
                order[index],
                order[index],
            );
        }
    }
    out.push_str("</svg>");
    push_legend(out, &shown);
    out.push_str("</figure>");
}

/// Appends a frame around the squares of a board of `files` × `ranks`, and its coordinates as
/// `--draw` names them: the rank numbers up the left, 1 at the bottom, and the file letters
/// along the bottom, `a` on the left; both in the room the viewBox keeps for them.
fn push_frame_and_coordinates(out: &mut String, files: u32, ranks: u32) {
    let _ = write!(
        out,
        "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"/>",
        files * CELL,
        ranks * CELL
    );
    for rank in (0..ranks).rev() {
        let _ = write!(
            out,
            "<text class=\"rank\" x=\"-3\" y=\"{}\">{}</text>",
            (ranks - 1 - rank) * CELL + CELL / 2 + 3,
            rank + 1
        );
    }
    for file in 0..files {
        let _ = write!(
            out,
            "<text class=\"file\" x=\"{}\" y=\"{}\">{}</text>",
            file * CELL + CELL / 2,
            ranks * CELL + 10,
            crate::board::Position::new(file, 0).file_name()
        );
    }
}

/// JSON made safe inside a `<script>` element: every `<` (which JSON holds only inside
/// strings) written `\u003c`, so that no `</script>` in a source's name can end the element.
fn json_in_html(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::notation::parse_square;
    use crate::board::{Board, Piece, Position};
    use crate::engine::{Request, Workspace};

    /// The page of one query, `from` to `to`, on a board of `files` × `ranks`, each search
    /// expanding at most `max_nodes` squares (`None`: its engine's own limit).
    fn page_limited(
        files: u32,
        ranks: u32,
        max_nodes: Option<u64>,
        from: &str,
        to: &str,
    ) -> String {
        let board = Board::new(files, ranks).unwrap();
        let mut kept = KeptQueries::new(board, Piece::KNIGHT, max_nodes);
        let (from_square, to_square) = (
            parse_square(from.as_bytes(), board).unwrap(),
            parse_square(to.as_bytes(), board).unwrap(),
        );
        // Each engine's search, watched as the pipeline watches it.
        let searches = Engine::all_for(board, Piece::KNIGHT)
            .map(|engine| {
                let request = Request::new(engine, board, Piece::KNIGHT, from_square, to_square)
                    .with_route(true)
                    .limited_to(max_nodes);
                WatchedSearch::make(engine, &request, &mut Workspace::new())
            })
            .collect();
        kept.queries.push(KeptQuery {
            source: "<stdin>".to_owned(),
            line_number: 1,
            from: from_square,
            to: to_square,
            from_text: from.to_owned(),
            to_text: to.to_owned(),
            searches,
        });
        let times = Times::for_page(&kept, None, true);
        page(&kept, times.as_ref())
    }

    /// The page of one query, `from` to `to`, on a board of `files` × `ranks`.
    fn page_of(files: u32, ranks: u32, from: &str, to: &str) -> String {
        page_limited(files, ranks, None, from, to)
    }

    /// `engine`'s board on `page`, from its `<svg` to its `</svg>`.
    fn board_of<'a>(page: &'a str, engine: &str) -> &'a str {
        let start = page
            .find(&format!(
                "<svg class=\"board finished\" data-engine=\"{engine}\""
            ))
            .unwrap_or_else(|| panic!("no board for {engine}"));
        let length = page[start..].find("</svg>").unwrap() + "</svg>".len();
        &page[start..start + length]
    }

    /// The value of attribute `name` in `tag`.
    fn attribute<'a>(tag: &'a str, name: &str) -> &'a str {
        let start = tag
            .find(&format!(" {name}=\""))
            .unwrap_or_else(|| panic!("no {name} in {tag}"))
            + name.len()
            + 3;
        &tag[start..start + tag[start..].find('"').unwrap()]
    }

    /// Every `<text class="{class}">` of `board`: its opening tag and its text, in order.
    fn texts<'a>(board: &'a str, class: &str) -> Vec<(&'a str, &'a str)> {
        let opening = format!("<text class=\"{class}\"");
        board
            .match_indices(&opening)
            .map(|(start, _)| {
                let tag_end = start + board[start..].find('>').unwrap();
                let text_end = tag_end + board[tag_end..].find("</text>").unwrap();
                (&board[start..tag_end], &board[tag_end + 1..text_end])
            })
            .collect()
    }

    /// The viewBox of `board` as (left, top, right, bottom).
    fn view_box(board: &str) -> (f64, f64, f64, f64) {
        let numbers: Vec<f64> = attribute(board, "viewBox")
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        let [x, y, width, height] = numbers[..] else {
            panic!("{numbers:?}")
        };
        (x, y, x + width, y + height)
    }

    /// The `data-mark`s of the legend of `engine`'s board, in order.
    fn legend_of(page: &str, engine: &str) -> Vec<String> {
        let board = board_of(page, engine);
        let start = page.find(board).unwrap() + board.len();
        let figure = &page[start..start + page[start..].find("</figure>").unwrap()];
        assert!(
            figure.starts_with("<ul class=\"legend\">"),
            "{engine}: {figure}"
        );
        figure
            .match_indices("<li data-mark=\"")
            .map(|(at, opening)| {
                let mark = &figure[at + opening.len()..];
                mark[..mark.find('"').unwrap()].to_owned()
            })
            .collect()
    }

    /// The marks `engine`'s board shows, at the end of its search or at any step of its
    /// replay: the marks drawn (`route`, `meet`, `ends`), and each square's look as
    /// `{data-state}-{data-side}`, replayed here from the page's data as `replay.js` replays
    /// it, step by step.
    fn marks_shown(page: &str, engine: &str) -> BTreeSet<String> {
        let board = board_of(page, engine);
        let mut shown = BTreeSet::new();
        for (mark, drawn) in [
            ("route", "<polyline class=\"route\""),
            ("meet", "<rect class=\"meet\""),
            ("ends", "<circle class=\"start\""),
        ] {
            if board.contains(drawn) {
                shown.insert(mark.to_owned());
            }
        }
        let data_start = page.find("id=\"report-data\">").unwrap() + 17;
        let data = &page[data_start..];
        let data: serde_json::Value =
            serde_json::from_str(&data[..data.find("</script>").unwrap()]).unwrap();
        let squares = (data["files"].as_u64().unwrap() * data["ranks"].as_u64().unwrap()) as usize;
        let search = data["queries"][0]["engines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|search| search["name"] == engine)
            .unwrap();
        let codes: Vec<u64> = search["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|code| code.as_u64().unwrap())
            .collect();
        let is_expand = |code: u64| (code >> 1) & 3 == 1;
        let expansions = codes.iter().filter(|&&code| is_expand(code)).count();
        for step in 0..=expansions {
            let mut sides = vec![[0u8; 2]; squares];
            let mut expanded = 0;
            for &code in &codes {
                if is_expand(code) {
                    if expanded == step {
                        break;
                    }
                    expanded += 1;
                }
                let seen = &mut sides[(code >> 3) as usize][(code & 1) as usize];
                *seen = (*seen).max(if is_expand(code) { 2 } else { 1 });
            }
            for square in sides.into_iter().filter(|&square| square != [0, 0]) {
                let (state, side) = look(square);
                shown.insert(format!("{state}-{side}"));
            }
        }
        shown
    }

    /// The replay keeps the look each square has at the end of every step, not only at the
    /// last: a square reached from both ends before the forward search expands it is shown
    /// purple on the way, though it ends blue.
    #[test]
    fn the_replay_keeps_the_looks_of_every_step_not_only_the_last() {
        let step = |file: u32, side: Side| crate::engine::observe::Step {
            square: Position::new(file, 0),
            side,
            moves: 0,
            bound: None,
        };
        let (forward, backward) = (Side::Forward, Side::Backward);
        let recording = Recording {
            events: vec![
                Event::Reach(step(0, forward)),
                Event::Reach(step(2, backward)),
                Event::Expand(step(0, forward)),
                Event::Reach(step(1, forward)),
                Event::Expand(step(2, backward)),
                Event::Reach(step(1, backward)),
                Event::Expand(step(1, forward)),
            ],
        };
        let replayed = replay(&recording, 3, 3);
        assert_eq!(replayed.state, [[2, 0], [2, 1], [0, 2]]);
        assert_eq!(replayed.order, [1, 3, 2]);
        let final_looks: BTreeSet<_> = replayed.state.iter().map(|&sides| look(sides)).collect();
        assert_eq!(
            final_looks,
            BTreeSet::from([("expanded", "forward"), ("expanded", "backward")])
        );
        assert_eq!(
            replayed.looks,
            BTreeSet::from([
                ("frontier", "forward"),
                ("frontier", "backward"),
                ("expanded", "forward"),
                ("frontier", "both"),
                ("expanded", "backward"),
            ])
        );
    }

    /// Each board's legend lists every mark the board shows, at the end or during its replay,
    /// and no other: bidirectional BFS's meeting square and its search from the target where
    /// that search has them, and only there.
    #[test]
    fn each_legend_lists_the_marks_its_board_shows_and_only_those() {
        let cases: [(u32, u32, Option<u64>, &str, &str); 5] = [
            (8, 8, None, "a1", "h8"),
            (8, 8, None, "e2", "e4"),
            (5, 7, None, "a1", "e7"),
            (8, 8, None, "a1", "a1"),
            // Searches that give up: bidirectional BFS searches from both ends, never meeting.
            (8, 8, Some(4), "a1", "h8"),
        ];
        for (files, ranks, max_nodes, from, to) in cases {
            let page = page_limited(files, ranks, max_nodes, from, to);
            let engines = Engine::all_for(Board::new(files, ranks).unwrap(), Piece::KNIGHT);
            for engine in engines.map(Engine::name) {
                let case = format!("{engine} {from} {to} on {files}x{ranks}, {max_nodes:?}");
                let legend = legend_of(&page, engine);
                let listed: BTreeSet<String> = legend.iter().cloned().collect();
                assert_eq!(listed.len(), legend.len(), "{case}: {legend:?}");
                assert_eq!(listed, marks_shown(&page, engine), "{case}");
                let backward = engine == "bidirectional" && from != to;
                let met = backward && max_nodes.is_none();
                assert_eq!(listed.contains("meet"), met, "{case}");
                assert_eq!(
                    listed.contains("expanded-backward"),
                    backward,
                    "{case}: {legend:?}"
                );
            }
        }
    }

    /// The numbers of the expansion order are painted last, over every mark of a board (the
    /// route, the meeting square, the start's and the target's rings), so that none hides them.
    #[test]
    fn the_numbers_are_painted_over_the_route_and_every_other_mark() {
        let page = page_of(8, 8, "a1", "h8");
        for engine in ["bfs", "bidirectional", "astar"] {
            let board = board_of(&page, engine);
            let first_number = board.find("<text class=\"order\"").unwrap();
            for mark in [
                "<polyline class=\"route\"",
                "<circle class=\"start\"",
                "<circle class=\"target\"",
                "<rect class=\"meet\"",
            ] {
                if let Some(at) = board.rfind(mark) {
                    assert!(at < first_number, "{engine}: {mark} over the numbers");
                } else {
                    assert_eq!(mark, "<rect class=\"meet\"", "{engine} has no {mark}");
                    assert_ne!(engine, "bidirectional");
                }
            }
        }
    }

    /// Every board names its files along the bottom and its ranks up the left, as `--draw`
    /// does, on a square board and on a wide one; the labels are inside the viewBox, left of
    /// and under the squares. (The browser test measures the glyphs themselves.)
    #[test]
    fn every_board_names_its_files_and_ranks_inside_its_view_box() {
        for (files, ranks, from, to) in [(8, 8, "a1", "h8"), (26, 12, "a1", "z12")] {
            let page = page_of(files, ranks, from, to);
            let engines = Engine::all_for(Board::new(files, ranks).unwrap(), Piece::KNIGHT);
            for engine in engines.map(Engine::name) {
                let board = board_of(&page, engine);
                let (left, top, right, bottom) = view_box(board);
                let (squares_width, squares_height) =
                    (f64::from(files * CELL), f64::from(ranks * CELL));

                let file_labels = texts(board, "file");
                let names: Vec<&str> = file_labels.iter().map(|(_, name)| *name).collect();
                let expected: Vec<String> = (0..files)
                    .map(|file| Position::new(file, 0).file_name())
                    .collect();
                assert_eq!(names, expected, "{engine} on {files}x{ranks}");
                for (tag, name) in &file_labels {
                    let x: f64 = attribute(tag, "x").parse().unwrap();
                    let y: f64 = attribute(tag, "y").parse().unwrap();
                    assert!((0.0..squares_width).contains(&x), "{name}: {tag}");
                    assert!(y > squares_height && y < bottom, "{name} under: {tag}");
                }

                let rank_labels = texts(board, "rank");
                let mut numbers: Vec<u32> = rank_labels
                    .iter()
                    .map(|(_, number)| number.parse().unwrap())
                    .collect();
                numbers.sort_unstable();
                assert_eq!(numbers, (1..=ranks).collect::<Vec<_>>(), "{engine}");
                for (tag, number) in &rank_labels {
                    let x: f64 = attribute(tag, "x").parse().unwrap();
                    let y: f64 = attribute(tag, "y").parse().unwrap();
                    assert!(x < 0.0 && x > left, "{number} left of the squares: {tag}");
                    assert!(y > top && y < squares_height, "{number}: {tag}");
                }
                assert!(
                    right >= squares_width && top <= 0.0,
                    "{engine}: {board:.200}"
                );
            }
        }
    }
}
