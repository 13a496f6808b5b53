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
const MOST_WINDOW_SQUARES: u64 = 16_000_000;

/// The most classes a cone's walks, or transverse values the ray's, may number: beyond, the
/// piece is declined before any work.
const MOST_WALKS: i64 = 200_000;

/// What the closed form says of one displacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unbounded {
    /// The fewest moves.
    Moves(u64),
    /// The piece never gets there.
    Never,
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
    /// pass [`MOST_WINDOW_SQUARES`].
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

    /// The fewest moves from a square to the one `dx` files and `dy` ranks away.
    pub(crate) fn distance(&self, dx: i64, dy: i64) -> Unbounded {
        let g = self.g as i64;
        if dx % g != 0 || dy % g != 0 {
            return Unbounded::Never;
        }
        let (dx, dy) = ((dx / g).unsigned_abs(), (dy / g).unsigned_abs());
        let (x, y) = (dx.max(dy), dx.min(dy));
        match &self.shape {
            Shape::Orthogonal => Unbounded::Moves(x + y),
            Shape::Diagonal if (x + y) % 2 == 1 => Unbounded::Never,
            Shape::Diagonal => Unbounded::Moves(x),
            Shape::General(general) => general.distance(x as i64, y as i64),
        }
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
struct Walk {
    weight: i64,
    moves: i64,
    end: (i64, i64),
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
    fn new(moves: &[(i64, i64)], v1: (i64, i64), v2: (i64, i64), fx: i64, fy: i64) -> Cone {
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
        cone.walks = cheapest_walks(moves, |q| Some(cone.class(q)), weight);
        cone
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

    /// The distance to `p`, when the cheapest walk to its class, followed by v1 and v2 only,
    /// reaches it (`None` when it does not; `Some(Never)` when no walk reaches its class).
    fn certified(&self, p: (i64, i64)) -> Option<Unbounded> {
        let Some(walk) = self.walks.get(&self.class(p)) else {
            return Some(Unbounded::Never);
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
        let moves = walk.moves + s / d + t / d;
        debug_assert_eq!(
            moves * self.scale,
            self.fx * p.0 + self.fy * p.1 + walk.weight,
            "the construction's moves are the lower bound"
        );
        Some(Unbounded::Moves(moves as u64))
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
    fn new(moves: &[(i64, i64)], a: i64, b: i64, most_transverse: i64) -> Ray {
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
        let walks = cheapest_walks(moves, transverse, |m| scale - (b * m.0 + a * m.1));
        Ray {
            a,
            b,
            most_transverse,
            walks: walks.into_iter().map(|((t, _), walk)| (t, walk)).collect(),
        }
    }

    /// The distance to `p`, when the cheapest walk to its transverse value, followed by v only,
    /// reaches it.
    fn certified(&self, p: (i64, i64)) -> Option<Unbounded> {
        let (a, b) = (self.a, self.b);
        let t = a * p.0 - b * p.1;
        if t.abs() > self.most_transverse {
            return None;
        }
        let Some(walk) = self.walks.get(&t) else {
            return Some(Unbounded::Never);
        };
        let along = |q: (i64, i64)| b * q.0 + a * q.1;
        let rest = along(p) - along(walk.end);
        if rest < 0 {
            return None;
        }
        let scale = a * a + b * b;
        debug_assert!(rest % scale == 0, "the rest is a multiple of v");
        Some(Unbounded::Moves((walk.moves + rest / scale) as u64))
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
/// towards fewer moves.
fn cheapest_walks<K: std::hash::Hash + Eq + Copy>(
    moves: &[(i64, i64)],
    key: impl Fn((i64, i64)) -> Option<K>,
    weight: impl Fn((i64, i64)) -> i64,
) -> HashMap<K, Walk> {
    let origin = (0, 0);
    let mut walks = HashMap::new();
    let start = key(origin).expect("the origin is in range");
    walks.insert(
        start,
        Walk {
            weight: 0,
            moves: 0,
            end: origin,
        },
    );
    let mut queue = BinaryHeap::new();
    queue.push(std::cmp::Reverse((0i64, 0i64, origin)));
    while let Some(std::cmp::Reverse((cost, count, end))) = queue.pop() {
        let here = key(end).expect("only keys in range are queued");
        if walks
            .get(&here)
            .is_some_and(|walk: &Walk| (walk.weight, walk.moves) < (cost, count))
        {
            continue;
        }
        for &m in moves {
            let next = (end.0 + m.0, end.1 + m.1);
            let Some(there) = key(next) else { continue };
            let found = Walk {
                weight: cost + weight(m),
                moves: count + 1,
                end: next,
            };
            let better = walks
                .get(&there)
                .is_none_or(|walk: &Walk| (found.weight, found.moves) < (walk.weight, walk.moves));
            if better {
                walks.insert(there, found);
                queue.push(std::cmp::Reverse((found.weight, found.moves, next)));
            }
        }
    }
    walks
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
        let f1 = Cone::new(&moves, (b, a), (b, -a), 1, 0);
        let f2 = Cone::new(&moves, (b, a), (a, b), 1, 1);
        // Where the cones' constructions may fail near v's ray, |τ| is below the most a
        // cheapest walk has on the other ray's vector, times that vector's τ.
        let (f1_v, f1_w) = f1.reach();
        let (f2_v, f2_u) = f2.reach();
        let transverse = (f1_w * (2 * a * b) as f64).max(f2_u * (b * b - a * a) as f64);
        if transverse > MOST_WALKS as f64 {
            return None;
        }
        let ray = Ray::new(&moves, a, b, transverse.ceil() as i64 + 1);
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
                    unreached.push((x, y));
                }
            }
        }
        general.table = exact_distances(&moves, b, &unreached)?;
        Some(general)
    }

    /// The distance to (x, y), x ≥ y ≥ 0, where its cone's or the ray's construction reaches it.
    fn certified(&self, x: i64, y: i64) -> Option<Unbounded> {
        let cone = match self.b * y <= self.a * x {
            true => &self.f1,
            false => &self.f2,
        };
        cone.certified((x, y))
            .or_else(|| self.ray.certified((x, y)))
    }

    /// The distance to (x, y), x ≥ y ≥ 0.
    fn distance(&self, x: i64, y: i64) -> Unbounded {
        if self.both_odd && (x + y) % 2 == 1 {
            return Unbounded::Never;
        }
        self.certified(x, y).unwrap_or_else(|| {
            let moves = self.table.get(&(x, y));
            Unbounded::Moves(*moves.expect("the table holds every point no construction reaches"))
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
/// holds no distance near 65,535).
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
        let distances = window_search(moves, half);
        let at = |x: i64, y: i64| distances[((y + half) * side + x + half) as usize];
        // Every point of the piece's lattice is reached (the tests check it), so one the
        // window does not reach needs a wider window, as one whose path may leave it does.
        let table: Option<HashMap<(i64, i64), u64>> = wanted
            .iter()
            .map(|&(x, y)| {
                let found = at(x, y);
                (found != UNREACHED && i64::from(found) * b <= half)
                    .then_some(((x, y), u64::from(found)))
            })
            .collect();
        if table.is_some() {
            return table;
        }
        half += half / 2;
    }
}

/// Breadth-first search from the origin over the square window |x|, |y| ≤ `half`.
fn window_search(moves: &[(i64, i64)], half: i64) -> Vec<u16> {
    let side = 2 * half + 1;
    let index = |x: i64, y: i64| ((y + half) * side + x + half) as usize;
    let mut distances = vec![UNREACHED; (side * side) as usize];
    distances[index(0, 0)] = 0;
    let mut queue = VecDeque::from([(0i64, 0i64)]);
    while let Some((x, y)) = queue.pop_front() {
        let next = distances[index(x, y)] + 1;
        for &(mx, my) in moves {
            let (nx, ny) = (x + mx, y + my);
            if nx.abs() <= half && ny.abs() <= half && distances[index(nx, ny)] == UNREACHED {
                distances[index(nx, ny)] = next;
                queue.push_back((nx, ny));
            }
        }
    }
    distances
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distances from the origin by breadth-first search over the window |x|, |y| ≤ `half`
    /// (row by row, `None` where unreached), written apart from the module's own.
    fn searched(a: i64, b: i64, half: i64) -> Vec<Option<u64>> {
        let side = 2 * half + 1;
        let at = |x: i64, y: i64| ((y + half) * side + (x + half)) as usize;
        let mut found = vec![None; (side * side) as usize];
        found[at(0, 0)] = Some(0);
        let mut queue = VecDeque::from([(0i64, 0i64)]);
        while let Some((x, y)) = queue.pop_front() {
            let d = found[at(x, y)].unwrap_or(0);
            for (p, q) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (nx, ny) = (x + sx * p, y + sy * q);
                    if nx.abs() <= half && ny.abs() <= half && found[at(nx, ny)].is_none() {
                        found[at(nx, ny)] = Some(d + 1);
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
        found
    }

    /// Every square of the window |x|, |y| ≤ `half` whose searched distance d has d·b within
    /// it (so the window's edge cannot matter) agrees with the closed form, and so does every
    /// square never reached in the inner half of the window (off the piece's lattice).
    fn agrees_on_a_window(a: u32, b: u32, half: i64) -> usize {
        let closed = LeaperDistance::new(a, b).expect("small pieces are answered");
        let found = searched(i64::from(a), i64::from(b), half);
        let side = 2 * half + 1;
        let mut checked = 0;
        for y in -half..=half {
            for x in -half..=half {
                let expected = match found[((y + half) * side + (x + half)) as usize] {
                    Some(d) if d * u64::from(b) <= half as u64 => Unbounded::Moves(d),
                    Some(_) => continue,
                    None if x.abs() < half / 2 && y.abs() < half / 2 => Unbounded::Never,
                    None => continue,
                };
                assert_eq!(closed.distance(x, y), expected, "({a},{b}) to ({x},{y})");
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn every_leaper_up_to_8_agrees_with_search_on_a_window() {
        for b in 1..=8u32 {
            for a in 0..=b {
                let checked = agrees_on_a_window(a, b, 20 * i64::from(b) + 60);
                assert!(checked > 10_000, "({a},{b}): {checked}");
            }
        }
    }

    /// The same on windows wide enough to hold every table and the rays beyond them.
    #[test]
    #[ignore = "16 million squares a piece: run with cargo test --release -- --ignored"]
    fn every_leaper_up_to_8_agrees_with_search_on_a_wide_window() {
        for b in 1..=8u32 {
            for a in 0..=b {
                agrees_on_a_window(a, b, 2000);
            }
        }
    }

    /// Far away, the distance obeys its own recursion: d(p) = 1 + min over the moves of
    /// d(p − m), which only the true distance does (with d(0) = 0), at random points of a
    /// board of 10⁹ for random pieces up to b = 50.
    #[test]
    fn far_points_obey_the_recursion_for_random_pieces() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        let mut pieces = 0;
        while pieces < 40 {
            let b = 1 + next(50) as u32;
            let a = next(u64::from(b) + 1) as u32;
            let Some(closed) = LeaperDistance::new(a, b) else {
                continue;
            };
            pieces += 1;
            for _ in 0..200 {
                let (x, y) = (next(1_000_000_000) as i64, next(1_000_000_000) as i64);
                let moves = leaper_moves(i64::from(a), i64::from(b));
                let around = moves
                    .iter()
                    .filter_map(|&(mx, my)| match closed.distance(x - mx, y - my) {
                        Unbounded::Moves(d) => Some(d),
                        Unbounded::Never => None,
                    })
                    .min();
                match closed.distance(x, y) {
                    Unbounded::Moves(d) => {
                        assert_eq!(Some(d), around.map(|d| d + 1), "({a},{b}) ({x},{y})")
                    }
                    Unbounded::Never => assert_eq!(around, None, "({a},{b}) ({x},{y})"),
                }
            }
        }
    }
}
