//! Breadth-first search of a pair of squares that the board's half turn swaps (corner to
//! opposite corner, KnightL's every query): one search from one end, to half the distance.
//!
//! The half turn R maps (x, y) to (W−1−x, H−1−y), the board onto itself, every move onto a
//! move of the piece, and the start onto the target. So the distance from a square s to the
//! target is the distance from the start to R(s), which the one search already knows: the
//! search from the target that bidirectional BFS would run is this one, turned. The distance
//! is the least d(s) + d(R(s)) over the squares s, and it is found once the search has
//! reached every square of its layer k = ⌈distance / 2⌉:
//!
//! - a shortest walk's middle square m has d(m) = ⌊n/2⌋ and d(R(m)) = ⌈n/2⌉ (n the
//!   distance): at layer ⌈n/2⌉, the square of the two that lies in it has its image reached;
//! - a square s of an earlier layer k with its image reached would give a walk of
//!   d(s) + d(R(s)) ≤ 2k < n moves: there is none. At layer ⌈n/2⌉ every pair found has
//!   d(s) + d(R(s)) ≥ n, and the least is n.
//!
//! So before each layer is expanded, its squares are looked up in their images; the first
//! layer with a hit holds the answer, the least sum there. The search touches the squares
//! within half the distance of one end, as bidirectional BFS does from both, and its memory
//! is an array over the board's squares (a distance each), which is why it runs only on
//! boards up to [`MOST_SQUARES`]: KnightL's largest, 1000×1000, takes 4 MB.

use crate::board::{Board, Position};
use crate::engine::observe::{Observer, Side, Step, go_on};
use crate::engine::room_for_route;
use crate::engine::{GaveUp, Outcome, Request, Workspace, expand_one, no_route, out_of_memory};

/// The memory of the search: a slot a square of the board (0 between searches) and the squares
/// it reached.
#[derive(Default)]
pub struct MirrorMemory {
    pub distances: Vec<u32>,
    pub queue: Vec<u32>,
}

impl MirrorMemory {
    /// The bytes its arrays hold room for.
    pub fn bytes(&self) -> usize {
        (self.distances.capacity() + self.queue.capacity()) * std::mem::size_of::<u32>()
    }
}

/// The most squares a board may have for the search to run on it.
pub const MOST_SQUARES: u64 = 1 << 20;

/// Whether the search applies: the board's half turn swaps the two squares, and the board is
/// small enough for its array.
pub fn applies(request: &Request) -> bool {
    let squares = u64::from(request.board.files()) * u64::from(request.board.ranks());
    squares <= MOST_SQUARES && request.to == half_turn(request.board, request.from)
}

fn half_turn(board: Board, square: Position) -> Position {
    Position::new(
        board.files() - 1 - square.file,
        board.ranks() - 1 - square.rank,
    )
}

/// Searches from `request.from` to half the distance, telling `observer` each square reached
/// and expanded, and, at the end, the middle square: reached from the target's side (by the
/// half turn of the walk to its image) and where the two halves meet.
pub fn search_observed<O: Observer + ?Sized>(
    workspace: &mut Workspace,
    request: &Request,
    observer: &mut O,
) -> Result<Outcome, GaveUp> {
    let squares = request.board.files() as usize * request.board.ranks() as usize;
    let MirrorMemory { distances, queue } = &mut workspace.formula.mirror;
    if distances.len() != squares {
        distances.clear();
        distances
            .try_reserve_exact(squares)
            .map_err(out_of_memory(0))?;
        distances.resize(squares, 0);
    }
    queue.clear();
    let found = search_in(distances, queue, &mut workspace.route, request, observer);
    // Every square the search marked is on its queue: unmarked, the array is clean for the
    // next search, at the cost of this one's squares, not of the board's.
    for &square in queue.iter() {
        distances[square as usize] = 0;
    }
    found
}

/// Breadth-first search from the start, a layer at a time, until a layer holds a square whose
/// half turn the search has reached (the module's argument), in `distances` (0: not reached;
/// else the moves from the start, plus one) and `queue` (the squares reached, layer after
/// layer, as indices rank by rank).
fn search_in<O: Observer + ?Sized>(
    distances: &mut [u32],
    queue: &mut Vec<u32>,
    route: &mut Vec<Position>,
    request: &Request,
    observer: &mut O,
) -> Result<Outcome, GaveUp> {
    let Request { board, from, .. } = *request;
    let files = board.files() as usize;
    let last = distances.len() - 1;
    let index = |square: Position| square.rank as usize * files + square.file as usize;
    let square_at = |index: usize| Position::new((index % files) as u32, (index / files) as u32);
    queue.try_reserve(1).map_err(out_of_memory(0))?;
    distances[index(from)] = 1;
    queue.push(index(from) as u32);
    observer.reach(Step::forward(from, 0));
    let most_neighbours = request.piece.steps().len();
    let mut expanded = 0;
    let mut layer_start = 0;
    let mut moves = 0u32;
    loop {
        let layer = layer_start..queue.len();
        if layer.is_empty() {
            return Ok(no_route(expanded));
        }
        // The index of the half turn of the square at index i is last − i. Every sum here has
        // the distance's parity, so the least is there to fix which middle square (the
        // lowest) the route goes through.
        let meeting = queue[layer.clone()]
            .iter()
            .filter_map(|&square| {
                let image = distances[last - square as usize];
                (image != 0).then(|| (moves + image - 1, square as usize))
            })
            .min();
        if let Some((total, middle)) = meeting {
            let middle_square = square_at(middle);
            observer.reach(Step {
                side: Side::Backward,
                ..Step::forward(middle_square, total - moves)
            });
            observer.meet(middle_square);
            if request.with_route {
                room_for_route(route, u64::from(total) + 1, expanded)?;
                walk_back(distances, request, middle, route);
                route.reverse();
                let to_target = route.len();
                walk_back(distances, request, last - middle, route);
                // The walk back from the image, turned, runs from the middle to the target.
                route.remove(to_target);
                for square in &mut route[to_target..] {
                    *square = half_turn(board, *square);
                }
            }
            return Ok(Outcome {
                moves: Some(u64::from(total)),
                expanded,
            });
        }
        for at in layer.clone() {
            let current = square_at(queue[at] as usize);
            expand_one(&mut expanded, request.max_nodes)?;
            observer.expand(Step::forward(current, moves));
            go_on(observer, request.max_nodes)?;
            queue
                .try_reserve(most_neighbours)
                .map_err(out_of_memory(expanded))?;
            for neighbour in board.neighbours(&request.piece, current) {
                let slot = &mut distances[index(neighbour)];
                if *slot == 0 {
                    *slot = moves + 2;
                    queue.push(index(neighbour) as u32);
                    observer.reach(Step::forward(neighbour, moves + 1));
                }
            }
        }
        layer_start = layer.end;
        moves += 1;
    }
}

/// Appends the squares from the one at `index` back to the start, each one move nearer it
/// (the first such neighbour, in the piece's order).
fn walk_back(distances: &[u32], request: &Request, mut index: usize, route: &mut Vec<Position>) {
    let files = request.board.files() as usize;
    let square_at = |index: usize| Position::new((index % files) as u32, (index / files) as u32);
    loop {
        let square = square_at(index);
        route.push(square);
        let distance = distances[index];
        if distance <= 1 {
            return;
        }
        let nearer = request
            .board
            .neighbours(&request.piece, square)
            .map(|n| n.rank as usize * files + n.file as usize)
            .find(|&n| distances[n] == distance - 1);
        match nearer {
            Some(nearer) => index = nearer,
            None => return, // never: a reached square was reached from one a move nearer
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Piece;
    use crate::board::plain_search::plain_distances;
    use crate::engine::observe::Unobserved;

    /// The query from `from` to its half turn on `board`, with no limit.
    fn swapped(board: Board, piece: Piece, from: Position, with_route: bool) -> Request {
        Request {
            board,
            piece,
            from,
            to: half_turn(board, from),
            with_route,
            max_nodes: u64::MAX,
            max_nodes_given: true,
        }
    }

    /// The mirror search on every pair the half turn swaps, on every board up to 11×11, for
    /// every leaper up to (6,6): the plain search's distance, and a route of that many moves
    /// of the piece, on the board, from end to end.
    #[test]
    fn every_swapped_pair_of_small_boards_matches_a_plain_search() {
        let mut workspace = Workspace::new();
        for files in 1..=11 {
            for ranks in 1..=11 {
                let board = Board::new(files, ranks).unwrap();
                for b in 1..=6 {
                    for a in 0..=b {
                        let piece = Piece::leaper(a, b).unwrap();
                        for file in 0..files {
                            for rank in 0..ranks {
                                let from = Position::new(file, rank);
                                let to = half_turn(board, from);
                                if from == to {
                                    continue;
                                }
                                let expected = plain_distances(board, piece, from).to(to);
                                let request = swapped(board, piece, from, true);
                                assert!(applies(&request));
                                workspace.route.clear();
                                let found =
                                    search_observed(&mut workspace, &request, &mut Unobserved);
                                let context = format!("({a},{b}) {board:?} {from:?}");
                                assert_eq!(found.map(|o| o.moves), Ok(expected), "{context}");
                                let Some(moves) = expected else { continue };
                                let route = &workspace.route;
                                assert_eq!(route.len() as u64, moves + 1, "{context}");
                                assert_eq!((route[0], route[route.len() - 1]), (from, to));
                                for pair in route.windows(2) {
                                    let step = pair[0].offset_to(pair[1]);
                                    let legs = (
                                        step.0.abs().min(step.1.abs()),
                                        step.0.abs().max(step.1.abs()),
                                    );
                                    assert_eq!(legs, (i64::from(a), i64::from(b)), "{context}");
                                }
                            }
                        }
                    }
                }
            }
        }
        // The array is left clean between searches: nothing marked.
        assert_left_clean(&workspace);
    }

    /// The mirror's array holds nothing marked between searches, after an answer or a give-up.
    fn assert_left_clean(workspace: &Workspace) {
        let distances = &workspace.formula.mirror.distances;
        assert!(distances.iter().all(|&slot| slot == 0));
    }

    /// KnightL's every query up to n = 40: corner to corner, every (a,b)-leaper with b < n.
    #[test]
    fn corner_to_corner_of_square_boards_up_to_40_matches_a_plain_search() {
        let mut workspace = Workspace::new();
        for n in 2..=40 {
            let board = Board::new(n, n).unwrap();
            let (from, to) = (Position::new(0, 0), Position::new(n - 1, n - 1));
            for b in 1..n {
                for a in 0..=b {
                    let piece = Piece::leaper(a, b).unwrap();
                    let expected = plain_distances(board, piece, from).to(to);
                    let request = swapped(board, piece, from, false);
                    let found = search_observed(&mut workspace, &request, &mut Unobserved);
                    assert_eq!(found.map(|o| o.moves), Ok(expected), "({a},{b}) n = {n}");
                }
            }
        }
    }

    #[test]
    fn a_limit_stops_it_and_a_pair_not_swapped_is_not_its() {
        let board = Board::new(30, 30).unwrap();
        let piece = Piece::leaper(2, 5).unwrap();
        let request = Request {
            max_nodes: 3,
            ..swapped(board, piece, Position::new(0, 0), false)
        };
        let mut workspace = Workspace::new();
        let found = search_observed(&mut workspace, &request, &mut Unobserved);
        assert_eq!(found, Err(GaveUp::Expanded { max_nodes: 3 }));
        assert_left_clean(&workspace);
        let elsewhere = Request {
            to: Position::new(29, 28),
            ..request
        };
        assert!(!applies(&elsewhere));
        let huge = Request {
            board: Board::new(2000, 2000).unwrap(),
            to: Position::new(1999, 1999),
            ..request
        };
        assert!(!applies(&huge));
    }
}
