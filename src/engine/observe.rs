//! Watching a search: what an engine does, step by step, told to an [`Observer`] as it happens,
//! for the pictures and traces that show learners how the engines differ (`--draw=search`,
//! `--format trace`, `--report`).
//!
//! The general searches are written once, generic over their observer. Answering, they are
//! given [`Unobserved`], whose methods do nothing and are inlined away, so watching costs the
//! searches nothing when nobody watches. Watched or not, they take the same steps, and each
//! [`Observer::expand`] is one of the squares [`Outcome::expanded`](crate::engine::Outcome)
//! counts.

use crate::board::Position;
use crate::engine::GaveUp;

/// Which of the searches a step belongs to: bidirectional BFS has two, the others one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// From the start (every search but bidirectional's backward half).
    Forward,
    /// Bidirectional BFS's search from the target.
    Backward,
}

/// One square as a search holds it at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub square: Position,
    pub side: Side,
    /// The moves from the side's own end (A*'s g).
    pub moves: u32,
    /// A*'s lower bound on the moves left (its h); `None` for the searches without one.
    pub bound: Option<u32>,
}

impl Step {
    /// A square of the search from the start (the only side but bidirectional BFS's
    /// backward one), `moves` from it, without a bound.
    pub fn forward(square: Position, moves: u32) -> Step {
        Step {
            square,
            side: Side::Forward,
            moves,
            bound: None,
        }
    }

    /// The same step, with A*'s lower `bound` on the moves left.
    pub fn bounded(self, bound: u32) -> Step {
        Step {
            bound: Some(bound),
            ..self
        }
    }
}

/// What is told of a search, in the order it happens.
pub trait Observer {
    /// `step.square` was reached for the first time, or (A*) by a shorter route: it is now on
    /// the side's queue or open list. The ends are reached before anything is expanded.
    fn reach(&mut self, step: Step);
    /// `step.square` was taken off the queue or open list and counted as expanded; its
    /// neighbours are looked at next (A*'s target excepted: found, it ends the search).
    fn expand(&mut self, step: Step);
    /// Bidirectional BFS: the two searches met at `square`.
    fn meet(&mut self, square: Position);
    /// Whether the watcher has stopped watching (the reader of a trace has gone): the search
    /// then ends at its next expansion, through [`go_on`], instead of running to its end for
    /// nobody.
    #[inline(always)]
    fn has_stopped(&self) -> bool {
        false
    }
}

/// Ends a watched search whose observer has stopped ([`Observer::has_stopped`]), as at its
/// limit. The caller stopped watching for a reason of its own (a failed write) and returns
/// that reason instead of this result, which nobody sees. Unwatched, it is `Ok` and costs
/// nothing: [`Unobserved`] never stops.
#[inline(always)]
pub fn go_on<O: Observer + ?Sized>(observer: &O, max_nodes: u64) -> Result<(), GaveUp> {
    match observer.has_stopped() {
        true => Err(GaveUp::Expanded { max_nodes }),
        false => Ok(()),
    }
}

/// The observer of a search nobody watches: every method does nothing.
pub struct Unobserved;

impl Observer for Unobserved {
    #[inline(always)]
    fn reach(&mut self, _: Step) {}
    #[inline(always)]
    fn expand(&mut self, _: Step) {}
    #[inline(always)]
    fn meet(&mut self, _: Position) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Piece};
    use crate::engine::{Engine, Explained, Request, Workspace};

    /// Everything an observer was told, in order.
    #[derive(Default)]
    struct Recorded {
        reached: Vec<Step>,
        expanded: Vec<Step>,
        met: Vec<Position>,
    }

    impl Observer for Recorded {
        fn reach(&mut self, step: Step) {
            self.reached.push(step);
        }
        fn expand(&mut self, step: Step) {
            self.expanded.push(step);
        }
        fn meet(&mut self, square: Position) {
            self.met.push(square);
        }
    }

    /// A watched search answers as the unwatched one does (route and count included), tells
    /// one expansion for each square it counts, expands only squares it has reached, at the
    /// moves it reached them with, and (bidirectional) meets once, where it found its route.
    fn check(engine: Engine, request: &Request) {
        let (mut plain, mut watched) = (Workspace::new(), Workspace::new());
        let expected = engine.run(&mut plain, request, None);
        let mut recorded = Recorded::default();
        let found = engine.run(&mut watched, request, Some(&mut recorded));
        assert_eq!(found, expected, "{engine} {request:?}");
        assert_eq!(watched.route, plain.route, "{engine} {request:?}");
        let Ok(Explained { outcome, .. }) = found else {
            return;
        };
        assert_eq!(
            recorded.expanded.len() as u64,
            outcome.expanded,
            "{engine} {request:?}"
        );
        for step in &recorded.expanded {
            let reached = recorded
                .reached
                .iter()
                .any(|r| r.square == step.square && r.side == step.side && r.moves == step.moves);
            assert!(reached, "{engine} expanded {step:?} unreached, {request:?}");
        }
        // Bidirectional BFS meets once when it finds a route by searching; the formula at
        // most once, where a strategy of its searches from both ends (or the mirror's two
        // halves) and they meet.
        let meets = usize::from(
            engine == Engine::Bidirectional && outcome.expanded > 0 && outcome.moves.is_some(),
        );
        match engine {
            Engine::Formula => assert!(recorded.met.len() <= 1, "{request:?}"),
            _ => assert_eq!(recorded.met.len(), meets, "{engine} {request:?}"),
        }
        if let (Some(&meeting), true) = (recorded.met.first(), request.with_route) {
            assert!(watched.route.contains(&meeting), "{engine} {request:?}");
        }
        if engine == Engine::Astar {
            assert!(recorded.expanded.iter().all(|step| step.bound.is_some()));
        }
    }

    #[test]
    fn watched_searches_answer_and_count_as_unwatched_ones_on_every_8x8_pair() {
        for from in Board::STANDARD.positions() {
            for to in Board::STANDARD.positions() {
                for engine in Engine::ALL {
                    let request = Request {
                        board: Board::STANDARD,
                        piece: Piece::KNIGHT,
                        from,
                        to,
                        with_route: true,
                        max_nodes: 1_000,
                        max_nodes_given: true,
                    };
                    check(engine, &request);
                }
            }
        }
    }

    #[test]
    fn watched_searches_answer_and_count_as_unwatched_ones_on_random_boards_and_pieces() {
        let pieces = [(1, 2), (1, 3), (2, 3), (0, 1)];
        let mut random = fastrand::Rng::with_seed(0x2243);
        let mut next = |below: u32| random.u32(..below);
        for _ in 0..3000 {
            let board = Board::new(1 + next(40), 1 + next(40)).unwrap();
            let (short, long) = pieces[next(4) as usize];
            let piece = Piece::leaper(short, long).unwrap();
            let mut square = || Position::new(next(board.files()), next(board.ranks()));
            let (from, to) = (square(), square());
            for engine in Engine::all_for(board, piece) {
                let request = Request {
                    board,
                    piece,
                    from,
                    to,
                    with_route: next(2) == 0,
                    max_nodes: if next(10) == 0 {
                        u64::from(next(50))
                    } else {
                        1_000_000
                    },
                    max_nodes_given: true,
                };
                check(engine, &request);
            }
        }
    }
}
