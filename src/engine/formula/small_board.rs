//! Small boards, for another leaper's distance alone: one breadth-first search from a square
//! over the whole board, its distances kept for every later query from that square.
//!
//! On a board of a few thousand squares the laid walks miss many pairs of a big leaper (the
//! (3,8)-leaper on 40×40 misses most near the edges), and each would be a search of its own.
//! The whole board, searched once from a square (at most [`SMALL_BOARD`] squares, at most eight
//! moves each), answers every later query from that square with one lookup. That pays only
//! where a square is asked from again, as in a file of random pairs or a sweep of every pair:
//! so the first query from a square goes the usual way, and is noted; the second searches the
//! whole board. A single query costs what its own strategy costs. Distances only: a route is
//! laid or searched by the strategies after.
//!
//! Each search counts its squares against `--max-nodes`, as any search does; where the board
//! has more squares than the limit allows, the query is left to the strategies after. Watched,
//! the search shows its squares, and an answer from kept distances expands nothing.

use crate::board::{Board, Position};
use crate::engine::formula::FormulaMemory;
use crate::engine::formula::kept::KeptMemory;
use crate::engine::observe::{Observer, Step, go_on};
use crate::engine::{GaveUp, Outcome, Request, Workspace};

/// The most squares a board searched whole may have: 2¹¹ (40×40 is 1,600).
pub const SMALL_BOARD: u64 = 1 << 11;

/// The most bytes of distances kept in all: 8 MiB (2²² distances of 2 bytes), a whole board's
/// from every square of the biggest small board. Past it, the squares searched longest ago are
/// dropped, one at a time, to make room ([`KeptMemory`]).
pub const KEPT_BYTES: usize = 1 << 23;

/// The most first squares noted as asked from ([`note_asked`]).
const NOTED_SQUARES: usize = 1 << 16;

/// What one noted square holds, about: its key and the memory's own bookkeeping.
const NOTED_BYTES: usize = 2 * std::mem::size_of::<Key>();

/// A square not reached: the piece has no route there.
const UNREACHED: u16 = u16::MAX;

/// What one search's distances depend on: the piece's legs, the board and the first square.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    legs: (u32, u32),
    files: u32,
    ranks: u32,
    from: Position,
}

impl Key {
    fn of(request: &Request) -> Key {
        Key {
            legs: request.piece.legs(),
            files: request.board.files(),
            ranks: request.board.ranks(),
            from: request.from,
        }
    }
}

/// The distances kept from earlier searches, a board's worth (rank by rank) a square.
pub struct SmallBoardMemory {
    distances: KeptMemory<Key, Box<[u16]>>,
    /// The first squares asked from once, whose next query searches the whole board.
    asked: KeptMemory<Key, ()>,
}

impl Default for SmallBoardMemory {
    fn default() -> SmallBoardMemory {
        SmallBoardMemory {
            distances: KeptMemory::new(KEPT_BYTES),
            asked: KeptMemory::new(NOTED_SQUARES * NOTED_BYTES),
        }
    }
}

/// Whether `request`'s board is searched whole: a small board, with room for it in the limit.
pub fn applies(request: &Request) -> bool {
    let squares = u64::from(request.board.files()) * u64::from(request.board.ranks());
    squares <= SMALL_BOARD && squares <= request.max_nodes
}

/// The distance, if a search from `request`'s first square is already kept: `Some(None)` where
/// no route joins the squares. Costs one lookup.
pub fn kept(memory: &FormulaMemory, request: &Request) -> Option<Option<u64>> {
    let distances = memory.small_board.distances.get(&Key::of(request))?;
    Some(distance_to(distances, request.board, request.to))
}

/// Whether a query from `request`'s first square, on its board, was asked before (and noted).
pub fn asked_before(memory: &FormulaMemory, request: &Request) -> bool {
    memory.small_board.asked.get(&Key::of(request)).is_some()
}

/// Notes a query from `request`'s first square on a board that [`applies`], so that the next
/// one from that square searches the whole board.
pub fn note_asked(memory: &mut FormulaMemory, request: &Request) {
    if applies(request) && !request.with_route && !asked_before(memory, request) {
        (memory.small_board.asked).keep(Key::of(request), (), NOTED_BYTES);
    }
}

/// The distance, by a search of the whole board from `request`'s first square (on a board
/// where it [`applies`]), told to `observer` as it goes, its distances kept for the queries
/// after.
pub fn search_observed<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<Outcome, GaveUp> {
    let (distances, expanded) = search(request, observer)?;
    let moves = distance_to(&distances, request.board, request.to);
    let bytes = std::mem::size_of_val(&*distances);
    (workspace.formula.small_board.distances).keep(Key::of(request), distances, bytes);
    Ok(Outcome { moves, expanded })
}

fn distance_to(distances: &[u16], board: Board, to: Position) -> Option<u64> {
    let at = distances[(to.rank * board.files() + to.file) as usize];
    (at != UNREACHED).then_some(u64::from(at))
}

/// Breadth-first search of the whole board from `request.from`, told to `observer`: every
/// square's distance ([`UNREACHED`] where none) and the squares expanded. At most 2¹¹ squares
/// ([`applies`]): every distance, and every index, fits a `u16`.
///
/// The specification's search (`board::plain_search`) computes the same distances, and the
/// tests hold this one to it; this one is the formula's own because no engine calls the
/// specification (what checks an engine is never the engine), and because an engine's search
/// has more to do: it tells an observer each step, stops when the watcher does, asks for its
/// memory rather than abort without it, and keeps two bytes a square for the queries after.
fn search<O: Observer + ?Sized>(
    request: &Request,
    observer: &mut O,
) -> Result<(Box<[u16]>, u64), GaveUp> {
    let refused = GaveUp::OutOfMemory { expanded: 0 };
    let files = request.board.files() as i32;
    let ranks = request.board.ranks() as i32;
    let squares = (files * ranks) as usize;
    let mut distances = Vec::new();
    distances.try_reserve_exact(squares).map_err(|_| refused)?;
    distances.resize(squares, UNREACHED);
    let mut queue: Vec<u16> = Vec::new();
    queue.try_reserve_exact(squares).map_err(|_| refused)?;
    let step = |at: i32, moves: u16| {
        let square = Position::new((at % files) as u32, (at / files) as u32);
        Step::forward(square, u32::from(moves))
    };
    let start = request.from.rank as i32 * files + request.from.file as i32;
    distances[start as usize] = 0;
    queue.push(start as u16);
    observer.reach(step(start, 0));
    let steps = request.piece.steps();
    let mut next = 0;
    while let Some(&at) = queue.get(next) {
        next += 1;
        let (file, rank) = (i32::from(at) % files, i32::from(at) / files);
        let moves = distances[usize::from(at)];
        observer.expand(step(i32::from(at), moves));
        go_on(observer, request.max_nodes)?;
        for &(x, y) in steps {
            let (f, r) = (file + x, rank + y);
            if (0..files).contains(&f) && (0..ranks).contains(&r) {
                let to = r * files + f;
                if distances[to as usize] == UNREACHED {
                    distances[to as usize] = moves + 1;
                    queue.push(to as u16);
                    observer.reach(step(to, moves + 1));
                }
            }
        }
    }
    Ok((distances.into_boxed_slice(), next as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;
    use crate::board::plain_search::plain_distances;
    use crate::engine::observe::Unobserved;

    fn request(files: u32, ranks: u32, piece: Piece, from: Position, to: Position) -> Request {
        Request {
            board: Board::new(files, ranks).unwrap(),
            piece,
            from,
            to,
            with_route: false,
            max_nodes: 1 << 20,
            max_nodes_given: true,
        }
    }

    /// Every square's distance, first searched and then kept, is the plain search's, on a
    /// few boards and pieces; the first search counts the squares it expanded, the lookups none.
    #[test]
    fn the_whole_board_s_distances_are_the_plain_search_s() {
        for ((files, ranks), (a, b)) in [((40, 40), (3, 8)), ((7, 13), (1, 2)), ((1, 9), (0, 2))] {
            let piece = Piece::leaper(a, b).unwrap();
            let mut workspace = Workspace::new();
            let from = Position::new(files / 2, 1);
            let board = Board::new(files, ranks).unwrap();
            let plain = plain_distances(board, piece, from);
            let reached = board.positions().filter(|&to| plain.to(to).is_some());
            let reached = reached.count() as u64;
            for to in board.positions() {
                let request = request(files, ranks, piece, from, to);
                let wanted = plain.to(to);
                match kept(&workspace.formula, &request) {
                    Some(found) => assert_eq!(found, wanted, "{to:?}"),
                    None => {
                        let outcome =
                            search_observed(&mut workspace, &request, &mut Unobserved).unwrap();
                        assert_eq!(outcome.moves, wanted, "{to:?}");
                        assert_eq!(outcome.expanded, reached);
                    }
                }
            }
        }
    }

    /// Not on a board over [`SMALL_BOARD`] squares, nor where the limit is below its squares.
    #[test]
    fn only_small_boards_within_the_limit_are_searched_whole() {
        let piece = Piece::leaper(2, 5).unwrap();
        let (from, to) = (Position::new(0, 0), Position::new(3, 3));
        assert!(applies(&request(32, 64, piece, from, to)));
        assert!(!applies(&request(33, 64, piece, from, to)));
        let limited = Request {
            max_nodes: 99,
            ..request(10, 10, piece, from, to)
        };
        assert!(!applies(&limited));
    }
}
