//! Any (a,b)-leaper's distance on a board without edges, in constant time a query, with no
//! precomputation beyond a few gcds: the fewest moves as the shortest vector (in the L1 norm)
//! of a lattice coset in four dimensions.
//!
//! The eight moves are ±v, ±u, ±p, ±q, with v = (b,a), u = (a,b), p = (−a,b), q = (b,−a).
//! Where a walk ends depends only on how many of each move it makes, not on their order, and a
//! shortest walk never makes a move and its opposite (dropping both shortens it). So the
//! distance to t is the least |i| + |j| + |k| + |l| over the integers with
//! i·v + j·u + k·p + l·q = t: the least L1 norm over the integer solutions z of M·z = t, M the
//! 2×4 matrix whose columns are v, u, p and q. Those solutions are one of them, z₀, plus the
//! integer kernel of M, a lattice of rank 2 with basis κ₁, κ₂: z = z₀ + s₁κ₁ + s₂κ₂, s ∈ Z².
//! The distance is therefore the least value over s ∈ Z² of G(s) = ‖z₀ + s₁κ₁ + s₂κ₂‖₁, a
//! convex, piecewise linear function of s that grows without bound in every direction.
//!
//! [`LeaperLattice::new`] finds z₀'s recipe and the kernel once a piece: column operations
//! bring M to lower triangular form (its Hermite normal form, [`hermite`]); the two columns of
//! the transform that M sends to zero span the kernel, and Lagrange's reduction makes them
//! short (where their entries are too big for that, a basis in closed form, [`kernel_basis`],
//! is reduced instead). A query ([`LeaperLattice::plan`]) solves the triangular system for z₀ (no
//! integer solution: the piece never gets there), moves z₀ near the minimum of G over real s
//! (a vertex where two of its four terms vanish, found in floating point, again from where
//! that lands while it moves: only a starting point), and
//! then finds the integer minimum exactly ([`least_norm`]):
//!
//! - for a fixed s₁, G is convex in s₂, smallest at a weighted median m of the points where
//!   its terms vanish; over the integers, at ⌊m⌋ or ⌈m⌉;
//! - h(s₁) = min over real s₂ of G(s₁, s₂) is convex in s₁ (a partial minimum of a convex
//!   function), so from its least integer point it never falls on either side, and a column
//!   s₁ with h(s₁) above the best value found cannot hold the minimum: the scan stops there.
//!
//! Every comparison in the exact part is of integers or of fractions cross-multiplied in
//! `i128`, so nothing is rounded. The tests hold it to breadth-first search on every square of
//! windows around the origin for every leaper up to (8,8) and for random ones up to (50,50),
//! and, through the formula engine, to searches on boards of every shape (tests/).

/// The integers of the lattice's arithmetic: wide enough for every product the method forms
/// (coordinates below 2³¹, legs up to 10⁶, kernel entries at most 10⁶, the transform's below
/// 10³⁰, z₀'s below 10³³).
type Wide = i128;

/// One leaper's lattice: how to solve M·z = t, and the kernel's reduced basis.
#[derive(Clone, Debug)]
pub struct LeaperLattice {
    /// v, u, p, q: the moves z counts, each with its opposite (a negative count).
    vectors: [(i64, i64); 4],
    /// M·U = [[g, 0, 0, 0], [h, d, 0, 0]] for a unimodular U: these three entries.
    triangle: (Wide, Wide, Wide),
    /// U's first two columns: z₀ = y₁·first + y₂·second solves M·z = t.
    particular: [[Wide; 4]; 2],
    /// The kernel's basis, reduced.
    kernel: [[Wide; 4]; 2],
}

/// The moves of a shortest walk on a board without edges: `counts[i]` times `vectors[i]` (a
/// negative count: that many of its opposite), in any order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    pub vectors: [(i64, i64); 4],
    pub counts: [i64; 4],
}

impl Plan {
    /// The walk's length: the fewest moves.
    pub fn moves(&self) -> u64 {
        self.counts.iter().map(|count| count.unsigned_abs()).sum()
    }

    /// The same walk's moves, each the other way: the walk back.
    pub fn reversed(self) -> Plan {
        Plan {
            vectors: self.vectors,
            counts: self.counts.map(|count| -count),
        }
    }
}

impl LeaperLattice {
    /// The lattice of the (a,b)-leaper (either order; not both 0).
    pub fn new(a: u32, b: u32) -> LeaperLattice {
        let (a, b) = (i64::from(a.min(b)), i64::from(a.max(b)));
        let vectors = [(b, a), (a, b), (-a, b), (b, -a)];
        let (triangle, transform) = hermite(vectors);
        let column = |c: usize| std::array::from_fn(|row| transform[row][c]);
        LeaperLattice {
            vectors,
            triangle,
            particular: [column(0), column(1)],
            // Which of the shortest walks a plan is depends on the basis; the transform's,
            // reduced, is kept wherever its reduction fits in `Wide`.
            kernel: reduced([column(2), column(3)])
                .or_else(|| reduced(kernel_basis(a, b)))
                .expect("a basis with entries at most 10⁶ is reduced within i128"),
        }
    }

    /// A shortest walk's moves to (dx, dy); `None` where the piece never gets there.
    pub fn plan(&self, dx: i64, dy: i64) -> Option<Plan> {
        if self.is_straight() {
            return self.straight_plan(dx, dy);
        }
        let (first, second) = self.triangular_solution(dx, dy)?;
        let start: [Wide; 4] =
            std::array::from_fn(|i| first * self.particular[0][i] + second * self.particular[1][i]);
        // z₀ may be huge (its entries reach about 10³² for legs near 10⁶: the transform's
        // entries times a displacement's), and one pass of floating point finds the minimum
        // only to within its rounding of numbers that size: for such a piece, billions of
        // columns away, which the exact scan would then walk. Each pass shrinks what is left
        // by that rounding's factor, so a few bring z₀ to the minimum's neighbourhood.
        // (A pass that moves by at most one column either way is rounding near the minimum,
        // left to the exact scan.)
        let mut centred = self.near_real_minimum(start, 0);
        for _ in 0..8 {
            let next = self.near_real_minimum(centred, 1);
            if next == centred {
                break;
            }
            centred = next;
        }
        let best = least_norm(centred, self.kernel);
        Some(Plan {
            vectors: self.vectors,
            // The least norm is at most the distance, under 2³² for any board.
            counts: best.map(|count| count as i64),
        })
    }

    /// `plan` and other plans of walks as short to the same square, at most `limit` in all:
    /// those the kernel's steps (its basis vectors, their sum and difference, each either
    /// way) reach from `plan` one at a time without lengthening it. A board's sides may keep
    /// one plan's walks off it and not another's (a strip 4 wide takes the zebra's two moves
    /// of (3,2) there and back as (3,2) and (−3,2), not as two of (3,2)).
    pub fn shortest_plans(&self, plan: Plan, limit: usize) -> Vec<Plan> {
        // The straight pieces' plans are unique (their kernel is not used).
        if self.is_straight() {
            return vec![plan];
        }
        let narrow = |vector: [Wide; 4]| vector.map(|entry| i64::try_from(entry).ok());
        let (Some(first), Some(second)) = (
            narrow(self.kernel[0])
                .into_iter()
                .collect::<Option<Vec<i64>>>(),
            narrow(self.kernel[1])
                .into_iter()
                .collect::<Option<Vec<i64>>>(),
        ) else {
            return vec![plan];
        };
        let combined = |sign_1: i64, sign_2: i64| -> [i64; 4] {
            std::array::from_fn(|i| sign_1 * first[i] + sign_2 * second[i])
        };
        let steps = [
            combined(1, 0),
            combined(-1, 0),
            combined(0, 1),
            combined(0, -1),
            combined(1, 1),
            combined(-1, -1),
            combined(1, -1),
            combined(-1, 1),
        ];
        let length = plan.moves();
        let mut plans = vec![plan];
        let mut next = 0;
        while next < plans.len() && plans.len() < limit {
            let counts = plans[next].counts;
            next += 1;
            for step in &steps {
                let moved: Option<[i64; 4]> = (0..4)
                    .map(|i| counts[i].checked_add(step[i]))
                    .collect::<Option<Vec<i64>>>()
                    .and_then(|moved| moved.try_into().ok());
                let Some(moved) = moved else { continue };
                let other = Plan {
                    vectors: self.vectors,
                    counts: moved,
                };
                if other.moves() == length
                    && plans.len() < limit
                    && !plans.iter().any(|known| known.counts == moved)
                {
                    plans.push(other);
                }
            }
        }
        plans
    }

    /// Whether this is a (0,b)- or (a,a)-leaper, whose four vectors are two, each twice
    /// ([`LeaperLattice::straight_plan`]).
    fn is_straight(&self) -> bool {
        let [v, u, ..] = self.vectors;
        v == u || v.1 == 0
    }

    /// (y₁, y₂) with [[g, 0], [h, d]]·(y₁, y₂) = (dx, dy), if integers solve it: in `i64`
    /// where the products fit (every piece but the largest), as `i128` division is slow.
    fn triangular_solution(&self, dx: i64, dy: i64) -> Option<(Wide, Wide)> {
        let (g, h, d) = self.triangle;
        let narrow = (i64::try_from(g), i64::try_from(h), i64::try_from(d));
        if let (Ok(g), Ok(h), Ok(d)) = narrow {
            if dx % g != 0 {
                return None;
            }
            let first = dx / g;
            if let Some(rest) = h.checked_mul(first).and_then(|hx| dy.checked_sub(hx)) {
                return (rest % d == 0).then(|| (Wide::from(first), Wide::from(rest / d)));
            }
        }
        let (x, y) = (Wide::from(dx), Wide::from(dy));
        if x % g != 0 {
            return None;
        }
        let first = x / g;
        let rest = y - h * first;
        (rest % d == 0).then(|| (first, rest / d))
    }

    /// The plan of a (0,b)- or (a,a)-leaper, whose eight moves are four: two vectors and their
    /// opposites, so that the counts are the one solution of a 2×2 system. (The four columns
    /// of the general method would hold each vector twice, and G would be flat along the
    /// kernel vector that trades one copy for the other: the scan would walk its length.)
    fn straight_plan(&self, dx: i64, dy: i64) -> Option<Plan> {
        let [v, ..] = self.vectors;
        let counts = if v.1 == 0 {
            // v = (b,0) and u = (0,b): each coordinate a multiple of b.
            let b = v.0;
            (dx % b == 0 && dy % b == 0).then(|| [dx / b, dy / b, 0, 0])?
        } else {
            // (a,a) and (a,−a), here v and q: i + l = dx/a, i − l = dy/a.
            let a = v.0;
            let (x, y) = (dx / a, dy / a);
            let whole = dx % a == 0 && dy % a == 0 && (x + y) % 2 == 0;
            whole.then(|| [(x + y) / 2, 0, 0, (x - y) / 2])?
        };
        Some(Plan {
            vectors: self.vectors,
            counts,
        })
    }

    /// `start` moved by a kernel vector to near G's minimum over real s: the vertex (two
    /// terms zero) where G is least, found in floating point and rounded. Only a starting
    /// point for the exact search, which walks on from it; it saves walking from afar.
    /// A move by at most `least_move` in both coordinates of s is not made.
    fn near_real_minimum(&self, start: [Wide; 4], least_move: Wide) -> [Wide; 4] {
        let [first, second] = self.kernel;
        let as_float = |vector: [Wide; 4]| vector.map(|entry| entry as f64);
        let (start_f, first_f, second_f) = (as_float(start), as_float(first), as_float(second));
        let norm_at = |s: (f64, f64)| -> f64 {
            (0..4)
                .map(|i| (start_f[i] + s.0 * first_f[i] + s.1 * second_f[i]).abs())
                .sum()
        };
        let mut best: Option<((f64, f64), f64)> = None;
        for i in 0..4 {
            for j in i + 1..4 {
                let (a, b, c) = (first_f[i], second_f[i], -start_f[i]);
                let (e, f, g) = (first_f[j], second_f[j], -start_f[j]);
                let determinant = a * f - b * e;
                if determinant == 0.0 {
                    continue;
                }
                let s = ((c * f - b * g) / determinant, (a * g - c * e) / determinant);
                let norm = norm_at(s);
                if best.is_none_or(|(_, least)| norm < least) {
                    best = Some((s, norm));
                }
            }
        }
        let Some(((s1, s2), _)) = best else {
            return start;
        };
        let (s1, s2) = (s1.round() as Wide, s2.round() as Wide);
        if s1.abs() <= least_move && s2.abs() <= least_move {
            return start;
        }
        std::array::from_fn(|i| start[i] + s1 * first[i] + s2 * second[i])
    }
}

/// M (columns `vectors`) brought to lower triangular form by unimodular column operations:
/// ((g, h, d), U) with M·U = [[g, 0, 0, 0], [h, d, 0, 0]], g, d > 0. Each operation replaces
/// two columns by combinations from the extended Euclidean algorithm, a transform of
/// determinant −1, so U stays invertible over the integers and its last two columns span the
/// integer kernel of M.
fn hermite(vectors: [(i64, i64); 4]) -> ((Wide, Wide, Wide), [[Wide; 4]; 4]) {
    let mut m: [[Wide; 4]; 2] = [
        vectors.map(|v| Wide::from(v.0)),
        vectors.map(|v| Wide::from(v.1)),
    ];
    let mut u: [[Wide; 4]; 4] =
        std::array::from_fn(|r| std::array::from_fn(|c| Wide::from(r == c)));
    for (row, pivot) in [(0, 0), (1, 1)] {
        for other in pivot + 1..4 {
            let (p, q) = (m[row][pivot], m[row][other]);
            if q == 0 {
                continue;
            }
            let (g, x, y) = extended_gcd(p, q);
            // New pivot column x·P + y·Q (row entry g); new other column (q/g)·P − (p/g)·Q
            // (row entry 0). The 2×2 transform [[x, q/g], [y, −p/g]] has determinant −1.
            let (qg, pg) = (q / g, p / g);
            let combine = |column_p: Wide, column_q: Wide| {
                (x * column_p + y * column_q, qg * column_p - pg * column_q)
            };
            // The same column operation on M and on U, which records them.
            for r in m.iter_mut().chain(u.iter_mut()) {
                (r[pivot], r[other]) = combine(r[pivot], r[other]);
            }
        }
        if m[row][pivot] < 0 {
            for r in m.iter_mut().chain(u.iter_mut()) {
                r[pivot] = -r[pivot];
            }
        }
    }
    ((m[0][0], m[1][0], m[1][1]), u)
}

/// A basis of the integer kernel of M (columns v, u, p, q), with entries at most b.
///
/// For where U's last two columns cannot be reduced: they span the kernel too, but their
/// entries reach 10²⁹ for legs near 10⁶, and the dot products of Lagrange's reduction (10⁵⁸)
/// overflow `i128` for most pieces with b above 10⁴ (and some above 10³). Here, with a′ = a/g and b′ = b/g coprime: κ_a = (−a′, b′, −b′, −a′) and
/// κ_b = (−b′, a′, a′, b′) are in the kernel (−a′v + b′u − b′p − a′q = 0 and
/// −b′v + a′u + a′p + b′q = 0), independent (a′ < b′), and span a sublattice whose index in
/// the kernel divides the gcd of their 2×2 minors, gcd(b′² − a′², a′² + b′², 2a′b′): 1 if one
/// of a′, b′ is even, 2 if both are odd, and then (κ_a + κ_b)/2 is integral, in the kernel
/// and not in the sublattice, so it and κ_a span the kernel.
fn kernel_basis(a: i64, b: i64) -> [[Wide; 4]; 2] {
    let g = gcd(a, b);
    let (a, b) = (Wide::from(a / g), Wide::from(b / g));
    let by_a = [-a, b, -b, -a];
    let by_b = [-b, a, a, b];
    match a % 2 == 1 && b % 2 == 1 {
        true => [by_a, std::array::from_fn(|i| (by_a[i] + by_b[i]) / 2)],
        false => [by_a, by_b],
    }
}

fn gcd(mut p: i64, mut q: i64) -> i64 {
    while q != 0 {
        (p, q) = (q, p % q);
    }
    p.abs()
}

/// (g, x, y) with g = gcd(p, q) ≥ 0 and x·p + y·q = g.
fn extended_gcd(p: Wide, q: Wide) -> (Wide, Wide, Wide) {
    let (mut old_r, mut r) = (p, q);
    let (mut old_x, mut x) = (1, 0);
    let (mut old_y, mut y) = (0, 1);
    while r != 0 {
        let quotient = old_r / r;
        (old_r, r) = (r, old_r - quotient * r);
        (old_x, x) = (x, old_x - quotient * x);
        (old_y, y) = (y, old_y - quotient * y);
    }
    match old_r < 0 {
        true => (-old_r, -old_x, -old_y),
        false => (old_r, old_x, old_y),
    }
}

/// Lagrange's reduction of a basis of a rank-2 lattice: the same lattice, spanned by two of
/// its shortest vectors, so that the search around a point looks at few of them. `None` where
/// a product overflows `Wide` (checked: wrapped, the reduction went on with garbage).
fn reduced([mut first, mut second]: [[Wide; 4]; 2]) -> Option<[[Wide; 4]; 2]> {
    let dot = |x: &[Wide; 4], y: &[Wide; 4]| {
        (0..4).try_fold(0 as Wide, |sum, i| sum.checked_add(x[i].checked_mul(y[i])?))
    };
    loop {
        if dot(&first, &first)? > dot(&second, &second)? {
            std::mem::swap(&mut first, &mut second);
        }
        let length = dot(&first, &first)?;
        let along = dot(&first, &second)?;
        // The nearest integer to along / length.
        let times = along
            .checked_mul(2)?
            .checked_add(length)?
            .div_euclid(length.checked_mul(2)?);
        if times == 0 {
            return Some([first, second]);
        }
        for i in 0..4 {
            second[i] = second[i].checked_sub(times.checked_mul(first[i])?)?;
        }
    }
}

/// The point of `start` + (kernel's lattice) with the least L1 norm: the exact minimum over
/// s ∈ Z² of G(s) = ‖start + s₁·κ₁ + s₂·κ₂‖₁, by the scan over s₁ the module's doc argues.
fn least_norm(start: [Wide; 4], [first, second]: [[Wide; 4]; 2]) -> [Wide; 4] {
    let column = |s1: Wide| {
        let offset: [Wide; 4] = std::array::from_fn(|i| start[i] + s1 * first[i]);
        best_in_column(offset, second)
    };
    // The least integer point of h, by descent (h is convex), each column worked out once:
    // `here` at `at`, and its neighbours on both sides.
    let mut at = 0;
    let (mut left, mut here, mut right) = (column(-1), column(0), column(1));
    while right.real_least.is_below(&here.real_least) {
        at += 1;
        (left, here, right) = (here, right, column(at + 1));
    }
    while left.real_least.is_below(&here.real_least) {
        at -= 1;
        (left, here, right) = (column(at - 1), left, here);
    }
    let mut best = here.integer_least;
    for (direction, neighbour) in [(1, right), (-1, left)] {
        let mut s1 = at + direction;
        let mut next = neighbour;
        loop {
            if next.integer_least.0 < best.0 {
                best = next.integer_least;
            }
            if next.real_least.is_above(best.0) {
                break;
            }
            s1 += direction;
            next = column(s1);
        }
    }
    best.1
}

/// A fraction `numerator / denominator`, the denominator positive.
#[derive(Clone, Copy, Debug)]
struct Fraction {
    numerator: Wide,
    denominator: Wide,
}

impl Fraction {
    fn is_below(&self, other: &Fraction) -> bool {
        self.numerator * other.denominator < other.numerator * self.denominator
    }

    fn is_above(&self, whole: Wide) -> bool {
        self.numerator > whole * self.denominator
    }
}

/// One column s₁ of the search: G's least value over real s₂ (h(s₁)) and over integer s₂
/// (with the point where it is had).
struct Column {
    real_least: Fraction,
    integer_least: (Wide, [Wide; 4]),
}

/// The least of ‖offset + s₂·direction‖₁ over real s₂ and over integer s₂.
fn best_in_column(offset: [Wide; 4], direction: [Wide; 4]) -> Column {
    // The points where each term vanishes, −offset/direction, with weights |direction|.
    let mut breaks: [(Fraction, Wide); 4] = [(
        Fraction {
            numerator: 0,
            denominator: 1,
        },
        0,
    ); 4];
    let mut count = 0;
    for i in 0..4 {
        if direction[i] != 0 {
            let sign = direction[i].signum();
            breaks[count] = (
                Fraction {
                    numerator: -offset[i] * sign,
                    denominator: direction[i] * sign,
                },
                direction[i].abs(),
            );
            count += 1;
        }
    }
    let breaks = &mut breaks[..count];
    breaks
        .sort_by(|x, y| (x.0.numerator * y.0.denominator).cmp(&(y.0.numerator * x.0.denominator)));
    let total: Wide = breaks.iter().map(|(_, weight)| weight).sum();
    let mut so_far = 0;
    let median = breaks
        .iter()
        .find(|(_, weight)| {
            so_far += weight;
            2 * so_far >= total
        })
        .map_or(
            Fraction {
                numerator: 0,
                denominator: 1,
            },
            |(point, _)| *point,
        );
    let Fraction {
        numerator,
        denominator,
    } = median;
    let real_least = Fraction {
        numerator: (0..4)
            .map(|i| (offset[i] * denominator + direction[i] * numerator).abs())
            .sum(),
        denominator,
    };
    let floor = numerator.div_euclid(denominator);
    let point = |s2: Wide| -> [Wide; 4] { std::array::from_fn(|i| offset[i] + s2 * direction[i]) };
    let norm = |z: &[Wide; 4]| z.iter().map(|c| c.abs()).sum::<Wide>();
    let (low, high) = (point(floor), point(floor + 1));
    let integer_least = match norm(&low) <= norm(&high) {
        true => (norm(&low), low),
        false => (norm(&high), high),
    };
    Column {
        real_least,
        integer_least,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::plain_search::plain_distances;
    use crate::board::{Board, Piece, Position};

    /// The lattice's distance on every square of an inner window, against the specification's
    /// breadth-first search of a window wide enough that a shortest walk to the inner one
    /// stays within it (checked: every lattice distance is at most the window's, and equal on
    /// the inner one).
    fn agrees_with_search(a: i64, b: i64, inner: i64, outer: i64) {
        let lattice = LeaperLattice::new(a as u32, b as u32);
        // The window [−outer, outer]², a board with the origin in its middle.
        let side = (2 * outer + 1) as u32;
        let piece = Piece::leaper(a as u32, b as u32).unwrap();
        let centre = Position::new(outer as u32, outer as u32);
        let searched = plain_distances(Board::new(side, side).unwrap(), piece, centre);
        for y in -outer..=outer {
            for x in -outer..=outer {
                let found = searched.to(Position::new((x + outer) as u32, (y + outer) as u32));
                let plan = lattice.plan(x, y);
                if let Some(plan) = plan {
                    let reached = (0..4).fold((0, 0), |at, i| {
                        let (vx, vy) = plan.vectors[i];
                        (at.0 + plan.counts[i] * vx, at.1 + plan.counts[i] * vy)
                    });
                    assert_eq!(reached, (x, y), "({a},{b}) plan to ({x},{y}) ends there");
                }
                let moves = plan.map(|plan| plan.moves());
                if x.abs() <= inner && y.abs() <= inner {
                    assert_eq!(moves, found, "({a},{b}) to ({x},{y}): lattice vs search");
                } else if let Some(found) = found {
                    assert!(
                        moves.is_some_and(|moves| moves <= found),
                        "({a},{b}) to ({x},{y}): lattice {moves:?} above a walk of {found}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_leaper_up_to_8_agrees_with_search_near_the_origin() {
        for b in 1..=8 {
            for a in 0..=b {
                agrees_with_search(a, b, 6 * b, 14 * b);
            }
        }
    }

    #[test]
    fn random_leapers_up_to_50_agree_with_search_near_the_origin() {
        // A fixed sample of pieces (seeded: the same every run).
        let mut random = fastrand::Rng::with_seed(0x2545_f491_4f6c_dd1d);
        let mut next = |below: u64| random.u64(..below);
        for _ in 0..12 {
            let b = 9 + next(42) as i64;
            let a = next(b as u64 + 1) as i64;
            agrees_with_search(a, b, 3 * b, 8 * b);
        }
    }

    #[test]
    fn the_largest_pieces_and_squares_do_not_overflow() {
        let far = 999_999_999;
        for (a, b) in [(1, 1_000_000), (999_999, 1_000_000), (0, 1_000_000), (1, 2)] {
            let lattice = LeaperLattice::new(a, b);
            for (dx, dy) in [(far, far), (far, -far), (far, 0), (1, 0), (far, 1)] {
                if let Some(plan) = lattice.plan(dx, dy) {
                    let reached = (0..4).fold((0i128, 0i128), |at, i| {
                        let (vx, vy) = plan.vectors[i];
                        let count = i128::from(plan.counts[i]);
                        (at.0 + count * i128::from(vx), at.1 + count * i128::from(vy))
                    });
                    assert_eq!(reached, (i128::from(dx), i128::from(dy)));
                }
            }
        }
    }

    #[test]
    fn a_large_piece_far_away_is_answered_at_once() {
        // Two faults met here: the kernel taken from the Hermite transform (entries near
        // 10²⁷) overflowed Lagrange's reduction (wrapping), and z₀ (near 10³¹) was centred by one
        // floating-point pass, within its rounding: either left the scan billions of columns
        // to walk, or a walk far longer than the least. The answer must come at once, reach
        // the target, and be the least.
        let (a, b, dx, dy) = (841_235, 888_599, -546_218_466, 58_853_806);
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(LeaperLattice::new(a, b).plan(dx, dy));
        });
        let plan = receiver
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("the plan within seconds")
            .expect("a coprime piece gets everywhere");
        let reached = (0..4).fold((0, 0), |at, i| {
            let (vx, vy) = plan.vectors[i];
            (at.0 + plan.counts[i] * vx, at.1 + plan.counts[i] * vy)
        });
        assert_eq!(reached, (dx, dy));
        // The least norm over the integer points of a box around the real minimum, worked
        // out apart (exact rationals, by brute force): a leap this long needs about b moves
        // of back and forth to land on a given square.
        assert_eq!(plan.moves(), 750_734, "{plan:?}");
    }

    #[test]
    fn the_knight_agrees_with_its_own_closed_form_far_away() {
        let lattice = LeaperLattice::new(1, 2);
        for (dx, dy) in [(999_999_999, 0), (123_456_789, 987_654_321), (-5, 1_000)] {
            assert_eq!(
                lattice.plan(dx, dy).map(|plan| plan.moves()),
                Some(crate::engine::unbounded::unbounded_distance(dx, dy))
            );
        }
    }
}
