//! Where a shortest walk's moves go on a board: an order of a [`Plan`]'s moves that keeps every
//! square on the board, found when one of a few shapes has it (most in constant time; the
//! detour in time bounded by [`DETOUR_STATES`], the steered walk in time linear in it and at
//! most [`STEERED_MOVES`] moves a query), and laid move by move in time linear in the walk.
//!
//! On a board without edges any order of a plan's moves is a shortest walk. On a board with
//! them, a walk whose squares all stay on it is a walk of the board too, and since no walk of
//! the board is shorter than the unbounded distance, it is a shortest one there as well: the
//! board's distance is the plan's length, proved. Where no shape fits, this says nothing, and
//! a search answers.
//!
//! The shapes: the plan's two most numerous moves (the *main* ones, which carry the walk
//! across the board) split in two, with the others (the *corrections*, few) between the
//! halves, at the start or at the end; each group of two kinds of move either alternating
//! (pairs, then what is left of the commoner) or one kind after the other, either kind first;
//! the corrections split around all the main moves (into and out of corners); every move
//! spread evenly through the walk ([`Interleaved`], for big pieces' many corrections). Each
//! group's squares lie on at most two straight lines, so its extreme squares, at most four,
//! decide whether it stays on the board: each of these shapes is checked in constant time.
//! Last, for strips, the main moves in pairs that cancel across the strip with a short detour
//! for the rest ([`Detour`]), found by a search of at most [`DETOUR_STATES`] states, or, where
//! that search would be bigger (strips hundreds wide), by taking each next move toward the
//! strip's middle; walked square by square. Last of all, each move steered toward the straight
//! line ([`Steered`]): the shape of walks that zigzag, a big piece's from corner to corner.

use crate::board::{Board, Position};
use crate::engine::formula::lattice::Plan;
use crate::engine::formula::strip;

/// One stretch of a walk: `times` times `first`, or, with a `second`, `times` pairs of `first`
/// then `second`.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    first: (i64, i64),
    second: Option<(i64, i64)>,
    times: i64,
}

impl Run {
    /// Where the run ends, from `start`.
    fn end(&self, start: (i64, i64)) -> (i64, i64) {
        let step = match self.second {
            Some(second) => (self.first.0 + second.0, self.first.1 + second.1),
            None => self.first,
        };
        (start.0 + self.times * step.0, start.1 + self.times * step.1)
    }

    /// Whether every square of the run from `start` is within `low..=high`. Its squares lie
    /// on one line (or, for pairs, two parallel ones), so its ends (and, for pairs, the first
    /// and last squares between) bound them.
    fn within(&self, start: (i64, i64), low: (i64, i64), high: (i64, i64)) -> bool {
        let inside = |q: (i64, i64)| inside(q, low, high);
        let end = self.end(start);
        let between = match (self.second, self.times) {
            (Some(second), 1..) => {
                let last_pair_start = (
                    end.0 - self.first.0 - second.0,
                    end.1 - self.first.1 - second.1,
                );
                inside((start.0 + self.first.0, start.1 + self.first.1))
                    && inside((
                        last_pair_start.0 + self.first.0,
                        last_pair_start.1 + self.first.1,
                    ))
            }
            _ => true,
        };
        inside(start) && inside(end) && between
    }

    fn for_each_move(&self, step: &mut impl FnMut((i64, i64))) {
        for _ in 0..self.times {
            step(self.first);
            if let Some(second) = self.second {
                step(second);
            }
        }
    }
}

/// Whether square `q` is within `low..=high`, each coordinate apart.
fn inside(q: (i64, i64), low: (i64, i64), high: (i64, i64)) -> bool {
    low.0 <= q.0 && q.0 <= high.0 && low.1 <= q.1 && q.1 <= high.1
}

/// How a group of two kinds of move is ordered.
#[derive(Clone, Copy, Debug)]
enum Order {
    /// Alternating, this kind first in each pair; then the rest of the commoner kind.
    Alternating { first_leads: bool },
    /// All of one kind, then all of the other.
    OneThenOther { first_leads: bool },
}

impl Order {
    const ALL: [Order; 4] = [
        Order::Alternating { first_leads: true },
        Order::Alternating { first_leads: false },
        Order::OneThenOther { first_leads: true },
        Order::OneThenOther { first_leads: false },
    ];

    /// `counts` of the two moves `kinds`, in this order, as two runs.
    fn runs(self, kinds: [(i64, i64); 2], counts: [i64; 2]) -> [Run; 2] {
        let single = |kind, times| Run {
            first: kind,
            second: None,
            times,
        };
        match self {
            Order::Alternating { first_leads } => {
                let pairs = counts[0].min(counts[1]);
                let (first, second) = match first_leads {
                    true => (kinds[0], kinds[1]),
                    false => (kinds[1], kinds[0]),
                };
                let rest = match counts[0] >= counts[1] {
                    true => single(kinds[0], counts[0] - pairs),
                    false => single(kinds[1], counts[1] - pairs),
                };
                let paired = Run {
                    first,
                    second: Some(second),
                    times: pairs,
                };
                [paired, rest]
            }
            Order::OneThenOther { first_leads: true } => {
                [single(kinds[0], counts[0]), single(kinds[1], counts[1])]
            }
            Order::OneThenOther { first_leads: false } => {
                [single(kinds[1], counts[1]), single(kinds[0], counts[0])]
            }
        }
    }
}

/// A walk laid on a board: its runs, in order.
#[derive(Clone, Debug)]
pub enum Laid {
    /// Six runs, one after another.
    Runs([Run; 6]),
    /// All four kinds spread evenly through the walk ([`Interleaved`]).
    Interleaved(Interleaved),
    /// Pairs of main moves, a detour, pairs again ([`Detour`]).
    Detour(Detour),
    /// Each move the one nearest the straight line that stays on the board ([`Steered`]).
    Steered(Steered),
}

impl Laid {
    /// Hands each square after `start`, in order, to `visit`: the walk laid from `start` by
    /// [`lay_from`], on its board.
    pub fn for_each_square(&self, start: Position, mut visit: impl FnMut(Position)) {
        let mut at = (i64::from(start.file), i64::from(start.rank));
        self.for_each_move(|(x, y)| {
            at = (at.0 + x, at.1 + y);
            // Within the board by the layout's check: the coordinates fit a u32.
            visit(Position::new(at.0 as u32, at.1 as u32));
        });
    }

    /// Hands each move, in order, to `step`.
    pub fn for_each_move(&self, mut step: impl FnMut((i64, i64))) {
        match self {
            Laid::Runs(runs) => runs.iter().for_each(|run| run.for_each_move(&mut step)),
            Laid::Interleaved(interleaved) => interleaved.for_each_move(step),
            Laid::Detour(detour) => {
                detour.before.for_each_move(&mut step);
                detour.middle.iter().for_each(|&kind| step(kind));
                detour.after.for_each_move(&mut step);
            }
            Laid::Steered(steered) => steered.walk(step),
        }
    }
}

/// Two kinds of move spread evenly: after t of the n = c₀ + c₁ moves (`counts`),
/// ⌊t·c₀/n⌋ of the first kind have been made. So the walk is never further from the
/// straight line between its ends than the difference of the two moves (each coordinate
/// apart): the count of the first kind is within one of its share.
#[derive(Clone, Copy, Debug)]
struct Spread {
    kinds: [(i64, i64); 2],
    counts: [i64; 2],
}

impl Spread {
    fn len(&self) -> i64 {
        self.counts[0] + self.counts[1]
    }

    /// How many of the first kind the first `t` moves hold.
    fn firsts_in(&self, t: i64) -> i64 {
        match self.len() {
            0 => 0,
            // Under 2³² each: the product fits.
            n => (i128::from(t) * i128::from(self.counts[0]) / i128::from(n)) as i64,
        }
    }

    /// The `t`-th move (from 0).
    fn kind_at(&self, t: i64) -> (i64, i64) {
        match self.firsts_in(t + 1) > self.firsts_in(t) {
            true => self.kinds[0],
            false => self.kinds[1],
        }
    }

    /// How far, each coordinate apart, the walk may stray from its straight line: less than
    /// the two kinds' difference.
    fn slack(&self) -> (i64, i64) {
        let [a, b] = self.kinds;
        ((a.0 - b.0).abs(), (a.1 - b.1).abs())
    }
}

/// The main moves' spread and the corrections' spread, spread evenly into each other: after t
/// moves, ⌊t·m/n⌋ of the main stream's (m of n in all) and the rest of the corrections'.
///
/// How far it strays, each coordinate apart: the main stream's and the corrections' own slack,
/// plus where their mix is off by less than a move, the difference of their mean moves (each
/// at most the longest leg b in size). So a walk whose box, its ends' widened by that much,
/// lies on the board, stays on it.
#[derive(Clone, Copy, Debug)]
pub struct Interleaved {
    main: Spread,
    fixes: Spread,
}

impl Interleaved {
    fn slack(&self) -> (i64, i64) {
        let mean = |spread: &Spread, coordinate: fn((i64, i64)) -> i64| {
            // A bound on the size of the mean move: its kinds' largest coordinate.
            spread
                .kinds
                .iter()
                .map(|&k| coordinate(k).abs())
                .max()
                .unwrap_or(0)
        };
        let (m, f) = (self.main.slack(), self.fixes.slack());
        (
            m.0 + f.0 + mean(&self.main, |k| k.0) + mean(&self.fixes, |k| k.0),
            m.1 + f.1 + mean(&self.main, |k| k.1) + mean(&self.fixes, |k| k.1),
        )
    }

    fn for_each_move(&self, mut step: impl FnMut((i64, i64))) {
        let stream = Spread {
            kinds: [(0, 0), (0, 0)],
            counts: [self.main.len(), self.fixes.len()],
        };
        let (mut mains, mut fixes) = (0, 0);
        for t in 0..stream.len() {
            if stream.firsts_in(t + 1) > stream.firsts_in(t) {
                step(self.main.kind_at(mains));
                mains += 1;
            } else {
                step(self.fixes.kind_at(fixes));
                fixes += 1;
            }
        }
    }
}

/// [`lay`] on `board` from `start`: the board's sides seen from that square.
pub fn lay_from(
    plan: &Plan,
    board: Board,
    start: Position,
    budget: &mut SteeringBudget,
) -> Option<Laid> {
    let low = (-i64::from(start.file), -i64::from(start.rank));
    let high = (
        i64::from(board.files() - 1 - start.file),
        i64::from(board.ranks() - 1 - start.rank),
    );
    lay(plan, low, high, budget)
}

/// An order of `plan`'s moves, from the origin, whose squares all lie within `low..=high`
/// (the board, seen from the start), if one of the shapes the module describes has one; the
/// steered shape only within what is left of `budget`.
pub fn lay(
    plan: &Plan,
    low: (i64, i64),
    high: (i64, i64),
    budget: &mut SteeringBudget,
) -> Option<Laid> {
    // Each kind of move with how many times it is made, commonest first.
    let mut kinds: [((i64, i64), i64); 4] = std::array::from_fn(|i| {
        let (x, y) = plan.vectors[i];
        let sign = plan.counts[i].signum();
        ((x * sign, y * sign), plan.counts[i].abs())
    });
    kinds.sort_by_key(|&(_, count)| std::cmp::Reverse(count));
    let [
        (main_1, count_1),
        (main_2, count_2),
        (fix_1, fixes_1),
        (fix_2, fixes_2),
    ] = kinds;
    let (main, fixes) = ([main_1, main_2], [fix_1, fix_2]);
    let (main_counts, fix_counts) = ([count_1, count_2], [fixes_1, fixes_2]);
    let fits = |runs: &[Run; 2], start: (i64, i64)| {
        let middle = runs[0].end(start);
        runs[0].within(start, low, high) && runs[1].within(middle, low, high)
    };
    let after = |runs: &[Run; 2], start: (i64, i64)| runs[1].end(runs[0].end(start));
    // `outer` kinds split in `halves`, with all of the `inner` between them, in the first
    // orders that fit.
    let sandwich = |outer: [(i64, i64); 2],
                    [first_half, second_half]: [[i64; 2]; 2],
                    inner: [(i64, i64); 2],
                    inner_counts: [i64; 2]| {
        for order in Order::ALL {
            let before = order.runs(outer, first_half);
            if !fits(&before, (0, 0)) {
                continue;
            }
            let middle = after(&before, (0, 0));
            for inner_order in Order::ALL {
                let between = inner_order.runs(inner, inner_counts);
                if !fits(&between, middle) {
                    continue;
                }
                let resumed = after(&between, middle);
                for rest_order in Order::ALL {
                    let rest = rest_order.runs(outer, second_half);
                    if fits(&rest, resumed) {
                        let [b1, b2] = before;
                        let [i1, i2] = between;
                        let [r1, r2] = rest;
                        return Some(Laid::Runs([b1, b2, i1, i2, r1, r2]));
                    }
                }
            }
        }
        None
    };
    let halves =
        |counts: [i64; 2], first: [i64; 2]| [first, [counts[0] - first[0], counts[1] - first[1]]];
    // The corrections between the main moves' halves (where a walk from a corner has room on
    // every side), else at the start or at the end (where a walk along an edge may need them,
    // to climb away from it before the main moves fall back to it, or after they rise), else
    // split in two around all the main moves (into a corner and out of one, where the main
    // moves each go outward on one side: the corrections lead in and out).
    let main_splits = [[count_1 / 2, count_2 / 2], [0, 0], [count_1, count_2]];
    main_splits
        .into_iter()
        .find_map(|first| sandwich(main, halves(main_counts, first), fixes, fix_counts))
        .or_else(|| {
            // Half of each before; each kind's odd one before; one kind before, the other
            // after (either way round).
            let fix_splits = [
                [fixes_1 / 2, fixes_2 / 2],
                [(fixes_1 + 1) / 2, (fixes_2 + 1) / 2],
                [fixes_1, 0],
                [0, fixes_2],
            ];
            fix_splits
                .into_iter()
                .find_map(|first| sandwich(fixes, halves(fix_counts, first), main, main_counts))
        })
        .or_else(|| {
            // Last, everything spread evenly: for walks whose corrections are too many to be
            // made in a row (big pieces: hundreds of thousands of them), where the board has
            // room around the straight line.
            let interleaved = Interleaved {
                main: Spread {
                    kinds: main,
                    counts: main_counts,
                },
                fixes: Spread {
                    kinds: fixes,
                    counts: fix_counts,
                },
            };
            let end = plan
                .vectors
                .iter()
                .zip(plan.counts)
                .fold((0, 0), |at, (v, c)| (at.0 + c * v.0, at.1 + c * v.1));
            let (slack_x, slack_y) = interleaved.slack();
            let room = low.0 <= end.0.min(0) - slack_x
                && end.0.max(0) + slack_x <= high.0
                && low.1 <= end.1.min(0) - slack_y
                && end.1.max(0) + slack_y <= high.1;
            room.then_some(Laid::Interleaved(interleaved))
        })
        .or_else(|| {
            let kinds = [main_1, main_2, fix_1, fix_2];
            let counts = [count_1, count_2, fixes_1, fixes_2];
            detour(kinds, counts, low, high).map(Laid::Detour)
        })
        .or_else(|| Steered::lay(plan, low, high, budget).map(Laid::Steered))
}

/// How many moves the steered shape ([`Steered`]) may walk for one query, over every plan and
/// end it is tried from: about a tenth of a second of steering at most. A walk that long is one
/// no other shape has, of a piece big for its board (a million moves and more that zigzag from
/// corner to corner); every other query steers a few walks of a few moves, or none.
pub const STEERED_MOVES: u64 = 1 << 24;

/// The longest walk steered on any board; longer ones only on a board at least
/// [`ROOM_IN_LEGS`] of the piece's longest legs across each way, or too wide for the strip's
/// repeats ([`strip::is_narrow_enough`]).
const SHORT_WALK: u64 = 1 << 10;

/// How many of the piece's longest legs a board must be across, each way, for a walk longer
/// than [`SHORT_WALK`] to be steered on it: room for a zigzag a leg wide to the side of its
/// straight line (a big piece's, corner to corner of 10⁹ × 10⁹, needs about one).
const ROOM_IN_LEGS: i64 = 2;

/// What the steered shape may still walk for one query: [`STEERED_MOVES`] at first, less each
/// walk it steers, whether or not that walk fits.
#[derive(Debug)]
pub struct SteeringBudget {
    moves_left: u64,
}

impl SteeringBudget {
    /// A query's budget: [`STEERED_MOVES`].
    pub fn for_one_query() -> SteeringBudget {
        SteeringBudget {
            moves_left: STEERED_MOVES,
        }
    }

    /// A budget of `moves`, where a strategy has reason to steer less than a query's.
    pub fn of(moves: u64) -> SteeringBudget {
        SteeringBudget {
            moves_left: moves.min(STEERED_MOVES),
        }
    }

    /// Takes `moves` from what is left, if that many are.
    fn take(&mut self, moves: u64) -> bool {
        let enough = moves <= self.moves_left;
        if enough {
            self.moves_left -= moves;
        }
        enough
    }
}

/// A walk whose shape none of the others has (a pair a few dozen moves apart on a strip a few
/// long leaps wide; a big piece's zigzag of a million moves out of one corner and into the
/// other): each next move the kind left that lands nearest the straight line's point for that
/// move, among those that land within `low..=high`. Steered from the start alone, or, where
/// that ends cramped (a corner the last moves cannot enter), in halves: half of each kind
/// steered out from the start, the other half steered back from the end, the two meeting
/// halfway, where a big board has room. Only its rule is kept: steering again makes the same
/// walk, so checking it and laying it cost one pass each, linear in the walk.
#[derive(Clone, Copy, Debug)]
pub struct Steered {
    /// The half steered out from the start (the whole walk, where the other half is empty).
    out: Half,
    /// The half steered back from the end, its moves each the other way.
    back: Half,
}

/// Moves steered from a square: how many of each kind, and the box seen from that square.
#[derive(Clone, Copy, Debug)]
struct Half {
    kinds: [(i64, i64); 4],
    counts: [i64; 4],
    low: (i64, i64),
    high: (i64, i64),
}

impl Steered {
    /// Steers `plan`'s walk within `low..=high`, whole or in halves, if every square of it is
    /// there: each try, whether it fits or not, taken from `budget`.
    fn lay(
        plan: &Plan,
        low: (i64, i64),
        high: (i64, i64),
        budget: &mut SteeringBudget,
    ) -> Option<Steered> {
        // A long walk is steered only where the board has room to zigzag across it, or where
        // the strip's repeats cannot answer: on a strip a few leaps wide, steering a walk of
        // thousands of moves almost always ends against a side after most of them, and the
        // repeats answer such pairs; on one too wide for them, steering is the only cheap try.
        let longest_leg = plan
            .vectors
            .iter()
            .map(|&(x, y)| x.abs().max(y.abs()))
            .max()
            .unwrap_or(0);
        let narrowest = (high.0 - low.0).min(high.1 - low.1) + 1;
        let cramped = narrowest < ROOM_IN_LEGS * longest_leg;
        if plan.moves() > SHORT_WALK && cramped && strip::is_narrow_enough(narrowest, longest_leg) {
            return None;
        }
        let kinds: [(i64, i64); 4] = std::array::from_fn(|i| {
            let (x, y) = plan.vectors[i];
            let sign = plan.counts[i].signum();
            (x * sign, y * sign)
        });
        let counts = plan.counts.map(i64::abs);
        let end = (0..4).fold((0, 0), |at, k| {
            (at.0 + counts[k] * kinds[k].0, at.1 + counts[k] * kinds[k].1)
        });
        // `out` of each kind from the start, the rest back from the end.
        let split = |out: [i64; 4]| Steered {
            out: Half {
                kinds,
                counts: out,
                low,
                high,
            },
            back: Half {
                kinds: kinds.map(|(x, y)| (-x, -y)),
                counts: std::array::from_fn(|k| counts[k] - out[k]),
                low: (low.0 - end.0, low.1 - end.1),
                high: (high.0 - end.0, high.1 - end.1),
            },
        };
        // In halves only a long walk, whose ends may both be cramped corners: a short one
        // that does not fit whole is left to the searches near its ends, which cost less than
        // steering it again.
        let halves = (plan.moves() > SHORT_WALK).then(|| split(counts.map(|count| count / 2)));
        std::iter::once(split(counts))
            .chain(halves)
            .find(|steered| {
                budget.take(plan.moves()) && steered.out.steer(|_| {}) && steered.back.steer(|_| {})
            })
    }

    /// Hands each move of the walk, in order, to `step`: the half out, then the half back's
    /// moves the other way round (kept a byte each meanwhile: the route being laid holds eight
    /// for each square anyway).
    fn walk(&self, mut step: impl FnMut((i64, i64))) {
        let kinds = self.out.kinds;
        self.out.steer(|k| step(kinds[k]));
        let mut back_moves: Vec<u8> = Vec::new();
        self.back.steer(|k| back_moves.push(k as u8));
        for &k in back_moves.iter().rev() {
            step(kinds[usize::from(k)]);
        }
    }
}

impl Half {
    /// Steers its moves from the origin within its box, handing each move's kind to `step`;
    /// false (having stopped) where no kind left lands within the box. Callers keep walks to
    /// [`STEERED_MOVES`], so every product below fits.
    fn steer(&self, mut step: impl FnMut(usize)) -> bool {
        let Half {
            kinds,
            counts,
            low,
            high,
        } = *self;
        let mut left = counts;
        let end = (0..4).fold((0, 0), |at, k| {
            (at.0 + counts[k] * kinds[k].0, at.1 + counts[k] * kinds[k].1)
        });
        let n: i64 = counts.iter().sum();
        let mut at = (0i64, 0i64);
        for t in 1..=n {
            // How far a square is from the line's point after t of the n moves, times n
            // (squared, in whole numbers: n ≤ 2²⁴, the board's sides < 2³¹, each product
            // below 2⁵⁵ and its square in i128).
            let off_line = |(x, y): (i64, i64)| {
                let (dx, dy) = (i128::from(x * n - t * end.0), i128::from(y * n - t * end.1));
                dx * dx + dy * dy
            };
            let next = (0..4)
                .filter(|&k| left[k] > 0)
                .map(|k| (k, (at.0 + kinds[k].0, at.1 + kinds[k].1)))
                .filter(|&(_, square)| inside(square, low, high))
                .min_by_key(|&(_, square)| off_line(square));
            let Some((k, square)) = next else {
                return false;
            };
            left[k] -= 1;
            step(k);
            at = square;
        }
        true
    }
}

/// The most states [`detour`]'s search may visit (squares across the strip times the ways to
/// have made some of each correction): a few hundred kilobytes, a few tens of microseconds.
const DETOUR_STATES: usize = 1 << 16;

/// A walk along a strip too narrow for the other shapes: the two main moves in pairs that
/// cancel across the strip (the walk advances along it and steps back and forth across),
/// then a short detour of single moves, then pairs again. The detour makes every correction
/// and the main moves' excess, in an order found by breadth-first search over where the
/// walk is across the strip and how many of each correction it has made: any order of the
/// plan's moves that stays within the strip's sides passes through those states, so the
/// search finds one wherever one exists. It ignores the long side, which the detour, in the
/// middle of a long walk, does not reach; the walk is checked square by square on both
/// before it is used.
#[derive(Clone, Debug)]
pub struct Detour {
    before: Run,
    middle: Vec<(i64, i64)>,
    after: Run,
}

/// The [`Detour`] of the four `kinds` of move (the two main ones first), each made `counts`
/// times, from the origin within `low..=high`, if there is one.
fn detour(
    kinds: [(i64, i64); 4],
    counts: [i64; 4],
    low: (i64, i64),
    high: (i64, i64),
) -> Option<Detour> {
    let middle = (0..2).find_map(|axis| {
        let across = |v: (i64, i64)| if axis == 0 { v.0 } else { v.1 };
        let step = across(kinds[0]);
        // Only where the pairs cancel across the strip.
        if step == 0 || across(kinds[1]) != -step {
            return None;
        }
        let crossing = Crossing {
            kinds,
            counts,
            sides: (across(low), across(high)),
        };
        match detour_states(counts, crossing.sides)? <= DETOUR_STATES {
            true => crossing.detour_across(&across),
            false => crossing.detour_toward_the_middle(&across),
        }
    })?;
    let used = |kind| middle.iter().filter(|&&k| k == kind).count() as i64;
    let (left_1, left_2) = (counts[0] - used(kinds[0]), counts[1] - used(kinds[1]));
    if left_1 != left_2 || left_1 < 0 {
        return None;
    }
    let inside = |q: (i64, i64)| inside(q, low, high);
    let pairs = |first_leads: bool, times| {
        let (first, second) = match first_leads {
            true => (kinds[0], kinds[1]),
            false => (kinds[1], kinds[0]),
        };
        Run {
            first,
            second: Some(second),
            times,
        }
    };
    // The detour halfway along (where a long walk is furthest from the ends), else first or
    // last.
    for before_times in [left_1 / 2, 0, left_1] {
        for (lead_before, lead_after) in
            [(true, true), (true, false), (false, true), (false, false)]
        {
            let before = pairs(lead_before, before_times);
            if !before.within((0, 0), low, high) {
                continue;
            }
            let mut at = before.end((0, 0));
            let detour_fits = middle.iter().all(|&(x, y)| {
                at = (at.0 + x, at.1 + y);
                inside(at)
            });
            let after = pairs(lead_after, left_1 - before_times);
            if detour_fits && after.within(at, low, high) {
                return Some(Detour {
                    before,
                    middle,
                    after,
                });
            }
        }
    }
    None
}

/// How many states [`Crossing::detour_across`]'s search has: the squares across the strip whose
/// sides are `sides`, times the ways to have made some of each correction (`counts[2..]`); `None`
/// past what a `usize` holds.
fn detour_states(counts: [i64; 4], (low, high): (i64, i64)) -> Option<usize> {
    let width = usize::try_from(high.checked_sub(low)?.checked_add(1)?).ok()?;
    let made = |count: i64| usize::try_from(count).ok()?.checked_add(1);
    width
        .checked_mul(made(counts[2])?)?
        .checked_mul(made(counts[3])?)
}

/// The most moves [`Crossing::detour_toward_the_middle`] makes: a megabyte of moves.
const TOWARD_THE_MIDDLE_MOVES: i64 = 1 << 16;

/// What a detour across a strip must make: the four `kinds` of move (the two main ones
/// first), each `counts` times, across a strip whose `sides` are given from the start.
struct Crossing {
    kinds: [(i64, i64); 4],
    counts: [i64; 4],
    sides: (i64, i64),
}

impl Crossing {
    /// The detour's moves: a shortest sequence, across a strip whose sides are `sides` (from the
    /// start), that makes every correction (`kinds[2..]`, `counts[2..]` times each) and as many
    /// main moves of each kind as leave the rest in cancelling pairs; `None` where there is none
    /// or the search would be too big.
    fn detour_across(&self, across: &impl Fn((i64, i64)) -> i64) -> Option<Vec<(i64, i64)>> {
        let (kinds, counts, (low, high)) = (self.kinds, self.counts, self.sides);
        let width = usize::try_from(high.checked_sub(low)?.checked_add(1)?).ok()?;
        let fixes = [
            usize::try_from(counts[2]).ok()?,
            usize::try_from(counts[3]).ok()?,
        ];
        let states = detour_states(counts, (low, high))?;
        if states > DETOUR_STATES {
            return None;
        }
        // Where the walk ends across: every move of the plan made.
        let goal_across = (0..4).map(|k| counts[k] * across(kinds[k])).sum::<i64>();
        let index = |x: i64, made: [usize; 2]| {
            ((x - low) as usize) + width * (made[0] + (fixes[0] + 1) * made[1])
        };
        let goal = index(goal_across, fixes);
        if !(low..=high).contains(&goal_across) {
            return None;
        }
        // The state each was first reached from and by which kind of move, packed as
        // `previous << 2 | kind` (states < 2¹⁶); all ones where not reached yet. One word a state,
        // all ones to start, so that making the array is a plain fill: it is most of the search's
        // cost, as the search is made for each walk the layout tries along a strip.
        const UNSEEN: u32 = u32::MAX;
        let mut came_from = vec![UNSEEN; states];
        let start = index(0, [0, 0]);
        came_from[start] = (start as u32) << 2;
        let mut queue = vec![(0i64, [0usize, 0usize])];
        let mut next_in_queue = 0;
        while let Some(&(x, made)) = queue.get(next_in_queue) {
            next_in_queue += 1;
            let here = index(x, made);
            if here == goal {
                break;
            }
            for (k, &kind) in kinds.iter().enumerate() {
                let mut next_made = made;
                if k >= 2 {
                    if made[k - 2] == fixes[k - 2] {
                        continue;
                    }
                    next_made[k - 2] += 1;
                }
                let next_x = x + across(kind);
                if !(low..=high).contains(&next_x) {
                    continue;
                }
                let next = index(next_x, next_made);
                if came_from[next] == UNSEEN {
                    came_from[next] = (here as u32) << 2 | k as u32;
                    queue.push((next_x, next_made));
                }
            }
        }
        if came_from[goal] == UNSEEN {
            return None;
        }
        let mut moves = Vec::new();
        let mut at = goal;
        while at != start {
            let packed = came_from[at];
            moves.push(kinds[(packed & 3) as usize]);
            at = (packed >> 2) as usize;
        }
        moves.reverse();
        Some(moves)
    }

    /// The detour's moves where [`Crossing::detour_across`]'s search would be too big (a strip
    /// hundreds of squares wide, tens of corrections): every correction and the main moves' excess,
    /// each next move the one that lands nearest the middle of the strip. Near the middle, a move
    /// of any kind left lands within its own length of it, so on a strip more than twice as wide as
    /// the longest move the walk stays on it while moves both ways are left; once every move left
    /// goes one way, the walk heads straight for its end, which is on the strip. Narrower strips,
    /// or a start too near a side, may fail: `None` then, and the caller's square-by-square check
    /// catches any walk that would leave.
    fn detour_toward_the_middle(
        &self,
        across: &impl Fn((i64, i64)) -> i64,
    ) -> Option<Vec<(i64, i64)>> {
        let (kinds, counts, (low, high)) = (self.kinds, self.counts, self.sides);
        let excess = counts[0] - counts[1];
        let mut left = [excess.max(0), (-excess).max(0), counts[2], counts[3]];
        let total: i64 = left.iter().sum();
        if total > TOWARD_THE_MIDDLE_MOVES {
            return None;
        }
        let mut moves = Vec::with_capacity(total as usize);
        let mut x = 0;
        for _ in 0..total {
            // Twice the distance to the middle, in whole numbers.
            let off_middle = |to: i64| (2 * to - (low + high)).abs();
            let k = (0..4)
                .filter(|&k| left[k] > 0 && (low..=high).contains(&(x + across(kinds[k]))))
                .min_by_key(|&k| off_middle(x + across(kinds[k])))?;
            x += across(kinds[k]);
            left[k] -= 1;
            moves.push(kinds[k]);
        }
        Some(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::formula::lattice::LeaperLattice;

    /// Lays the knight's walk from `from` to `to` on a `files`×`ranks` board and walks it.
    fn walked(files: i64, ranks: i64, from: (i64, i64), to: (i64, i64)) -> Option<Vec<(i64, i64)>> {
        walked_by((1, 2), files, ranks, from, to)
    }

    /// Lays the (a,b)-leaper's walk from `from` to `to` on a `files`×`ranks` board and walks
    /// it, checking each square is on the board.
    fn walked_by(
        (a, b): (u32, u32),
        files: i64,
        ranks: i64,
        from: (i64, i64),
        to: (i64, i64),
    ) -> Option<Vec<(i64, i64)>> {
        let plan = LeaperLattice::new(a, b).plan(to.0 - from.0, to.1 - from.1)?;
        let low = (-from.0, -from.1);
        let high = (files - 1 - from.0, ranks - 1 - from.1);
        let laid = lay(&plan, low, high, &mut SteeringBudget::for_one_query())?;
        let mut at = from;
        let mut squares = vec![at];
        laid.for_each_move(|(x, y)| {
            at = (at.0 + x, at.1 + y);
            squares.push(at);
        });
        Some(squares)
    }

    /// `laid`, walked from `from`, stays on a board `sides` across and along, makes only the
    /// (a,b)-leaper's moves, ends at `to`, and has as many moves as `plan`.
    fn walks_on_the_board(
        laid: &Laid,
        plan: &Plan,
        (from, to): ((i64, i64), (i64, i64)),
        (files, ranks): (i64, i64),
        (a, b): (u32, u32),
    ) {
        let mut at = from;
        let mut moves = 0u64;
        laid.for_each_move(|(x, y)| {
            at = (at.0 + x, at.1 + y);
            moves += 1;
            assert!((0..files).contains(&at.0) && (0..ranks).contains(&at.1));
            let (x, y) = (x.unsigned_abs(), y.unsigned_abs());
            assert_eq!((x.min(y), x.max(y)), (u64::from(a), u64::from(b)));
        });
        assert_eq!((at, moves), (to, plan.moves()));
    }

    /// `laid` was steered, and walks on the board as [`walks_on_the_board`] says.
    fn steered_on_the_board(
        laid: &Laid,
        plan: &Plan,
        ends: ((i64, i64), (i64, i64)),
        sides: (i64, i64),
        piece: (u32, u32),
    ) {
        assert!(matches!(laid, Laid::Steered(_)), "{ends:?}: {laid:?}");
        walks_on_the_board(laid, plan, ends, sides, piece);
    }

    #[test]
    fn a_laid_walk_stays_on_the_board_and_ends_at_the_target() {
        for (files, ranks, from, to) in [
            (8, 8, (0, 0), (7, 7)),
            (1000, 3, (0, 0), (999, 2)),
            (10, 10, (0, 0), (9, 0)),
            (100, 100, (50, 50), (51, 50)),
        ] {
            let squares = walked(files, ranks, from, to).expect("a shape fits");
            assert_eq!(squares.last(), Some(&to));
            for &(x, y) in &squares {
                assert!(
                    (0..files).contains(&x) && (0..ranks).contains(&y),
                    "{squares:?}"
                );
            }
            for pair in squares.windows(2) {
                let (dx, dy) = (pair[1].0 - pair[0].0, pair[1].1 - pair[0].1);
                assert_eq!((dx.abs().min(dy.abs()), dx.abs().max(dy.abs())), (1, 2));
            }
        }
    }

    #[test]
    fn corrections_split_around_the_main_moves_lead_out_of_a_corner_and_into_the_other() {
        // The (1,16)-leaper from corner to corner of 300×300: 12 each of (−1,16) and (16,−1),
        // which both leave the board from a corner, and 7 each of (16,1) and (1,16), which
        // must lead out of the first corner and into the last.
        let squares = walked_by((1, 16), 300, 300, (0, 0), (299, 299)).expect("a shape fits");
        assert_eq!((squares.len(), squares.last()), (39, Some(&(299, 299))));
        assert!(
            squares
                .iter()
                .all(|&(x, y)| (0..300).contains(&x) && (0..300).contains(&y))
        );
    }

    #[test]
    fn a_big_piece_s_many_corrections_are_spread_through_the_walk() {
        // (841235, 888599) on 10⁹ × 10⁹ between squares 5.5 × 10⁸ apart: 750,734
        // moves, most of them corrections, which no run of one kind keeps on the board.
        let (a, b): (u32, u32) = (841_235, 888_599);
        let side = 1_000_000_000;
        let from = (600_000_000, 400_000_000);
        let to = (from.0 - 546_218_466, from.1 + 58_853_806);
        let squares = walked_by((a, b), side, side, from, to).expect("a shape fits");
        assert_eq!((squares.len(), squares.last()), (750_735, Some(&to)));
        assert!(
            squares
                .iter()
                .all(|&(x, y)| (0..side).contains(&x) && (0..side).contains(&y))
        );
        for pair in squares.windows(2) {
            let (dx, dy) = ((pair[1].0 - pair[0].0).abs(), (pair[1].1 - pair[0].1).abs());
            assert_eq!((dx.min(dy), dx.max(dy)), (i64::from(a), i64::from(b)));
        }
    }

    /// Far pairs of narrow strips, where the main moves must go in pairs that cancel across
    /// the strip: the (7,8)-leaper on 40 × 10⁵ and the zebra on 4 × 10⁵, each pair laid for
    /// its first plan or one as short, walked square by square on the strip; some by the
    /// detour, and some of the zebra's only by a plan other than the first.
    #[test]
    fn narrow_strips_take_a_detour_or_another_plan_as_short() {
        let (mut detours, mut others) = (0, 0);
        for ((a, b), width) in [((7u32, 8u32), 40i64), ((2, 3), 4)] {
            let lattice = LeaperLattice::new(a, b);
            let length = 100_000i64;
            let mut random = fastrand::Rng::with_seed(0x2545_f491_4f6c_dd1d);
            let mut below = |bound: i64| random.i64(0..bound);
            for _ in 0..300 {
                let from = (below(width), below(1000));
                let to = (below(width), length - 1 - below(1000));
                let (dx, dy) = (to.0 - from.0, to.1 - from.1);
                let Some(plan) = lattice.plan(dx, dy) else {
                    continue;
                };
                let (low, high) = (
                    (-from.0, -from.1),
                    (width - 1 - from.0, length - 1 - from.1),
                );
                let laid = lattice
                    .shortest_plans(plan, 16)
                    .into_iter()
                    .enumerate()
                    .find_map(|(i, plan)| {
                        lay(&plan, low, high, &mut SteeringBudget::for_one_query())
                            .map(|laid| (i, plan, laid))
                    });
                // Pairs the zebra joins on 4 wide only by longer walks are not laid: skip them.
                let Some((i, plan, laid)) = laid else {
                    continue;
                };
                others += usize::from(i > 0);
                detours += usize::from(matches!(laid, Laid::Detour(_)));
                walks_on_the_board(&laid, &plan, (from, to), (width, length), (a, b));
            }
        }
        assert!(
            detours > 0 && others > 0,
            "{detours} detours, {others} other plans"
        );
    }

    /// Far pairs of strips hundreds of squares wide for big pieces, whose detour has too many
    /// states for the search (500 across times tens of corrections of each kind): the
    /// (13,50)-leaper on 500 wide, from near a side (which the even spread's slack does not
    /// allow), laid by the detour toward the middle and walked square by square; and pairs
    /// nowhere near a side are laid too.
    #[test]
    fn wide_strips_of_big_pieces_take_the_detour_toward_the_middle() {
        let (width, length) = (500i64, 1_000_000_000i64);
        let lattice = LeaperLattice::new(13, 50);
        let mut toward_the_middle = 0;
        for (from, to) in [
            ((386, 16), (449, 999_999_946)),
            ((396, 499_999_960), (363, 999_999_964)),
            ((390, 500_000_019), (262, 999_999_987)),
            ((5, 100), (490, 999_999_000)),
            ((250, 1000), (251, 999_000_000)),
        ] {
            let plan = lattice.plan(to.0 - from.0, to.1 - from.1).unwrap();
            let low = (-from.0, -from.1);
            let high = (width - 1 - from.0, length - 1 - from.1);
            let laid = lay(&plan, low, high, &mut SteeringBudget::for_one_query()).expect("laid");
            if let Laid::Detour(detour) = &laid {
                toward_the_middle += usize::from(!detour.middle.is_empty());
            }
            walks_on_the_board(&laid, &plan, (from, to), (width, length), (13, 50));
        }
        assert!(toward_the_middle >= 3, "{toward_the_middle}");
    }

    /// Pairs whose moves in runs would leave the board, a few dozen moves apart or fewer, are
    /// laid move by move along the straight line: the (45,46)-leaper 1,076 rows apart on a
    /// strip 500 wide, and the zebra and the (2,5)-leaper on 8×8; each walk stays on the
    /// board, ends at the target and is as long as the plan.
    #[test]
    fn close_pairs_are_laid_along_the_line() {
        for ((a, b), (files, ranks), from, to) in [
            (
                (45, 46),
                (500, 1_000_000_000),
                (217, 499_999_969),
                (49, 500_001_045),
            ),
            (
                (45, 46),
                (500, 1_000_000_000),
                (399, 500_000_026),
                (335, 500_011_559),
            ),
            ((2, 3), (8, 8), (7, 7), (6, 7)),
            ((2, 5), (8, 8), (0, 3), (4, 1)),
        ] {
            let lattice = LeaperLattice::new(a, b);
            let plan = lattice.plan(to.0 - from.0, to.1 - from.1).unwrap();
            let low = (-from.0, -from.1);
            let high = (files - 1 - from.0, ranks - 1 - from.1);
            let laid = lattice
                .shortest_plans(plan, 16)
                .into_iter()
                .find_map(|plan| {
                    lay(&plan, low, high, &mut SteeringBudget::for_one_query())
                        .map(|laid| (plan, laid))
                });
            let (plan, laid) = laid.unwrap_or_else(|| panic!("{from:?} {to:?}: not laid"));
            steered_on_the_board(&laid, &plan, (from, to), (files, ranks), (a, b));
        }
    }

    #[test]
    fn no_walk_is_laid_where_none_fits() {
        // The corner to the square diagonally next to it: the two-move walks leave the board.
        assert_eq!(walked(8, 8, (0, 0), (1, 1)), None);
    }

    /// Big pieces from corner to corner of 10⁹ × 10⁹ (and one along an edge), whose walks
    /// zigzag: the (1,10⁶)-leaper's 1,999,998 moves go back and forth a million squares
    /// while they climb two ranks a round. No run of one kind, nor an even spread, stays on
    /// the board out of the corner and into the other; steered, whole or in halves, each walk
    /// does, is made of the piece's moves, ends at the target and is as long as the plan.
    #[test]
    fn big_pieces_zigzag_from_corner_to_corner_steered() {
        let side: i64 = 1_000_000_000;
        let far = side - 1;
        for ((a, b), from, to) in [
            ((1, 1_000_000), (0, 0), (far, far)),
            ((1, 1_000_000), (far, 0), (0, far)),
            ((329_735, 500_181), (0, 0), (far, far)),
            ((189_566, 612_851), (1, 0), (far, 0)),
            ((189_566, 612_851), (0, 0), (far, far)),
            ((189_566, 612_851), (far, far), (0, 0)),
        ] {
            let plan = LeaperLattice::new(a, b)
                .plan(to.0 - from.0, to.1 - from.1)
                .unwrap();
            let low = (-from.0, -from.1);
            let high = (far - from.0, far - from.1);
            let budget = &mut SteeringBudget::for_one_query();
            let laid = lay(&plan, low, high, budget).unwrap_or_else(|| panic!("{from:?} {to:?}"));
            steered_on_the_board(&laid, &plan, (from, to), (side, side), (a, b));
        }
    }

    /// A query steers at most [`STEERED_MOVES`] moves in all: a walk longer than what is left
    /// is not tried, and the budget spent on one walk is gone for the next.
    #[test]
    fn steering_stops_at_the_query_s_budget() {
        let side: i64 = 1_000_000_000;
        let plan = LeaperLattice::new(1, 1_000_000)
            .plan(side - 1, side - 1)
            .unwrap();
        let (low, high) = ((0, 0), (side - 1, side - 1));
        let budget = &mut SteeringBudget::for_one_query();
        let mut laid = 0;
        while lay(&plan, low, high, budget).is_some() {
            laid += 1;
        }
        // 1,999,998 moves a walk, steered whole (it fits): 8 walks of 2²⁴ moves.
        assert_eq!(laid, STEERED_MOVES / plan.moves());
    }
}
