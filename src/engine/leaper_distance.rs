//! Any (a,b)-leaper's distance on a board without edges, in O(1) a query after a precomputation
//! bounded by the piece (not by the board): the closed form docs/ARCHITECTURE.md argues ("Every
//! leaper's distance"), proved square by square by a lower bound that meets a construction.
//!
//! After dividing out g = gcd(a,b), and by the board's symmetry taking the target (x, y) with
//! x ≥ y ≥ 0, the moves that go furthest are v = (b,a) and its neighbours w = (b,−a) and
//! u = (a,b). The octant splits into two cones: F1 between w and v (where x/b is the best any
//! move can do a move) and F2 between v and u (where (x+y)/(a+b) is). For a cone spanned by
//! v1 and v2 and its functional φ (φ = 1 on v1 and v2, < 1 on every other move):
//!
//! - **Lower bound.** n moves reaching p satisfy n = φ(p) + Σ (1 − φ(m)) over the moves, and
//!   the moves are a walk from 0 to p's class in the finite group Z² / ⟨v1, v2⟩. So
//!   n ≥ φ(p) + E(class of p), where E is the cheapest walk (Dijkstra over the classes, with
//!   the weights 1 − φ(m) ≥ 0), whatever p is.
//! - **Construction.** That cheapest walk ends at some vector s, and p − s lies in ⟨v1, v2⟩;
//!   when its coefficients are ≥ 0, the walk followed by that many v1 and v2 reaches p in
//!   exactly φ(p) + E moves. Bound met: the distance, exactly.
//!
//! The construction fails only near the cone's rays. Near the ray of v it is replaced by the
//! same argument along v alone: the functional λ with λ(v) = 1 and the transverse coordinate
//! τ (τ(v) = 0) give n ≥ λ(p) + G(τ(p)), G the cheapest walk on the line of τ values, met when
//! λ(p) ≥ λ of that walk's end. Near the origin, where neither holds, a breadth-first search
//! of a window around it gives the distances, exact where the window holds a shortest path.
//! Every answer outside the table is thus a lower bound met by a path; the tests hold all of
//! it to a search on every square of big windows for every leaper up to (8,8).

use std::collections::{BinaryHeap, HashMap, VecDeque};

/// The most squares the window searched for the table near the origin may hold: pieces whose
/// table would need more are declined (their distances are searched as before).
pub(crate) const MOST_WINDOW_SQUARES: u64 = 16_000_000;

/// The most classes a cone's walks, or transverse values the ray's, may number: beyond, the
/// piece is declined before any work.
const MOST_WALKS: i64 = 200_000;

/// A shortest path, in the displacement's frame: the octant x ≥ y ≥ 0, coordinates divided
/// by gcd(a,b), the start at the origin.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Shortest<'a> {
    /// The piece never gets there.
    Never,
    /// Near the origin, from the table: a search's distance, whose paths stay within
    /// `moves`·b of the start.
    Searched { moves: u64, b: i64 },
    /// A lower bound met by a path built of a cheapest walk and main moves.
    Built(Built<'a>),
}

/// Where a walk is rebuilt from: a cone's walks or the ray's.
#[derive(Clone, Copy, Debug)]
enum Walker<'a> {
    /// No walk: the (0,1)- and (1,1)-leapers go straight.
    Empty,
    Cone(&'a Cone),
    Ray(&'a Ray),
}

/// A path built by the construction: `counts[i]` times `vectors[i]` (the cone's two vectors,
/// or v twice over for the ray, the second count 0), with a cheapest walk among them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Built<'a> {
    walk: &'a Walk,
    walk_to: Walker<'a>,
    vectors: [(i64, i64); 2],
    counts: [i64; 2],
}

/// One stretch of a path: `times` times `first`, or, with a `second`, `times` pairs of
/// `first` then `second`.
#[derive(Clone, Copy, Debug)]
struct Run {
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
        let inside = |q: (i64, i64)| low.0 <= q.0 && q.0 <= high.0 && low.1 <= q.1 && q.1 <= high.1;
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

impl<'a> Built<'a> {
    pub(crate) fn moves(&self) -> u64 {
        (self.walk.moves + self.counts[0] + self.counts[1]) as u64
    }

    /// The walk's moves, first to last.
    fn walk_moves(&self) -> Vec<(i64, i64)> {
        match self.walk_to {
            Walker::Empty => Vec::new(),
            Walker::Cone(cone) => rebuilt(self.walk.end, |end| &cone.walks[&cone.class(end)]),
            Walker::Ray(ray) => rebuilt(self.walk.end, |end| {
                &ray.walks[&(ray.a * end.0 - ray.b * end.1)]
            }),
        }
    }

    /// The runs that make `counts` of the two vectors, with pairs first when the vectors
    /// mirror each other (F1: (b,a) and (b,−a), which would otherwise climb or fall by all of
    /// one before the other), `up_first` saying which of the pair leads.
    fn runs(&self, counts: [i64; 2], up_first: bool) -> [Run; 3] {
        let [v1, v2] = self.vectors;
        let none = Run {
            first: v1,
            second: None,
            times: 0,
        };
        if v1 != v2 && v1.0 == v2.0 {
            let pairs = counts[0].min(counts[1]);
            let (first, second) = if up_first { (v1, v2) } else { (v2, v1) };
            let (rest, left) = match counts[0] >= counts[1] {
                true => (v1, counts[0] - pairs),
                false => (v2, counts[1] - pairs),
            };
            [
                Run {
                    first,
                    second: Some(second),
                    times: pairs,
                },
                Run {
                    first: rest,
                    second: None,
                    times: left,
                },
                none,
            ]
        } else {
            [
                Run {
                    first: v1,
                    second: None,
                    times: counts[0],
                },
                Run {
                    first: v2,
                    second: None,
                    times: counts[1],
                },
                none,
            ]
        }
    }

    /// The path's layout: half the main moves, the walk, the other half; and which of each
    /// half's pairs lead. The first layout within `low..=high` (the board, in this frame),
    /// if any.
    fn layout(&self, low: (i64, i64), high: (i64, i64)) -> Option<Layout> {
        // The walk in the middle (where a path from a corner has room on every side), else at
        // the start or at the end (where a path along an edge may need it, to climb away from
        // the edge before the main moves fall back to it, or after they rise).
        let [c1, c2] = self.counts;
        [[c1 / 2, c2 / 2], [0, 0], [c1, c2]]
            .into_iter()
            .find_map(|before| self.layout_with_walk_after(before, low, high))
    }

    /// [`Built::layout`] with the walk after `first_half` of the main moves.
    fn layout_with_walk_after(
        &self,
        first_half: [i64; 2],
        low: (i64, i64),
        high: (i64, i64),
    ) -> Option<Layout> {
        let second_half = [
            self.counts[0] - first_half[0],
            self.counts[1] - first_half[1],
        ];
        let inside = |q: (i64, i64)| low.0 <= q.0 && q.0 <= high.0 && low.1 <= q.1 && q.1 <= high.1;
        let fits = |runs: &[Run; 3], mut at: (i64, i64)| {
            runs.iter().all(|run| {
                let within = run.within(at, low, high);
                at = run.end(at);
                within
            })
        };
        let after = |runs: &[Run; 3], at: (i64, i64)| runs.iter().fold(at, |at, run| run.end(at));
        for up_first in [true, false] {
            let before = self.runs(first_half, up_first);
            if !fits(&before, (0, 0)) {
                continue;
            }
            let middle = after(&before, (0, 0));
            let walk_fits = |(walk_low, walk_high): ((i64, i64), (i64, i64))| {
                inside((middle.0 + walk_low.0, middle.1 + walk_low.1))
                    && inside((middle.0 + walk_high.0, middle.1 + walk_high.1))
            };
            // The walk as found; else its moves in another order (any order ends in the same
            // place): climbing first keeps it off an edge below it, and so on.
            let order = match walk_fits((self.walk.low, self.walk.high)) {
                true => WalkOrder::AsFound,
                false => {
                    let moves = self.walk_moves();
                    WalkOrder::SORTED
                        .into_iter()
                        .find(|&order| walk_fits(bounds(&order.applied(moves.clone()))))?
                }
            };
            let resumed = (middle.0 + self.walk.end.0, middle.1 + self.walk.end.1);
            for up_second in [true, false] {
                let rest = self.runs(second_half, up_second);
                if fits(&rest, resumed) {
                    return Some(Layout {
                        before,
                        order,
                        rest,
                    });
                }
            }
        }
        None
    }

    /// Whether the path can be laid within `low..=high`: the board, in this frame.
    pub(crate) fn fits(&self, low: (i64, i64), high: (i64, i64)) -> bool {
        self.layout(low, high).is_some()
    }

    /// Hands each move of the path laid within `low..=high`, in order, to `step`; `false` (and
    /// no move) when it cannot be laid there.
    pub(crate) fn for_each_move(
        &self,
        low: (i64, i64),
        high: (i64, i64),
        mut step: impl FnMut((i64, i64)),
    ) -> bool {
        let Some(layout) = self.layout(low, high) else {
            return false;
        };
        layout
            .before
            .iter()
            .for_each(|run| run.for_each_move(&mut step));
        let walk = layout.order.applied(self.walk_moves());
        walk.into_iter().for_each(&mut step);
        layout
            .rest
            .iter()
            .for_each(|run| run.for_each_move(&mut step));
        true
    }
}

/// How a path is laid: the runs before the walk, the order of the walk's moves, the runs after.
struct Layout {
    before: [Run; 3],
    order: WalkOrder,
    rest: [Run; 3],
}

/// An order of a walk's moves.
#[derive(Clone, Copy, Debug)]
enum WalkOrder {
    AsFound,
    ClimbFirst,
    FallFirst,
    RightFirst,
    LeftFirst,
}

impl WalkOrder {
    const SORTED: [WalkOrder; 4] = [
        WalkOrder::ClimbFirst,
        WalkOrder::FallFirst,
        WalkOrder::RightFirst,
        WalkOrder::LeftFirst,
    ];

    fn applied(self, mut moves: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
        match self {
            WalkOrder::AsFound => {}
            WalkOrder::ClimbFirst => moves.sort_by_key(|m| -m.1),
            WalkOrder::FallFirst => moves.sort_by_key(|m| m.1),
            WalkOrder::RightFirst => moves.sort_by_key(|m| -m.0),
            WalkOrder::LeftFirst => moves.sort_by_key(|m| m.0),
        }
        moves
    }
}

/// The least and the most of each coordinate over the squares of `moves` from the origin.
fn bounds(moves: &[(i64, i64)]) -> ((i64, i64), (i64, i64)) {
    let (mut at, mut low, mut high) = ((0, 0), (0, 0), (0, 0));
    for m in moves {
        at = (at.0 + m.0, at.1 + m.1);
        low = (low.0.min(at.0), low.1.min(at.1));
        high = (high.0.max(at.0), high.1.max(at.1));
    }
    (low, high)
}

/// One piece's distances on a board without edges.
#[derive(Debug)]
pub(crate) struct LeaperDistance {
    /// gcd(a,b): every displacement is a multiple of it, and is divided by it first.
    g: u64,
    shape: Shape,
}

#[derive(Debug)]
enum Shape {
    /// (0,1) after dividing by g (the wazir, the dabbaba, ...): one coordinate a move.
    Orthogonal,
    /// (1,1) (the ferz, the alfil, ...): both coordinates a move, so only half the squares.
    Diagonal,
    /// 0 < a < b, coprime.
    General(Box<General>),
}

impl LeaperDistance {
    /// The closed form for the (a,b)-leaper, or `None` when its table near the origin would
    /// pass [`MOST_WINDOW_SQUARES`], or the system refuses it memory (under `prlimit --as`, a
    /// declined piece is searched, as a search that runs out of memory says so: no abort).
    pub(crate) fn new(a: u32, b: u32) -> Option<LeaperDistance> {
        let (a, b) = (u64::from(a.min(b)), u64::from(a.max(b)));
        assert!(b > 0, "a leaper moves");
        let g = gcd(a, b);
        let (a, b) = (a / g, b / g);
        let shape = match (a, b) {
            (0, _) => Shape::Orthogonal,
            (1, 1) => Shape::Diagonal,
            _ => Shape::General(Box::new(General::new(a as i64, b as i64)?)),
        };
        Some(LeaperDistance { g, shape })
    }

    /// A shortest path to the square `dx` files and `dy` ranks away, in the frame that turns
    /// that displacement into the octant.
    pub(crate) fn shortest(&self, dx: i64, dy: i64) -> (Frame, Shortest<'_>) {
        let g = self.g as i64;
        let frame = Frame {
            g,
            flip_x: dx < 0,
            flip_y: dy < 0,
            swap: dx.abs() < dy.abs(),
        };
        if dx % g != 0 || dy % g != 0 {
            return (frame, Shortest::Never);
        }
        let (x, y) = frame.to_frame((dx, dy));
        let straight = |vectors, counts| {
            Shortest::Built(Built {
                walk: &Walk::EMPTY,
                walk_to: Walker::Empty,
                vectors,
                counts,
            })
        };
        let shortest = match &self.shape {
            Shape::Orthogonal => straight([(1, 0), (0, 1)], [x, y]),
            Shape::Diagonal if (x + y) % 2 == 1 => Shortest::Never,
            Shape::Diagonal => straight([(1, 1), (1, -1)], [(x + y) / 2, (x - y) / 2]),
            Shape::General(general) => general.shortest(x, y),
        };
        (frame, shortest)
    }
}

/// How a displacement is turned into the octant x ≥ y ≥ 0 and divided by gcd(a,b), and moves
/// turned back: the board's symmetries, which map the piece's moves onto themselves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    g: i64,
    flip_x: bool,
    flip_y: bool,
    swap: bool,
}

impl Frame {
    /// A displacement that is a multiple of g, in the frame.
    fn to_frame(self, (x, y): (i64, i64)) -> (i64, i64) {
        let (x, y) = (
            if self.flip_x { -x } else { x },
            if self.flip_y { -y } else { y },
        );
        let (x, y) = if self.swap { (y, x) } else { (x, y) };
        (x / self.g, y / self.g)
    }

    /// A move of the frame, as the board's files and ranks.
    pub(crate) fn to_board(self, (x, y): (i64, i64)) -> (i64, i64) {
        let (x, y) = if self.swap { (y, x) } else { (x, y) };
        let (x, y) = (
            if self.flip_x { -x } else { x },
            if self.flip_y { -y } else { y },
        );
        (x * self.g, y * self.g)
    }

    /// The rectangle `low..=high` of displacements from the start (the board, as seen from
    /// it), as the frame's rectangle of the points that are multiples of g within it.
    pub(crate) fn rectangle(&self, low: (i64, i64), high: (i64, i64)) -> ((i64, i64), (i64, i64)) {
        let flip = |flipped: bool, low: i64, high: i64| match flipped {
            true => (-high, -low),
            false => (low, high),
        };
        let xs = flip(self.flip_x, low.0, high.0);
        let ys = flip(self.flip_y, low.1, high.1);
        let (xs, ys) = if self.swap { (ys, xs) } else { (xs, ys) };
        let inward =
            |(low, high): (i64, i64)| (-(-low).div_euclid(self.g), high.div_euclid(self.g));
        let (xs, ys) = (inward(xs), inward(ys));
        ((xs.0, ys.0), (xs.1, ys.1))
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    match b {
        0 => a,
        _ => gcd(b, a % b),
    }
}

/// The cheapest walk found to one class or one transverse value: its weight, its number of
/// moves, and where it ends.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    weight: i64,
    moves: i64,
    end: (i64, i64),
    /// Its last move (none for the empty walk): the walk before it is the one stored for
    /// `end − last`, so a walk is rebuilt backwards.
    last: (i64, i64),
    /// The least and the most of each coordinate over its squares, the origin included.
    low: (i64, i64),
    high: (i64, i64),
}

impl Walk {
    const EMPTY: Walk = Walk {
        weight: 0,
        moves: 0,
        end: (0, 0),
        last: (0, 0),
        low: (0, 0),
        high: (0, 0),
    };

    /// This walk followed by `step`, which costs `weight`.
    fn then(&self, step: (i64, i64), weight: i64) -> Walk {
        let end = (self.end.0 + step.0, self.end.1 + step.1);
        Walk {
            weight: self.weight + weight,
            moves: self.moves + 1,
            end,
            last: step,
            low: (self.low.0.min(end.0), self.low.1.min(end.1)),
            high: (self.high.0.max(end.0), self.high.1.max(end.1)),
        }
    }
}

/// A cone of the octant, between the rays of `v1` and `v2`, with its functional
/// φ(q) = (fx·qx + fy·qy) / `scale` (1 on both, less on every other move).
#[derive(Debug)]
struct Cone {
    v1: (i64, i64),
    v2: (i64, i64),
    fx: i64,
    fy: i64,
    scale: i64,
    /// v1 × v2: a point's coefficients on v1 and v2, times it, are (q × v2, v1 × q).
    det: i64,
    /// The cheapest walk to each class of Z² / ⟨v1, v2⟩ that the piece reaches.
    walks: HashMap<(i64, i64), Walk>,
}

impl Cone {
    /// `None` where the system refuses the walks memory.
    fn new(moves: &[(i64, i64)], v1: (i64, i64), v2: (i64, i64), fx: i64, fy: i64) -> Option<Cone> {
        let scale = fx * v1.0 + fy * v1.1;
        let det = v1.0 * v2.1 - v1.1 * v2.0;
        let mut cone = Cone {
            v1,
            v2,
            fx,
            fy,
            scale,
            det,
            walks: HashMap::new(),
        };
        let weight = |m: (i64, i64)| scale - (fx * m.0 + fy * m.1);
        cone.walks = cheapest_walks(moves, |q| Some(cone.class(q)), weight)?;
        Some(cone)
    }

    /// The class of `q` in Z² / ⟨v1, v2⟩: its coefficients' remainders.
    fn class(&self, q: (i64, i64)) -> (i64, i64) {
        let (s, t) = self.scaled_coefficients(q);
        let d = self.det.abs();
        (s.rem_euclid(d), t.rem_euclid(d))
    }

    /// `q`'s coefficients on v1 and v2, times `det`.
    fn scaled_coefficients(&self, q: (i64, i64)) -> (i64, i64) {
        (
            q.0 * self.v2.1 - q.1 * self.v2.0,
            self.v1.0 * q.1 - self.v1.1 * q.0,
        )
    }

    /// A shortest path to `p`, when the cheapest walk to its class, followed by v1 and v2
    /// only, reaches it (`None` when it does not; `Some(Never)` when no walk reaches its class).
    fn certified(&self, p: (i64, i64)) -> Option<Shortest<'_>> {
        let Some(walk) = self.walks.get(&self.class(p)) else {
            return Some(Shortest::Never);
        };
        let rest = (p.0 - walk.end.0, p.1 - walk.end.1);
        let (s, t) = self.scaled_coefficients(rest);
        let (s, t) = (s * self.det.signum(), t * self.det.signum());
        if s < 0 || t < 0 {
            return None;
        }
        let d = self.det.abs();
        debug_assert!(
            s % d == 0 && t % d == 0,
            "the rest is in the lattice of v1 and v2"
        );
        let built = Built {
            walk,
            walk_to: Walker::Cone(self),
            vectors: [self.v1, self.v2],
            counts: [s / d, t / d],
        };
        debug_assert_eq!(
            built.moves() as i64 * self.scale,
            self.fx * p.0 + self.fy * p.1 + walk.weight,
            "the construction's moves are the lower bound"
        );
        Some(Shortest::Built(built))
    }

    /// The most any cheapest walk's end has on v1 and on v2 (0 at least): outside that far
    /// from both rays, every point is certified.
    fn reach(&self) -> (f64, f64) {
        let d = self.det as f64;
        self.walks.values().fold((0.0f64, 0.0f64), |(s, t), walk| {
            let (ws, wt) = self.scaled_coefficients(walk.end);
            (s.max(ws as f64 / d), t.max(wt as f64 / d))
        })
    }
}

/// The ray of v = (b,a) between the two cones: λ(q) = (b·qx + a·qy) / (a² + b²), τ(q) = a·qx − b·qy.
#[derive(Debug)]
struct Ray {
    a: i64,
    b: i64,
    /// The largest |τ| answered here.
    most_transverse: i64,
    /// The cheapest walk to each transverse value up to `most_transverse`.
    walks: HashMap<i64, Walk>,
}

impl Ray {
    /// `None` where the system refuses the walks memory.
    fn new(moves: &[(i64, i64)], a: i64, b: i64, most_transverse: i64) -> Option<Ray> {
        let step = moves
            .iter()
            .map(|&(x, y)| (a * x - b * y).abs())
            .max()
            .unwrap_or(0);
        // A multiset of moves whose τ sum to τ can be ordered so that every partial sum stays
        // within one step of [min(0, τ), max(0, τ)]: a walk in this range finds them all.
        let limit = most_transverse + step;
        let transverse = |q: (i64, i64)| {
            let t = a * q.0 - b * q.1;
            (t.abs() <= limit).then_some((t, 0))
        };
        let scale = a * a + b * b;
        let walks = cheapest_walks(moves, transverse, |m| scale - (b * m.0 + a * m.1))?;
        let mut by_transverse = HashMap::new();
        by_transverse.try_reserve(walks.len()).ok()?;
        by_transverse.extend(walks.into_iter().map(|((t, _), walk)| (t, walk)));
        Some(Ray {
            a,
            b,
            most_transverse,
            walks: by_transverse,
        })
    }

    /// A shortest path to `p`, when the cheapest walk to its transverse value, followed by v
    /// only, reaches it.
    fn certified(&self, p: (i64, i64)) -> Option<Shortest<'_>> {
        let (a, b) = (self.a, self.b);
        let t = a * p.0 - b * p.1;
        if t.abs() > self.most_transverse {
            return None;
        }
        let Some(walk) = self.walks.get(&t) else {
            return Some(Shortest::Never);
        };
        let along = |q: (i64, i64)| b * q.0 + a * q.1;
        let rest = along(p) - along(walk.end);
        if rest < 0 {
            return None;
        }
        let scale = a * a + b * b;
        debug_assert!(rest % scale == 0, "the rest is a multiple of v");
        Some(Shortest::Built(Built {
            walk,
            walk_to: Walker::Ray(self),
            vectors: [(b, a), (b, a)],
            counts: [rest / scale, 0],
        }))
    }

    /// The largest λ (times a² + b²) of the walks' ends: beyond it, every point near the ray
    /// is certified.
    fn reach(&self) -> i64 {
        let (a, b) = (self.a, self.b);
        self.walks
            .values()
            .map(|walk| b * walk.end.0 + a * walk.end.1)
            .max()
            .unwrap_or(0)
    }
}

/// Dijkstra from the origin over the keys `key` gives points (`None`: outside the range
/// walked), each move costing `weight`: the cheapest walk to every key reached, ties broken
/// towards fewer moves. Each stored walk is a stored walk and one move, so it can be rebuilt.
/// `None` where the system refuses memory for them.
fn cheapest_walks<K: std::hash::Hash + Eq + Copy>(
    moves: &[(i64, i64)],
    key: impl Fn((i64, i64)) -> Option<K>,
    weight: impl Fn((i64, i64)) -> i64,
) -> Option<HashMap<K, Walk>> {
    let mut walks = HashMap::new();
    let start = key((0, 0)).expect("the origin is in range");
    walks.insert(start, Walk::EMPTY);
    let mut queue = BinaryHeap::new();
    queue.push(std::cmp::Reverse((0i64, 0i64, (0i64, 0i64))));
    while let Some(std::cmp::Reverse((cost, count, end))) = queue.pop() {
        let here = key(end).expect("only keys in range are queued");
        let Some(&walk) = walks.get(&here) else {
            continue;
        };
        if (walk.weight, walk.moves, walk.end) != (cost, count, end) {
            continue; // an entry for a walk since bettered
        }
        for &m in moves {
            let Some(there) = key((end.0 + m.0, end.1 + m.1)) else {
                continue;
            };
            let found = walk.then(m, weight(m));
            let better = walks.get(&there).is_none_or(|known: &Walk| {
                (found.weight, found.moves) < (known.weight, known.moves)
            });
            if better {
                walks.try_reserve(1).ok()?;
                queue.try_reserve(1).ok()?;
                walks.insert(there, found);
                queue.push(std::cmp::Reverse((found.weight, found.moves, found.end)));
            }
        }
    }
    Some(walks)
}

/// The moves of the stored walk ending at `end`, first to last, rebuilt through `walk_to`.
fn rebuilt<'w>(end: (i64, i64), walk_to: impl Fn((i64, i64)) -> &'w Walk) -> Vec<(i64, i64)> {
    let mut steps = Vec::new();
    let mut at = end;
    while at != (0, 0) {
        let step = walk_to(at).last;
        steps.push(step);
        at = (at.0 - step.0, at.1 - step.1);
    }
    steps.reverse();
    steps
}

/// A coprime 0 < a < b leaper's closed form.
#[derive(Debug)]
struct General {
    a: i64,
    b: i64,
    /// Both odd: only squares with x + y even are reached.
    both_odd: bool,
    /// Between w = (b,−a) and v = (b,a), φ = x/b.
    f1: Cone,
    /// Between v = (b,a) and u = (a,b), φ = (x+y)/(a+b).
    f2: Cone,
    ray: Ray,
    /// The exact distances of the octant's points that no construction reaches.
    table: HashMap<(i64, i64), u64>,
}

impl General {
    fn new(a: i64, b: i64) -> Option<General> {
        if 2 * a * b > MOST_WALKS || b * b - a * a > MOST_WALKS {
            return None;
        }
        let moves = leaper_moves(a, b);
        let f1 = Cone::new(&moves, (b, a), (b, -a), 1, 0)?;
        let f2 = Cone::new(&moves, (b, a), (a, b), 1, 1)?;
        // Where the cones' constructions may fail near v's ray, |τ| is below the most a
        // cheapest walk has on the other ray's vector, times that vector's τ.
        let (f1_v, f1_w) = f1.reach();
        let (f2_v, f2_u) = f2.reach();
        let transverse = (f1_w * (2 * a * b) as f64).max(f2_u * (b * b - a * a) as f64);
        if transverse > MOST_WALKS as f64 {
            return None;
        }
        let ray = Ray::new(&moves, a, b, transverse.ceil() as i64 + 1)?;
        // The rest of the octant that no construction reaches. A cone's construction fails
        // only where a point's coefficient on one of its vectors is under its walks' reach on
        // that vector. On v's, the point is near the other ray: in the octant (where its
        // coefficient on v is the larger) that is near the origin, x under twice the reach
        // times b in F1, the reach times a + b in F2. On the other vector, it is near v's ray,
        // where the ray's construction fails only before its walks' ends.
        let near_f1 = 2.0 * f1_v * b as f64;
        let near_f2 = f2_v * (a + b) as f64;
        let near_ray = ray.reach() as f64 / b as f64;
        let table_x = near_f1.max(near_f2).max(near_ray).ceil() as i64 + 1;
        // The window must reach past every point of the table, so a table this wide could
        // not be searched within the window's budget.
        if ((2 * table_x + 1) as f64).powi(2) > MOST_WINDOW_SQUARES as f64 * 4.0 {
            return None;
        }

        let both_odd = (a + b) % 2 == 0;
        let mut general = General {
            a,
            b,
            both_odd,
            f1,
            f2,
            ray,
            table: HashMap::new(),
        };
        let mut unreached = Vec::new();
        for x in 0..=table_x {
            for y in 0..=x {
                let on_the_lattice = !both_odd || (x + y) % 2 == 0;
                if on_the_lattice && general.certified(x, y).is_none() {
                    unreached.try_reserve(1).ok()?;
                    unreached.push((x, y));
                }
            }
        }
        general.table = exact_distances(&moves, b, &unreached)?;
        Some(general)
    }

    /// The distance to (x, y), x ≥ y ≥ 0, where its cone's or the ray's construction reaches it.
    fn certified(&self, x: i64, y: i64) -> Option<Shortest<'_>> {
        let cone = match self.b * y <= self.a * x {
            true => &self.f1,
            false => &self.f2,
        };
        cone.certified((x, y))
            .or_else(|| self.ray.certified((x, y)))
    }

    /// A shortest path to (x, y), x ≥ y ≥ 0.
    fn shortest(&self, x: i64, y: i64) -> Shortest<'_> {
        if self.both_odd && (x + y) % 2 == 1 {
            return Shortest::Never;
        }
        self.certified(x, y).unwrap_or_else(|| {
            let moves = self.table.get(&(x, y));
            Shortest::Searched {
                moves: *moves.expect("the table holds every point no construction reaches"),
                b: self.b,
            }
        })
    }
}

/// The eight moves of the (a,b)-leaper.
fn leaper_moves(a: i64, b: i64) -> Vec<(i64, i64)> {
    let mut moves = Vec::with_capacity(8);
    for (p, q) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            moves.push((sx * p, sy * q));
        }
    }
    moves.sort_unstable();
    moves.dedup();
    moves
}

const UNREACHED: u16 = u16::MAX;

/// The exact distances of the points `wanted`, from a breadth-first search of a window around
/// the origin, widened until it holds a shortest path to each: a path of d moves stays within
/// d·b of its start, so a distance d found with d·b within the window's half-width would be no
/// shorter on any board. `None` past [`MOST_WINDOW_SQUARES`] (a window of 16 million squares
/// holds no distance near 65,535), or where the system refuses the search memory.
fn exact_distances(
    moves: &[(i64, i64)],
    b: i64,
    wanted: &[(i64, i64)],
) -> Option<HashMap<(i64, i64), u64>> {
    let farthest = wanted.iter().map(|&(x, _)| x).max().unwrap_or(0);
    let mut half = farthest + 8 * b;
    loop {
        let side = 2 * half + 1;
        if (side as u64) * (side as u64) > MOST_WINDOW_SQUARES {
            return None;
        }
        let distances = window_search(moves, half)?;
        let at = |x: i64, y: i64| distances[((y + half) * side + x + half) as usize];
        // Every point of the piece's lattice is reached (the tests check it), so one the
        // window does not reach needs a wider window, as one whose path may leave it does.
        let mut table = HashMap::new();
        table.try_reserve(wanted.len()).ok()?;
        let exact = wanted.iter().all(|&(x, y)| {
            let found = at(x, y);
            let exact = found != UNREACHED && i64::from(found) * b <= half;
            if exact {
                table.insert((x, y), u64::from(found));
            }
            exact
        });
        if exact {
            return Some(table);
        }
        half += half / 2;
    }
}

/// Breadth-first search from the origin over the square window |x|, |y| ≤ `half`; `None`
/// where the system refuses it memory.
fn window_search(moves: &[(i64, i64)], half: i64) -> Option<Vec<u16>> {
    let side = 2 * half + 1;
    let index = |x: i64, y: i64| ((y + half) * side + x + half) as usize;
    let mut distances = Vec::new();
    distances.try_reserve_exact((side * side) as usize).ok()?;
    distances.resize((side * side) as usize, UNREACHED);
    distances[index(0, 0)] = 0;
    let mut queue = VecDeque::from([(0i64, 0i64)]);
    while let Some((x, y)) = queue.pop_front() {
        let next = distances[index(x, y)] + 1;
        for &(mx, my) in moves {
            let (nx, ny) = (x + mx, y + my);
            if nx.abs() <= half && ny.abs() <= half && distances[index(nx, ny)] == UNREACHED {
                distances[index(nx, ny)] = next;
                queue.try_reserve(1).ok()?;
                queue.push_back((nx, ny));
            }
        }
    }
    Some(distances)
}
