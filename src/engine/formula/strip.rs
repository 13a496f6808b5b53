//! Far pairs of long, narrow strips, where no walk of the board without edges fits: the
//! distances from a square repeat along the strip, and a search that sees them repeat once
//! has proved that they repeat for ever after.
//!
//! Rows of a strip (W across, L along) are numbered along it; no move changes the row by more
//! than h (the longest leg of a move that fits across), so a *band* of h consecutive rows
//! separates the rows below it from those above: every walk from one side to the other stops
//! on it.
//!
//! **Repeats.** Take the strip's end below a square s, and the strip above s without its far
//! end (a half-strip). For a square w above a band B, split a shortest walk from s to w at its
//! last square u on B: after u it stays above B, so d(s, w) = min over u ∈ B of
//! d(s, u) + d⁺(u, w), where d⁺ counts walks that stay above B after u. Moving B and w up
//! P rows moves d⁺ with them (above B the half-strip looks the same everywhere). So if, for
//! every square u of a band B_Y (Y > s's row), d(s, u + P) = d(s, u) + Q (or both squares are
//! unreachable), then d(s, w + P) = d(s, w) + Q for every w above B_Y, and by induction the
//! rows from Y + h on are those of rows Y + h … Y + h + P − 1, Q more every P rows. A
//! breadth-first search from s finds every distance up to the layer it has finished exactly,
//! so it watches for such a band ([`Repeats`]) and stops there.
//!
//! **Walks that fit.** The strip has a far end the half-strip does not. A shortest walk of the
//! half-strip to a square of the repeating rows can be taken to climb no more than c rows
//! above it, c the most the search's own walks climb above the rows it compared (the same
//! induction: the walk to w + P is the search's walk to u + P, then the part of w's walk after
//! u, moved up P). Where that stays on the strip the half-strip's distance is the strip's:
//! no walk of the strip is shorter (the strip is part of the half-strip) and that one is on it.
//!
//! **A pair.** For s below t, the same search from t down the strip (the strip turned over)
//! gives t's repeats. On a band B_M above s's repeating rows and below t's, where both sets of
//! walks fit, d(s, t) = min over u ∈ B_M of d(s, u) + d(u, t): every walk from s to t stops on
//! B_M. That is W·h sums a pair, once the two searches are done; they depend only on the
//! square's column and, near an end, its row, and are kept for the queries after. The route,
//! when asked, goes down each side's distances from the best square of B_M, on the strip:
//! the search's own walk there (moved up as above) is such a descent, so one is found
//! ([`descend`]).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::board::{Board, Piece, Position};
use crate::engine::formula::Answer;
use crate::engine::formula::kept::KeptMemory;
use crate::engine::observe::{Observer, Side, Step};
use crate::engine::{GaveUp, Request, Workspace, room_for_laid_route};

/// A square the search has not reached (in [`Repeats`]: unreachable, or, below the repeating
/// rows, not reached before the search stopped).
const UNREACHED: u32 = u32::MAX;

/// How many bands below its start a descent tries steps into first ([`descend`]).
const FIRST_TRIED_BANDS_BELOW: i64 = 4;

/// The most squares a search may hold: 2²¹, 16 bytes each (32 MB). Its window's rows are
/// made as it reaches them; the window spans at most [`WINDOW_ROWS`] rows either way.
const WINDOW_SQUARES: i64 = 1 << 21;

/// The most rows a search's window spans either way from its start (4 bytes each: 16 MB).
const WINDOW_ROWS: i64 = 1 << 21;

/// The most bytes the kept repeats' distances may take in all: 64 MiB; past it, those found
/// longest ago are dropped to make room, one at a time ([`KeptMemory`]).
pub const KEPT_BYTES: usize = 1 << 26;

/// The board seen as a strip: `width` squares across, `length` along (files across unless
/// `turned`).
#[derive(Clone, Copy, Debug)]
struct Strip {
    width: i64,
    length: i64,
    turned: bool,
}

impl Strip {
    fn of(board: Board) -> Strip {
        let (files, ranks) = (i64::from(board.files()), i64::from(board.ranks()));
        Strip {
            width: files.min(ranks),
            length: files.max(ranks),
            turned: files > ranks,
        }
    }

    /// (across, along) of a square.
    fn coordinates(&self, p: Position) -> (i64, i64) {
        let (file, rank) = (i64::from(p.file), i64::from(p.rank));
        match self.turned {
            true => (rank, file),
            false => (file, rank),
        }
    }

    /// The square at (across, along), which must be on the strip.
    fn position(&self, (across, along): (i64, i64)) -> Position {
        // On the strip, both fit in a u32 (the board's sides do).
        let (across, along) = (across as u32, along as u32);
        match self.turned {
            true => Position::new(along, across),
            false => Position::new(across, along),
        }
    }

    fn holds(&self, (across, along): (i64, i64)) -> bool {
        (0..self.width).contains(&across) && (0..self.length).contains(&along)
    }
}

/// The distances from a square up a half-strip, once they repeat: rows counted from the
/// square's, up the half-strip.
#[derive(Debug)]
pub struct Repeats {
    width: i64,
    /// The first row of `near`.
    lowest: i64,
    /// The first row a descent tries steps into before those below it ([`descend`]).
    first_tried: i64,
    /// Rows `lowest` up to `periodic_from` (not included) as the search left them.
    near: Vec<u32>,
    /// The first of the rows that repeat.
    periodic_from: i64,
    /// Every `period` rows up from `periodic_from`, the same distances, `rise` more.
    period: i64,
    rise: u64,
    /// Rows `periodic_from` up to `periodic_from + period` (not included).
    base: Vec<u32>,
    /// How many rows above a square of the repeating rows a shortest walk to it needs at most.
    overshoot: i64,
    /// The highest row of the search's window: no walk it found climbs above it.
    reach: i64,
}

impl Repeats {
    /// The distance to (`across`, `row`), where known: every square from `periodic_from` up;
    /// below, those the search reached.
    fn distance(&self, across: i64, row: i64) -> Option<u64> {
        if !(0..self.width).contains(&across) {
            return None;
        }
        let (rows, row_in, rises) = if row >= self.periodic_from {
            let up = row - self.periodic_from;
            (&self.base, up % self.period, (up / self.period) as u64)
        } else if row >= self.lowest {
            (&self.near, row - self.lowest, 0)
        } else {
            return None;
        };
        let known = rows[(row_in * self.width + across) as usize];
        (known != UNREACHED).then(|| u64::from(known) + rises * self.rise)
    }

    /// The distance to (`across`, `row`) on a strip `length` long whose start is at `origin`
    /// along it, where proven: in the repeating rows, where their walks stay on the strip;
    /// below them, where the search reached it and its window lay on the strip.
    fn proven_on_strip(&self, across: i64, row: i64, origin: i64, length: i64) -> Option<u64> {
        let highest = match row >= self.periodic_from {
            true => origin + row + self.overshoot,
            false => origin + self.reach,
        };
        (highest < length)
            .then(|| self.distance(across, row))
            .flatten()
    }

    /// The bytes its distances take.
    fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.near) + std::mem::size_of_val(&*self.base)
    }
}

/// The kept repeats, by piece, strip width, column and rows to the end below (capped where
/// the end is too far for a search to see).
pub struct StripMemory {
    repeats: KeptMemory<RepeatsKey, Arc<Repeats>>,
}

impl Default for StripMemory {
    fn default() -> StripMemory {
        StripMemory {
            repeats: KeptMemory::new(KEPT_BYTES),
        }
    }
}

/// What a square's repeats depend on: the piece's legs, the strip's width, the square's
/// column, and its rows to the end behind it (capped where no search reaches the end).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct RepeatsKey {
    legs: (u32, u32),
    width: i64,
    across: i64,
    behind: i64,
}

/// The piece's moves that fit across the strip, and h, the most any goes along.
struct Moves {
    steps: Vec<(i64, i64)>,
    leap: i64,
}

/// A half-strip from a square: `width` across, the square at `start` across, its end
/// `below` rows behind it.
#[derive(Clone, Copy)]
struct HalfStrip {
    width: i64,
    start: i64,
    below: i64,
}

/// What a search for repeats came to.
enum Watched {
    Found(Repeats),
    /// It reached the window's side before the distances repeated: a wider window may do.
    Cramped,
    /// No repeat within the search's limit (or memory refused).
    NotFound,
}

/// The moves of the piece that fit across the strip ([`Moves`]).
fn moves_across(piece: Piece, width: i64) -> Moves {
    let steps: Vec<(i64, i64)> = piece
        .steps()
        .iter()
        .map(|&(x, y)| (i64::from(x), i64::from(y)))
        .filter(|&(x, _)| x.abs() < width)
        .collect();
    let leap = steps.iter().map(|&(_, y)| y.abs()).max().unwrap_or(0);
    Moves { steps, leap }
}

/// Whether the strip method is worth trying on `strip` for a piece whose moves that fit
/// across it go at most `leap` along: a strip long enough that a search of it may not end
/// (over 2¹⁶ squares, 8 times as long as wide) and narrow enough for a window of many bands.
fn applies(strip: &Strip, leap: i64) -> bool {
    leap > 0
        && strip.width * strip.length > 1 << 16
        && strip.length >= 8 * strip.width
        && is_narrow_enough(strip.width, leap)
}

/// Whether a strip `width` across is narrow enough for the strip method, for a piece whose
/// moves go at most `leap` along: a window of 64 bands fits [`WINDOW_SQUARES`]. The laid
/// walk's steering asks it too, to leave to this method only the strips it may answer.
pub fn is_narrow_enough(width: i64, leap: i64) -> bool {
    width.saturating_mul(leap).saturating_mul(64) <= WINDOW_SQUARES
}

/// `request` answered through both squares' repeats, with its route when asked; `None` where
/// the repeats are not found within `--max-nodes` or the pair is too close for a band between
/// them, which a search answers instead.
pub fn answer<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<(Answer, u64), GaveUp> {
    let mut expanded = 0;
    let answer = answer_in_class(workspace, request, observer, &mut expanded);
    match answer {
        Some(Ok(moves)) => Ok((moves, expanded)),
        Some(Err(gave_up)) => Err(gave_up),
        None => Ok((Answer::Declined, expanded)),
    }
}

/// Whether the strip method is tried for `request`'s piece on its board (on the sub-board of
/// the first square's class, where the legs have a common factor), whatever the pair: where
/// it is, near-ends leaves it the pairs whose walks take long to steer.
pub fn is_tried_on(request: &Request) -> bool {
    let (_, reduced) = request.piece.within_its_class();
    class_board(request).is_some_and(|board| {
        let strip = Strip::of(board);
        applies(&strip, moves_across(reduced, strip.width).leap)
    })
}

/// The board of `request`'s first square's class. Every move goes a multiple of g (the legs'
/// greatest common factor) either way: the piece stays on the squares of its first square's
/// class, a sub-board on which it moves as the (a/g, b/g)-leaper. A strip 800 wide is one 8
/// wide for (3,7) when the piece is (300,700). For g = 1, the board itself.
fn class_board(request: &Request) -> Option<Board> {
    let (g, _) = request.piece.within_its_class();
    let Request { board, from, .. } = *request;
    let side = |whole: u32, offset: u32| (whole - 1 - offset) / g + 1;
    Board::new(
        side(board.files(), from.file % g),
        side(board.ranks(), from.rank % g),
    )
}

/// [`answer`], counting the squares searched in `expanded`; `None` where it declines.
fn answer_in_class<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
    expanded: &mut u64,
) -> Option<Result<Answer, GaveUp>> {
    let (g, reduced) = request.piece.within_its_class();
    if g == 1 {
        let on_the_board = |square: Position| square;
        return answer_for_coprime_legs(workspace, request, observer, &on_the_board, expanded);
    }
    let Request { from, to, .. } = *request;
    let class = (from.file % g, from.rank % g);
    if (to.file % g, to.rank % g) != class {
        return Some(Ok(Answer::NoRoute));
    }
    let within = Request {
        board: class_board(request)?,
        piece: reduced,
        from: Position::new(from.file / g, from.rank / g),
        to: Position::new(to.file / g, to.rank / g),
        ..*request
    };
    let on_the_board =
        |square: Position| Position::new(square.file * g + class.0, square.rank * g + class.1);
    let answered = answer_for_coprime_legs(workspace, &within, observer, &on_the_board, expanded)?;
    if answered.is_ok() {
        for square in &mut workspace.route {
            *square = on_the_board(*square);
        }
    }
    Some(answered)
}

/// [`answer`], for a piece whose legs have no common factor.
fn answer_for_coprime_legs<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
    on_the_board: &dyn Fn(Position) -> Position,
    expanded: &mut u64,
) -> Option<Result<Answer, GaveUp>> {
    let strip = Strip::of(request.board);
    let fitting = moves_across(request.piece, strip.width);
    if !applies(&strip, fitting.leap) {
        return None;
    }
    let (mut low, mut high) = (
        strip.coordinates(request.from),
        strip.coordinates(request.to),
    );
    let swapped = low.1 > high.1;
    if swapped {
        std::mem::swap(&mut low, &mut high);
    }
    let mut watching = Watching {
        observer,
        on_the_board,
        strip,
        side: Side::Forward,
    };
    let up = repeats(
        workspace,
        request,
        &fitting,
        low,
        1,
        &mut watching,
        expanded,
    )?;
    // Where the search from the lower square, or its repeats, already prove the distance on
    // this strip, that is the answer; otherwise through a band between the two.
    let (moves, middle, down) =
        match up.proven_on_strip(high.0, high.1 - low.1, low.1, strip.length) {
            Some(moves) => (moves, high, None),
            None => {
                watching.side = Side::Backward;
                let down = repeats(
                    workspace,
                    request,
                    &fitting,
                    high,
                    -1,
                    &mut watching,
                    expanded,
                )?;
                let (moves, middle) = through_a_band(&up, &down, &strip, fitting.leap, low, high)?;
                (moves, middle, Some(down))
            }
        };
    if request.with_route {
        let route = &mut workspace.route;
        if let Err(error) = room_for_laid_route(route, moves, request.max_nodes, *expanded) {
            return Some(Err(error));
        }
        route.clear();
        let walked = descend(&up, &strip, &fitting.steps, (low.1, 1), middle, route) && {
            route.reverse();
            match &down {
                Some(down) => {
                    route.pop();
                    descend(down, &strip, &fitting.steps, (high.1, -1), middle, route)
                }
                None => true,
            }
        };
        // A walk down the distances lies on the strip, by the argument above, and the
        // descent finds one (debug builds stop here otherwise); were none found, the
        // strategies after answer rather than a wrong route.
        if !walked || route.len() as u64 != moves + 1 {
            debug_assert!(false, "the strip's route was not walked: {request:?}");
            route.clear();
            return None;
        }
        if swapped {
            route.reverse();
        }
    }
    Some(Ok(Answer::Moves(moves)))
}

/// The distance from `low` to `high` (`low` not above) through a band of the strip above
/// `up`'s repeating rows and below `down`'s, where both sets of walks stay on the strip (the
/// module's argument), with the square of the band a shortest walk passes; `None` where
/// the squares are too close for such a band.
fn through_a_band(
    up: &Repeats,
    down: &Repeats,
    strip: &Strip,
    leap: i64,
    low: (i64, i64),
    high: (i64, i64),
) -> Option<(u64, (i64, i64))> {
    let first = (low.1 + up.periodic_from).max(down.overshoot);
    let last = first + leap - 1;
    if last + up.overshoot > strip.length - 1 || last > high.1 - down.periodic_from {
        return None;
    }
    let mut best: Option<(u64, (i64, i64))> = None;
    for along in first..=last {
        for across in 0..strip.width {
            let both = up
                .distance(across, along - low.1)
                .zip(down.distance(across, high.1 - along));
            if let Some((there, back)) = both {
                if best.is_none_or(|(least, _)| there + back < least) {
                    best = Some((there + back, (across, along)));
                }
            }
        }
    }
    // Unreachable pairs are answered before any engine; were one here, a search says so.
    best
}

/// The most squares a descent may find lead nowhere before it gives up ([`descend`]): a
/// bound on its memory (some 40 MB), far more than the few it turns back from near a strip's
/// ends.
const MOST_DEAD_ENDS: usize = 1 << 20;

/// Adds to `route` a walk on the strip from `from` down `repeats`' distances (rows counted from
/// `origin.0`, in the direction `origin.1`) to their start; `false` where it finds none.
///
/// Such a walk exists where the distance from `from` is proven on the strip: the search's own
/// walk to it (moved up, for a square of the repeating rows, as the module's argument moves it)
/// lies on the strip and on the rows kept ([`lowest_dipped`]). Not every step one closer is on
/// one: near an end of the strip, or below the start, a step may lead to a square whose walks
/// leave the strip or the rows kept, with no neighbour one closer. So the descent is a
/// depth-first search of the steps one closer, turning back from such a square and never
/// trying it again; `route` holds the walk so far, and the rest is a set of those squares.
/// Each square's steps into the rows from `first_tried` up are tried, in the piece's order,
/// before those into the rows below: where a walk of those rows exists, the route is the one
/// that takes the first step one closer at each square (the golden corpus holds some, on
/// strips 8 and 54 wide), whatever rows below them are kept.
fn descend(
    repeats: &Repeats,
    strip: &Strip,
    steps: &[(i64, i64)],
    (origin, direction): (i64, i64),
    from: (i64, i64),
    route: &mut Vec<Position>,
) -> bool {
    let row = |along: i64| (along - origin) * direction;
    let distance = |(across, along): (i64, i64)| repeats.distance(across, row(along));
    // The steps in the order tried: those into the rows from `first_tried` up, then the rest.
    let tried = |index: usize| (steps[index % steps.len()], index >= steps.len());
    let first_tried = |(_, along): (i64, i64)| row(along) >= repeats.first_tried;
    let Some(total) = distance(from) else {
        return false;
    };
    let first = route.len();
    route.push(strip.position(from));
    let mut dead_ends = HashSet::new();
    // The first of the steps to try from the walk's last square (past those tried before
    // turning back to it).
    let mut untried = 0;
    loop {
        let walked = (route.len() - first - 1) as u64;
        if walked == total {
            return true;
        }
        let at = strip.coordinates(route[route.len() - 1]);
        let closer = (untried..2 * steps.len())
            .map(tried)
            .map(|((x, y), later)| ((at.0 + x, at.1 + y), later))
            .find(|&(next, later)| {
                first_tried(next) != later
                    && strip.holds(next)
                    && distance(next) == Some(total - walked - 1)
                    && !dead_ends.contains(&next)
            })
            .map(|(next, _)| next);
        if let Some(next) = closer {
            route.push(strip.position(next));
            untried = 0;
            continue;
        }
        if walked == 0 || dead_ends.len() >= MOST_DEAD_ENDS {
            return false;
        }
        route.pop();
        dead_ends.insert(at);
        let back = strip.coordinates(route[route.len() - 1]);
        let taken = (at.0 - back.0, at.1 - back.1);
        let later = usize::from(!first_tried(at)) * steps.len();
        untried = steps
            .iter()
            .position(|&step| step == taken)
            .map_or(2 * steps.len(), |index| later + index + 1);
    }
}

/// The repeats of the square `at` (across, along) in `direction` (1: up the strip, −1: down),
/// kept or searched for.
fn repeats<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    moves: &Moves,
    at: (i64, i64),
    direction: i64,
    watching: &mut Watching<O>,
    expanded: &mut u64,
) -> Option<Arc<Repeats>> {
    let strip = watching.strip;
    let widest = WINDOW_ROWS;
    let below = match direction {
        1 => at.1,
        _ => strip.length - 1 - at.1,
    };
    // Where the end is out of the widest window's reach, every such square's repeats are the
    // same.
    let key = RepeatsKey {
        legs: request.piece.legs(),
        width: strip.width,
        across: at.0,
        behind: below.min(widest + 1),
    };
    if let Some(kept) = workspace.formula.strip.repeats.get(&key) {
        return Some(Arc::clone(kept));
    }
    let mut reach = (moves.leap * 4).min(widest);
    let endless = request
        .piece
        .on_endless_strip(strip.width as u32, at.0 as u32);
    let mut unreachable = |across: i64, row: i64| endless.never_joins(across as u32, row);
    loop {
        let half = HalfStrip {
            width: strip.width,
            start: at.0,
            below,
        };
        let watched = watch(
            moves,
            half,
            reach,
            request.max_nodes,
            expanded,
            &mut unreachable,
            &mut |observer_call: Told| watching.tell(observer_call, at.1, direction),
        );
        match watched {
            Watched::Found(found) => {
                let size = found.bytes();
                let found = Arc::new(found);
                (workspace.formula.strip.repeats).keep(key, Arc::clone(&found), size);
                return Some(found);
            }
            Watched::Cramped if reach < widest => reach = (reach * 2).min(widest),
            Watched::Cramped | Watched::NotFound => return None,
        }
    }
}

/// A step of a search for repeats, in the half-strip's coordinates (across, row) with its
/// moves from the start, for [`Watching::tell`].
#[derive(Clone, Copy)]
enum Told {
    Reached(i64, i64, u32),
    Expanded(i64, i64, u32),
}

/// Who watches the strip's searches, and where their squares lie on the board: the strip's
/// coordinates, then the piece's class when its legs share a factor ([`answer`]).
struct Watching<'a, O: Observer + ?Sized> {
    observer: &'a mut O,
    on_the_board: &'a dyn Fn(Position) -> Position,
    strip: Strip,
    side: Side,
}

impl<O: Observer + ?Sized> Watching<'_, O> {
    /// Tells the observer of `told`, a step of the search from the square `start_along` rows
    /// along the strip, going in `direction`; `false` once the observer has stopped watching.
    fn tell(&mut self, told: Told, start_along: i64, direction: i64) -> bool {
        let (across, row, moves) = match told {
            Told::Reached(across, row, moves) | Told::Expanded(across, row, moves) => {
                (across, row, moves)
            }
        };
        let square =
            (self.on_the_board)(self.strip.position((across, start_along + direction * row)));
        let step = Step {
            square,
            side: self.side,
            moves,
            bound: None,
        };
        match told {
            Told::Reached(..) => self.observer.reach(step),
            Told::Expanded(..) => self.observer.expand(step),
        }
        !self.observer.has_stopped()
    }
}

/// The squares a search has reached, a row at a time: a row of the window takes memory only
/// once the search reaches it, since a search along a narrow strip reaches rows far ahead
/// long before it fills those near its start.
struct Window {
    width: i64,
    lowest: i64,
    /// Where each row's squares start in `squares`, from row `lowest` (`NO_ROW`: none yet).
    rows: Vec<u32>,
    squares: Vec<Square>,
}

/// What the search knows of a square.
#[derive(Clone, Copy)]
struct Square {
    distance: u32,
    /// The highest row of the search's walk to it.
    climb: i32,
    /// The lowest row of the search's walk to it.
    dip: i32,
    proof: Proof,
}

const NO_ROW: u32 = u32::MAX;

impl Window {
    /// Rows `lowest..=highest`; `None` where memory is refused.
    fn new(width: i64, lowest: i64, highest: i64) -> Option<Window> {
        let count = usize::try_from(highest - lowest + 1).ok()?;
        let mut rows = Vec::new();
        rows.try_reserve_exact(count).ok()?;
        rows.resize(count, NO_ROW);
        Some(Window {
            width,
            lowest,
            rows,
            squares: Vec::new(),
        })
    }

    fn highest(&self) -> i64 {
        self.lowest + self.rows.len() as i64 - 1
    }

    /// The square, if its row has been reached.
    fn get(&self, across: i64, row: i64) -> Option<&Square> {
        let start = self.rows[(row - self.lowest) as usize];
        (start != NO_ROW).then(|| &self.squares[start as usize + across as usize])
    }

    /// The square, its row made if need be; `None` past [`WINDOW_SQUARES`] or where memory is
    /// refused.
    fn get_mut(&mut self, across: i64, row: i64) -> Option<&mut Square> {
        let slot = (row - self.lowest) as usize;
        if self.rows[slot] == NO_ROW {
            let width = self.width as usize;
            if self.squares.len() + width > WINDOW_SQUARES as usize {
                return None;
            }
            self.squares.try_reserve(width).ok()?;
            self.rows[slot] = self.squares.len() as u32;
            let unreached = Square {
                distance: UNREACHED,
                climb: 0,
                dip: 0,
                proof: Proof::Unknown,
            };
            self.squares.resize(self.squares.len() + width, unreached);
        }
        let start = self.rows[slot] as usize;
        Some(&mut self.squares[start + across as usize])
    }

    fn distance(&self, across: i64, row: i64) -> u32 {
        self.get(across, row)
            .map_or(UNREACHED, |square| square.distance)
    }

    /// The distances of rows `from..to`, a row after another.
    fn distances(&self, from: i64, to: i64) -> Vec<u32> {
        (from..to)
            .flat_map(|row| (0..self.width).map(move |across| (across, row)))
            .map(|(across, row)| self.distance(across, row))
            .collect()
    }
}

/// Breadth-first search from (`start`, row 0) up a half-strip `width` across whose end is
/// `below` rows down, in a window of `reach` rows either way, until a band of `leap` rows
/// repeats (the module's argument) or `expanded` (counting from earlier searches) passes
/// `limit`. `unreachable(across, row)` says whether a square is proven out of the start's
/// reach.
fn watch(
    &Moves { ref steps, leap }: &Moves,
    HalfStrip {
        width,
        start,
        below,
    }: HalfStrip,
    reach: i64,
    limit: u64,
    expanded: &mut u64,
    unreachable: &mut dyn FnMut(i64, i64) -> bool,
    tell: &mut dyn FnMut(Told) -> bool,
) -> Watched {
    let Some(mut window) = Window::new(width, (-below).max(-reach), reach) else {
        return Watched::NotFound;
    };
    let (lowest, highest) = (window.lowest, window.highest());
    let Some(origin) = window.get_mut(start, 0) else {
        return Watched::NotFound;
    };
    origin.distance = 0;
    tell(Told::Reached(start, 0, 0));
    let (mut layer, mut next) = (vec![(start, 0i64)], Vec::new());
    let mut depth = 0u32;
    // Rows 1 up to `complete` are complete: every square reached or proven unreachable.
    let mut complete = 0;
    // Each complete row's print ([`row_print`]), from row 1; the bands of each print of theirs.
    let mut rows_seen: Vec<(u64, Option<u32>)> = Vec::new();
    let mut bands: HashMap<u64, Vec<i64>> = HashMap::new();
    // Each band's least distance, by its first row (from row 1).
    let mut band_least: Vec<Option<u32>> = Vec::new();
    loop {
        let mut cramped = false;
        for &(across, row) in &layer {
            if *expanded >= limit {
                return Watched::NotFound;
            }
            *expanded += 1;
            if !tell(Told::Expanded(across, row, depth)) {
                return Watched::NotFound;
            }
            let (climb, dip) = window
                .get(across, row)
                .map_or((0, 0), |square| (square.climb, square.dip));
            for &(x, y) in steps {
                let (to_across, to_row) = (across + x, row + y);
                if !(0..width).contains(&to_across) || to_row < -below {
                    continue;
                }
                if to_row < lowest || to_row > highest {
                    cramped = true;
                    continue;
                }
                let Some(there) = window.get_mut(to_across, to_row) else {
                    return Watched::NotFound;
                };
                if there.distance == UNREACHED {
                    there.distance = depth + 1;
                    there.climb = climb.max(to_row as i32);
                    there.dip = dip.min(to_row as i32);
                    next.push((to_across, to_row));
                    tell(Told::Reached(to_across, to_row, depth + 1));
                }
            }
        }
        // Every distance up to depth + 1 is final (a walk that would leave the window was
        // seen leaving it only now, so none shorter did before).
        let mut row_complete = |window: &mut Window, row: i64| {
            (0..width).all(|across| {
                let Some(square) = window.get_mut(across, row) else {
                    return false;
                };
                if square.distance != UNREACHED {
                    return true;
                }
                if square.proof == Proof::Unknown {
                    square.proof = match unreachable(across, row) {
                        true => Proof::Unreachable,
                        false => Proof::NotProven,
                    };
                }
                square.proof == Proof::Unreachable
            })
        };
        while complete < highest && row_complete(&mut window, complete + 1) {
            complete += 1;
            rows_seen.push(row_print(&window.distances(complete, complete + 1)));
            let band = complete - leap + 1;
            if band < 1 {
                continue;
            }
            let band_rows = &rows_seen[(band - 1) as usize..complete as usize];
            let least = band_rows.iter().filter_map(|&(_, least)| least).min();
            let print = band_rows.iter().fold(0, |print, &(row, row_least)| {
                let above = row_least.map(|l| l - least.unwrap_or(0));
                mix(mix(print, row), above.map_or(u64::MAX, u64::from))
            });
            let seen = bands.entry(print).or_default();
            for &earlier in seen.iter() {
                let earlier_least = band_least[(earlier - 1) as usize];
                // Never less (the distances would fall for ever), but checked all the same.
                let Some(rise) = least.unwrap_or(0).checked_sub(earlier_least.unwrap_or(0)) else {
                    continue;
                };
                let was = window.distances(earlier, earlier + leap);
                let is = window.distances(band, band + leap);
                let repeated = was.iter().zip(&is).all(|(&was, &is)| match (was, is) {
                    (UNREACHED, UNREACHED) => true,
                    (UNREACHED, _) | (_, UNREACHED) => false,
                    (was, is) => is.checked_sub(was) == Some(rise),
                });
                if !repeated {
                    continue;
                }
                let periodic_from = earlier + leap;
                let period = band - earlier;
                let first_tried = (lowest.max(-FIRST_TRIED_BANDS_BELOW * leap)..0)
                    .find(|&row| (0..width).any(|x| window.distance(x, row) != UNREACHED))
                    .unwrap_or(0);
                // The rows the descent tries first are kept too, however little the walks dip.
                let lowest_reached =
                    lowest_dipped(&window, periodic_from + period).min(first_tried);
                let overshoot = (earlier..=complete)
                    .flat_map(|row| (0..width).map(move |x| (x, row)))
                    .filter_map(|(x, row)| window.get(x, row).map(|square| (square, row)))
                    .filter(|(square, _)| square.distance != UNREACHED)
                    .map(|(square, row)| i64::from(square.climb) - row)
                    .max()
                    .unwrap_or(0);
                return Watched::Found(Repeats {
                    width,
                    lowest: lowest_reached,
                    first_tried,
                    near: window.distances(lowest_reached, periodic_from),
                    periodic_from,
                    period,
                    rise: u64::from(rise),
                    base: window.distances(periodic_from, periodic_from + period),
                    overshoot,
                    reach: highest,
                });
            }
            seen.push(band);
            band_least.push(least);
        }
        if cramped {
            return Watched::Cramped;
        }
        if next.is_empty() {
            return Watched::NotFound;
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
        depth += 1;
    }
}

/// The lowest row the search's walks to the squares from its start's row up to `top` (not
/// included) pass: the kept distances reach down to it, so that each of those walks lies on
/// them, and a route that follows one descends to the start ([`descend`]). The search runs
/// far below its start as well as above, and keeping all it reached would hold thousands of
/// rows no query asks for.
fn lowest_dipped(window: &Window, top: i64) -> i64 {
    (0..top)
        .flat_map(|row| (0..window.width).map(move |across| (across, row)))
        .filter_map(|(across, row)| window.get(across, row))
        .filter(|square| square.distance != UNREACHED)
        .map(|square| i64::from(square.dip))
        .fold(0, i64::min)
}

/// Whether a square the search has not reached is proven unreachable.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Proof {
    Unknown,
    Unreachable,
    NotProven,
}

/// A row's distances less its least (unreachable squares kept as such), hashed, and that
/// least: two bands whose rows have the same prints, with leasts the same apart, are
/// compared square by square (the print only picks which to compare).
fn row_print(row: &[u32]) -> (u64, Option<u32>) {
    let least = row.iter().copied().filter(|&d| d != UNREACHED).min();
    let print = row.iter().fold(0, |print, &d| {
        mix(
            print,
            match d {
                UNREACHED => u64::MAX,
                d => u64::from(d - least.unwrap_or(0)),
            },
        )
    });
    (print, least)
}

/// One step of a multiplicative hash (the one rustc's own hash maps use): fast, and good
/// enough to pick candidates that are then compared in full.
fn mix(print: u64, value: u64) -> u64 {
    (print.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::plain_search::plain_distances;

    /// The repeats found from squares near the end of a half-strip and far from it are its
    /// distances: on a strip 3,000 long, every square of the first 1,500 rows above the
    /// start (whose walks never need the far end), for leapers whose strip distance is not
    /// the one of the board without edges.
    #[test]
    fn repeats_are_the_distances_up_the_half_strip() {
        for ((a, b), width) in [
            ((3, 7), 8),
            ((5, 7), 10),
            ((2, 3), 4),
            ((1, 3), 4),
            ((5, 18), 20),
        ] {
            let piece = crate::board::Piece::leaper(a, b).unwrap();
            let moves = moves_across(piece, width);
            let length = 3000;
            for (x, y) in [(0, 0), (width - 1, 3), (width / 2, 11), (1, 1000)] {
                let board = Board::new(width as u32, length as u32).unwrap();
                let truth = plain_distances(board, piece, Position::new(x as u32, y as u32));
                let endless = piece.on_endless_strip(width as u32, x as u32);
                let mut unreachable =
                    |across: i64, row: i64| endless.never_joins(across as u32, row);
                let mut expanded = 0;
                let half = HalfStrip {
                    width,
                    start: x,
                    below: y,
                };
                let Watched::Found(repeats) = watch(
                    &moves,
                    half,
                    1000,
                    10_000_000,
                    &mut expanded,
                    &mut unreachable,
                    &mut |_| true,
                ) else {
                    panic!("({a},{b}) on {width}: no repeats from ({x}, {y})");
                };
                assert!(repeats.periodic_from + repeats.period < 500);
                for row in -y..1500 - y {
                    for across in 0..width {
                        let expected = truth.to(Position::new(across as u32, (y + row) as u32));
                        let found = repeats.distance(across, row);
                        // Below the repeating rows, what the search reached; from them up,
                        // every square, unreachable ones included.
                        if found.is_some() || row >= repeats.periodic_from {
                            assert_eq!(
                                found, expected,
                                "({a},{b}) on {width} from ({x}, {y}): ({across}, {row} up)"
                            );
                        }
                    }
                }
            }
        }
    }

    /// A window too small for the distances to repeat in is reported as such (and a wider
    /// one then tried), never taken for a repeat.
    #[test]
    fn a_cramped_window_is_no_repeat() {
        let piece = crate::board::Piece::leaper(3, 7).unwrap();
        let moves = moves_across(piece, 8);
        assert_eq!((moves.steps.len(), moves.leap), (8, 7));
        let mut unreachable = |_: i64, _: i64| false;
        let mut expanded = 0;
        let half = HalfStrip {
            width: 8,
            start: 0,
            below: 1 << 40,
        };
        let watched = watch(
            &moves,
            half,
            10,
            u64::MAX,
            &mut expanded,
            &mut unreachable,
            &mut |_| true,
        );
        assert!(matches!(watched, Watched::Cramped));
    }
}
