//! The pieces that move: the knight, the (1,2)-leaper, and its cousins, every (a,b)-leaper
//! with 0 ≤ a ≤ b, b ≥ 1 (`--piece`).
//!
//! An (a,b)-leaper moves a squares along one axis and b along the other, either way round, in
//! any direction: up to eight moves, four when a is 0 or a equals b.
//!
//! ## When two squares can be joined
//!
//! Let g = gcd(a, b) and (a′, b′) = (a/g, b/g). Two facts hold on every board, because every
//! move keeps them:
//!
//! 1. both coordinates change by multiples of g, so the file difference and the rank difference
//!    must both be multiples of g;
//! 2. when a′ + b′ is even (a′ and b′ both odd), every move changes x/g + y/g by an even number
//!    (a′ ± b′), so (dx + dy)/g must be even: the piece keeps its colour on the lattice.
//!
//! A pair that breaks either is answered "no route" at once, on any board. Within one class
//! (the squares whose coordinates leave the same remainders by g, and of one colour when
//! colour counts), the piece moves as the (a′,b′)-leaper on the sub-board of that class,
//! W′ × H′ squares. Knuth showed ("Leaper graphs", The Mathematical Gazette 78, 1994) that the
//! (r,s)-leaper with gcd 1, r + s odd and r < s reaches every square of an m × n board, m ≤ n,
//! exactly when m ≥ r + s and n ≥ 2s. The same bound makes each colour class of a
//! colour-bound leaper one piece: the unit test
//! `the_reachability_rule_holds_on_every_board_up_to_30x30` checks every decision the rule
//! makes on every board up to 30×30, for every (a,b) with b ≤ 5, against a breadth-first search.
//! A larger board only adds squares that are reached from a smaller window of it, so the bound
//! carries over. The wazir's kin, a′ = 0, reach their whole class on any board.
//!
//! A sub-board too narrow for a move of b′ across it (its shorter side m ≤ b′) has a closed form
//! too: every move there goes a′ across and b′ along, both at once, and neither can wait. If the
//! square's line across (the squares a′ apart) or along (b′ apart) holds no second square, the
//! piece cannot move at all. Otherwise it walks back and forth on two lines of at least two
//! squares each, one step on each a move: it reaches exactly the squares whose differences are
//! a′i across and b′j along with i and j of equal parity (each step changes both by one; a walk
//! of any long enough length of the right parity exists on a line of two or more squares). This
//! settles every (1,b)-leaper (the camel, the giraffe) and the ferz on every board.
//!
//! Between the two (b′ < m < a′ + b′, such as the zebra on boards 4 wide) lies a strip on which
//! both kinds of move fit across but not everywhere: [`strip_joins`] decides it once it is at
//! least 2(a′ + b′) long, for every b′ up to 16 (the limit of its proof's exhaustive base case),
//! which covers every named piece. What is left, short strips and strips of larger leapers, the
//! engines search: quick on small boards, and on a long board a search that
//! finds no route gives up at `--max-nodes` rather than answer.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, KNIGHT_STEPS, Position};

/// An (a,b)-leaper, with a ≤ b, its moves listed once; `--piece` reads it from its name or
/// `A,B`.
///
/// ```
/// use knight_moves::{Board, Engine, Piece, Query, Searcher};
///
/// let camel: Piece = "camel".parse()?;
/// assert_eq!(camel.name(), "camel");
/// assert_eq!("5,2".parse::<Piece>()?.name(), "(2,5)-leaper");
/// let board = Board::STANDARD;
/// let (a1, d2, a2) = (board.parse_square(b"a1")?, board.parse_square(b"d2")?, board.parse_square(b"a2")?);
/// let mut searcher = Searcher::new();
/// assert_eq!(searcher.distance(Engine::Astar, Query::new(board, camel, a1, d2))?, Some(1));
/// assert_eq!(searcher.distance(Engine::Bfs, Query::new(board, camel, a1, a2))?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// a, the shorter leg of its leap.
    short_leg: u32,
    /// b, the longer leg.
    long_leg: u32,
    /// The distinct moves, in the order searches try them (the knight's order for the knight).
    steps: [(i32, i32); 8],
    count: u8,
}

/// The named pieces, with their (a,b).
const NAMED: [(&str, u32, u32); 6] = [
    ("knight", 1, 2),
    ("camel", 1, 3),
    ("zebra", 2, 3),
    ("giraffe", 1, 4),
    ("wazir", 0, 1),
    ("ferz", 1, 1),
];

impl Piece {
    /// The largest b a leaper may have: moves stay far inside the coordinates' range.
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// assert!(Piece::leaper(3, Piece::MAX_LEAP).is_some());
    /// assert!(Piece::leaper(3, Piece::MAX_LEAP + 1).is_none());
    /// ```
    pub const MAX_LEAP: u32 = 1_000_000;

    /// The knight, the (1,2)-leaper: (1,2), (2,1), (2,-1), (1,-2), (-1,-2), (-2,-1), (-2,1),
    /// (-1,2), the order searches try them in.
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// assert_eq!(Piece::KNIGHT, Piece::leaper(2, 1).unwrap());
    /// assert_eq!(Piece::KNIGHT.steps()[..2], [(1, 2), (2, 1)]);
    /// ```
    pub const KNIGHT: Piece = Piece {
        short_leg: 1,
        long_leg: 2,
        steps: knight_steps(),
        count: 8,
    };

    /// The (a,b)-leaper (either order), if 1 ≤ max(a,b) ≤ [`Piece::MAX_LEAP`].
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// assert_eq!(Piece::leaper(3, 1).unwrap().name(), "camel");
    /// assert_eq!(Piece::leaper(0, 1).unwrap().steps().len(), 4); // the wazir: four moves
    /// assert!(Piece::leaper(0, 0).is_none());
    /// ```
    pub fn leaper(a: u32, b: u32) -> Option<Piece> {
        let (a, b) = (a.min(b), a.max(b));
        if !(1..=Piece::MAX_LEAP).contains(&b) {
            return None;
        }
        let (a_, b_) = (a as i32, b as i32);
        // The knight's order, generalised: clockwise from (a, b).
        let all = [
            (a_, b_),
            (b_, a_),
            (b_, -a_),
            (a_, -b_),
            (-a_, -b_),
            (-b_, -a_),
            (-b_, a_),
            (-a_, b_),
        ];
        let mut steps = [(0, 0); 8];
        let mut count = 0;
        for step in all {
            if !steps[..count].contains(&step) {
                steps[count] = step;
                count += 1;
            }
        }
        Some(Piece {
            short_leg: a,
            long_leg: b,
            steps,
            count: count as u8,
        })
    }

    /// Its legs (a, b), with a ≤ b: the (a,b)-leaper moves a squares one way and b the other.
    /// (A*'s bound, `engine::unbounded::lower_bound`, is computed from them, so that the
    /// arithmetic of search stays in the engine layer.)
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// assert_eq!(Piece::KNIGHT.legs(), (1, 2));
    /// assert_eq!(Piece::leaper(7, 3).unwrap().legs(), (3, 7));
    /// assert_eq!("zebra".parse::<Piece>()?.legs(), (2, 3));
    /// # Ok::<(), knight_moves::InvalidPiece>(())
    /// ```
    pub fn legs(self) -> (u32, u32) {
        (self.short_leg, self.long_leg)
    }

    /// g = gcd(a, b) and the (a/g, b/g)-leaper, which is how this piece moves within one class
    /// of squares (those whose coordinates leave the same remainders by g), each a sub-board
    /// of its own (the module's documentation).
    pub fn within_its_class(self) -> (u32, Piece) {
        let g = gcd(self.short_leg, self.long_leg);
        match g {
            1 => (1, self),
            _ => {
                let reduced = Piece::leaper(self.short_leg / g, self.long_leg / g);
                // b/g ≥ 1 and at most b: a leaper too.
                (g, reduced.unwrap_or(self))
            }
        }
    }

    /// Whether this is the knight.
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// assert!(Piece::leaper(1, 2).unwrap().is_knight());
    /// assert!(!Piece::leaper(1, 3).unwrap().is_knight());
    /// ```
    pub fn is_knight(self) -> bool {
        (self.short_leg, self.long_leg) == (1, 2)
    }

    /// The piece's name: `camel`, or `(2,5)-leaper` for one without.
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// assert_eq!(Piece::leaper(2, 3).unwrap().name(), "zebra");
    /// assert_eq!(Piece::leaper(2, 7).unwrap().name(), "(2,7)-leaper");
    /// ```
    pub fn name(self) -> String {
        NAMED
            .iter()
            .find(|&&(_, a, b)| (a, b) == (self.short_leg, self.long_leg))
            .map_or_else(
                || format!("({},{})-leaper", self.short_leg, self.long_leg),
                |&(name, ..)| name.to_owned(),
            )
    }

    /// The moves, in the order searches try them.
    ///
    /// ```
    /// use knight_moves::Piece;
    ///
    /// let ferz = Piece::leaper(1, 1).unwrap();
    /// assert_eq!(ferz.steps(), [(1, 1), (1, -1), (-1, -1), (-1, 1)]);
    /// ```
    pub fn steps(&self) -> &[(i32, i32)] {
        &self.steps[..usize::from(self.count)]
    }

    /// Whether a route joins `from` and `to` on `board`: `Some` when the rule in the module's
    /// documentation decides it, `None` when only a search can tell (narrow boards). The knight
    /// has a closed form on every board ([`Board::joins`]).
    pub fn joins(self, board: Board, from: Position, to: Position) -> Option<bool> {
        if self.is_knight() {
            return Some(board.joins(from, to));
        }
        let g = gcd(self.short_leg, self.long_leg);
        let (a, b) = (self.short_leg / g, self.long_leg / g);
        let (dx, dy) = from.offset_to(to);
        let g_ = i64::from(g);
        if off_the_lattice((a, b), g, dx, dy) {
            return Some(false);
        }
        if from == to || a == 0 {
            return Some(true);
        }
        // The sub-board of the class `from` is in.
        let (w, h) = (
            class_side(board.files(), from.file, g),
            class_side(board.ranks(), from.rank, g),
        );
        let (m, n) = (w.min(h), w.max(h));
        if m >= a + b && n >= 2 * b {
            return Some(true);
        }
        // On the sub-board's own coordinates, across its shorter side and along its longer.
        let (from_across, from_along, across, along) = match w <= h {
            true => (from.file / g, from.rank / g, dx / g_, dy / g_),
            false => (from.rank / g, from.file / g, dy / g_, dx / g_),
        };
        if m > b {
            // Both kinds of move fit across: a strip. What the endless strip does not join, no
            // part of it does; what it joins, this one does where it is long enough and the
            // rule proven; elsewhere only a search can tell.
            let proven = b <= STRIP_RULE_PROVEN_UP_TO && n >= 2 * (a + b);
            // The rule's search across costs 4m steps a query: past STRIP_RULE_SEARCHED_UP_TO
            // positions, where it could only say "no" (unproven), it is left out.
            if !proven && m > STRIP_RULE_SEARCHED_UP_TO {
                return None;
            }
            let to_across = from_across as i64 + across;
            let joined = strip_joins(a, b, m, from_across, to_across as u32, along);
            return match joined {
                false => Some(false),
                true => proven.then_some(true),
            };
        }
        // Too narrow for a move of b across: every move goes a across and b along (see the
        // module's documentation).
        let moves = has_room(from_across, a, m) && has_room(from_along, b, n);
        if !moves {
            return Some(from == to);
        }
        Some(bounces_to((a, b), across, along))
    }

    /// What the piece joins on a strip `width` across and endless along, from position
    /// `from_across` across it: the rule of [`Piece::joins`] where it needs no finite length,
    /// which the strip rule ([`strip_joins`]) is proven for at every b. What it does not join
    /// no part of the strip joins either (a half-strip, a long board).
    pub fn on_endless_strip(self, width: u32, from_across: u32) -> EndlessStrip {
        let g = gcd(self.short_leg, self.long_leg);
        let (a, b) = (self.short_leg / g, self.long_leg / g);
        // The strip of `from`'s class, in its own coordinates.
        let m = class_side(width, from_across, g);
        let across = from_across / g;
        let walks = (a > 0 && b < m && m < a + b).then(|| StripWalks::from(a, b, m, across));
        EndlessStrip {
            g,
            a,
            b,
            m,
            from_across,
            walks,
        }
    }
}

/// What a piece joins on an endless strip from one position across it
/// ([`Piece::on_endless_strip`]).
pub struct EndlessStrip {
    g: u32,
    a: u32,
    b: u32,
    /// The width of the strip of the start's class.
    m: u32,
    from_across: u32,
    /// The walks across, where the strip is narrower than a + b and wider than b.
    walks: Option<StripWalks>,
}

impl EndlessStrip {
    /// Whether the piece never joins its start to position `to_across`, `along` rows away.
    pub fn never_joins(&self, to_across: u32, along: i64) -> bool {
        let across = i64::from(to_across) - i64::from(self.from_across);
        if across == 0 && along == 0 {
            return false;
        }
        let (a, b) = (self.a, self.b);
        if off_the_lattice((a, b), self.g, across, along) {
            return true;
        }
        let g = i64::from(self.g);
        let (across, along) = (across / g, along / g);
        if a == 0 || self.m >= a + b {
            return false;
        }
        if let Some(walks) = &self.walks {
            let to = i64::from(self.from_across / self.g) + across;
            return !walks.join(to as u32, along);
        }
        // Too narrow for a move of b across: every move goes a across and b along.
        !has_room(self.from_across / self.g, a, self.m) || !bounces_to((a, b), across, along)
    }
}

/// Whether a difference (dx, dy) breaks a rule every move of the (a·g, b·g)-leaper keeps (a, b
/// coprime): both coordinates multiples of g and, when a + b is even, the colour of the
/// lattice of step g.
fn off_the_lattice((a, b): (u32, u32), g: u32, dx: i64, dy: i64) -> bool {
    let g = i64::from(g);
    dx % g != 0 || dy % g != 0 || ((a + b) % 2 == 0 && (dx / g + dy / g) % 2 != 0)
}

/// How many of a side's positions `side` long lie on the class of `at` (every g-th from it).
fn class_side(side: u32, at: u32, g: u32) -> u32 {
    (side - at % g).div_ceil(g)
}

/// Whether position `at` on a line `side` long has a second square `step` away to turn on:
/// what a walk that must move `step` every time needs (more than one square on its line).
fn has_room(at: u32, step: u32, side: u32) -> bool {
    side > step && (at + step < side || at >= step)
}

/// Whether a walk whose every move goes a across and b along, the signs free, gets `across`
/// and `along` away: multiples of a and b, in counts of the same parity.
fn bounces_to((a, b): (u32, u32), across: i64, along: i64) -> bool {
    let (a, b) = (i64::from(a), i64::from(b));
    across % a == 0 && along % b == 0 && (across / a - along / b) % 2 == 0
}

/// [`KNIGHT_STEPS`], the one list of the knight's moves, as a piece lists moves.
const fn knight_steps() -> [(i32, i32); 8] {
    let mut steps = [(0, 0); 8];
    let mut index = 0;
    while index < 8 {
        let (file, rank) = KNIGHT_STEPS[index];
        steps[index] = (file as i32, rank as i32);
        index += 1;
    }
    steps
}

/// The largest b′ for which the strip rule ([`strip_joins`]) is proven: its base case is checked
/// for every such leaper by the unit tests `the_strip_rules_base_case_holds_up_to_b_10` (every
/// run) and `…_from_b_11_to_16` (ignored: a minute in a release build).
const STRIP_RULE_PROVEN_UP_TO: u32 = 16;

/// The widest strip (in positions across, on the piece's lattice) whose walks
/// [`Piece::joins`] searches a query for its "no" alone: 1024, a few microseconds.
const STRIP_RULE_SEARCHED_UP_TO: u32 = 1024;

/// Whether the (a,b)-leaper (coprime, 1 ≤ a < b) joins across-positions `from` and `to`, `along`
/// apart, on a strip `width` wide (b < width < a + b) and at least 2(a + b) long.
///
/// On an endless strip a route is a walk on the positions across, each step either a across
/// (type A, which moves ±b along) or b across (type B, ±a along), the signs free. Walking an
/// edge there and back adds two steps of its type and any of −2, 0 or +2 of its leap along, so
/// with (p,q) the parities of the two counts of a walk between the positions, the squares joined
/// are those `b·s + a·t` along with s ≡ p and t ≡ q (mod 2), where s = 0 when the walk's
/// component has no type-A step and t = 0 when it has no type-B step.
///
/// A finite strip joins no more than the endless one. It joins as much once it is long enough,
/// by induction on the length n: if the rule holds at length n − 1 ≥ 2b + 1, take squares P and
/// Q joined on the endless strip at opposite ends of a strip n long; R = P moved 2b (or 2a)
/// along, inward, is joined to P on the endless strip (the rule with s = 2 and t = 0, or s = 0
/// and t = 2, whichever type of step P's part of the strip has) and lies with P
/// in the first n − 1 rows and with Q in the last n − 1, so P, R and Q are joined on the strip.
/// The base case, every pair of every strip 2(a + b) long, is the exhaustive unit test, which
/// fixes the b′ the rule is used for ([`STRIP_RULE_PROVEN_UP_TO`]).
fn strip_joins(a: u32, b: u32, width: u32, from: u32, to: u32, along: i64) -> bool {
    StripWalks::from(a, b, width, from).join(to, along)
}

/// The walks on the positions across an endless strip from one of them ([`strip_joins`]): the
/// parities of their two counts of steps at each position, and whether their component has
/// steps of each type. Worked out once, it answers every square of the strip.
struct StripWalks {
    a: i64,
    b: i64,
    /// (position across, parity of type-A steps, of type-B steps) reached.
    seen: Vec<bool>,
    has_a: bool,
    has_b: bool,
}

impl StripWalks {
    fn from(a: u32, b: u32, width: u32, from: u32) -> StripWalks {
        // Depth-first search (a stack) over (position across, parity of type-A steps, of
        // type-B steps): which states are reached is all it asks, not in how many steps, so
        // the order it takes them in does not matter.
        let state = |at: u32, p: u32, q: u32| (at * 4 + p * 2 + q) as usize;
        let mut seen = vec![false; width as usize * 4];
        let (mut has_a, mut has_b) = (false, false);
        seen[state(from, 0, 0)] = true;
        let mut queue = vec![(from, 0, 0)];
        while let Some((at, p, q)) = queue.pop() {
            for (leap, kind) in [(a, 0), (b, 1)] {
                for next in [at.checked_sub(leap), Some(at + leap).filter(|&x| x < width)] {
                    let Some(next) = next else { continue };
                    let (np, nq) = match kind {
                        0 => (p ^ 1, q),
                        _ => (p, q ^ 1),
                    };
                    has_a |= kind == 0;
                    has_b |= kind == 1;
                    if !seen[state(next, np, nq)] {
                        seen[state(next, np, nq)] = true;
                        queue.push((next, np, nq));
                    }
                }
            }
        }
        StripWalks {
            a: i64::from(a),
            b: i64::from(b),
            seen,
            has_a,
            has_b,
        }
    }

    /// Whether the walks join their start to position `to`, `along` apart.
    fn join(&self, to: u32, along: i64) -> bool {
        let (a, b) = (self.a, self.b);
        let parity = |x: i64| x.rem_euclid(2) as usize;
        (0..2).any(|p| {
            (0..2).any(|q| {
                if !self
                    .seen
                    .get(to as usize * 4 + p * 2 + q)
                    .copied()
                    .unwrap_or(false)
                {
                    return false;
                }
                match (self.has_a, self.has_b) {
                    (false, false) => false, // `from == to` was answered before
                    (true, false) => along % b == 0 && parity(along / b) == p,
                    (false, true) => along % a == 0 && parity(along / a) == q,
                    // Some s ≡ p and t ≡ q with b·s + a·t = along: the solutions are s₀ + a·k,
                    // t₀ − b·k, whose parities repeat with k's, so k = 0 and 1 are all to try.
                    (true, true) => (0..a).any(|s0| {
                        (along - b * s0) % a == 0
                            && (0..2).any(|k| {
                                let (s, t) = (s0 + a * k, (along - b * s0) / a - b * k);
                                parity(s) == p && parity(t) == q
                            })
                    }),
                }
            })
        })
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Default for Piece {
    fn default() -> Piece {
        Piece::KNIGHT
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Why `--piece` was not understood: the text given ([`InvalidPiece::given`]) and, as its
/// message, the pieces there are.
///
/// ```
/// use knight_moves::Piece;
///
/// let refused = "rook".parse::<Piece>().unwrap_err();
/// assert_eq!(refused.given(), "rook");
/// assert!(refused.to_string().starts_with("expected knight, camel"));
/// assert!("3,4".parse::<Piece>().is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPiece {
    given: String,
}

impl InvalidPiece {
    /// The text that names no piece.
    pub fn given(&self) -> &str {
        &self.given
    }
}

impl fmt::Display for InvalidPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected knight, camel, zebra, giraffe, wazir, ferz, or A,B for the (A,B)-leaper \
             with 0 <= A, B <= {} and not both 0",
            Piece::MAX_LEAP
        )
    }
}

impl std::error::Error for InvalidPiece {}

impl FromStr for Piece {
    type Err = InvalidPiece;

    /// Reads a piece's name, or `A,B` for the (A,B)-leaper (either order).
    fn from_str(text: &str) -> Result<Piece, InvalidPiece> {
        let refused = || InvalidPiece {
            given: text.to_owned(),
        };
        if let Some(&(_, a, b)) = NAMED.iter().find(|(name, ..)| *name == text) {
            return Piece::leaper(a, b).ok_or_else(refused);
        }
        let (a, b) = text.split_once(',').ok_or_else(refused)?;
        let number = |text: &str| {
            let text = text.trim();
            let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| text.parse::<u32>().ok()).flatten()
        };
        match (number(a), number(b)) {
            (Some(a), Some(b)) => Piece::leaper(a, b).ok_or_else(refused),
            _ => Err(refused()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::plain_search::plain_distances;

    /// The rule, on every board up to 30×30 for every (a,b) with b ≤ 5: when it decides,
    /// it is right: `Some(false)` never joins, `Some(true)` always does. On wide boards each
    /// class of squares is searched once (the rule is the same for every square of a class).
    #[test]
    fn the_reachability_rule_holds_on_every_board_up_to_30x30() {
        let mut decided = 0u64;
        for b in 1..=5 {
            for a in 0..=b {
                let piece = Piece::leaper(a, b).unwrap();
                for files in 1..=30 {
                    for ranks in 1..=30 {
                        let board = Board::new(files, ranks).unwrap();
                        // One source per class (every square with file and rank below 2g),
                        // except on boards narrow enough for the strip rule, whose answer
                        // depends on where across the strip the square stands: every source.
                        let g = gcd(a, b).max(1);
                        let narrow = files.min(ranks) <= b + g;
                        for from in board
                            .positions()
                            .filter(|p| narrow || (p.file < 2 * g && p.rank < 2 * g))
                        {
                            let truth = plain_distances(board, piece, from);
                            for to in board.positions() {
                                let joined = truth.to(to).is_some();
                                if let Some(rule) = piece.joins(board, from, to) {
                                    decided += 1;
                                    assert_eq!(rule, joined, "{piece} on {board}: {from} {to}");
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(decided > 1_000_000, "{decided}");
    }

    /// The strip rule's base case and more: every pair of every strip b < width < a + b, from
    /// 1 to 2(a + b) + 4 long, for every coprime leaper with b ≤ 6, both ways round and on the
    /// lattice of the (2a,2b)-leaper too. Where the rule decides it is right, and it decides
    /// every strip at least 2(a + b) long.
    #[test]
    fn the_strip_rule_holds_on_every_strip_up_to_b_6() {
        let mut decided = 0u64;
        for b in 2..=6 {
            for a in (1..b).filter(|&a| gcd(a, b) == 1) {
                for g in 1..=2 {
                    let piece = Piece::leaper(a * g, b * g).unwrap();
                    for width in b + 1..a + b {
                        for length in 1..=2 * (a + b) + 4 {
                            for (files, ranks) in [(width, length), (length, width)] {
                                let (files, ranks) = (files * g, ranks * g);
                                let board = Board::new(files, ranks).unwrap();
                                for from in board.positions() {
                                    let truth = plain_distances(board, piece, from);
                                    for to in board.positions() {
                                        let rule = piece.joins(board, from, to);
                                        if length >= 2 * (a + b) {
                                            assert!(rule.is_some(), "{piece} {board} {from} {to}");
                                        }
                                        if let Some(rule) = rule {
                                            decided += 1;
                                            let joined = truth.to(to).is_some();
                                            assert_eq!(
                                                rule, joined,
                                                "{piece} on {board}: {from} {to}"
                                            );
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(decided > 1_000_000, "{decided}");
    }

    /// What the endless strip does not join, no strip joins, at every b (the strip rule's
    /// description of the endless strip needs no base case): for leapers with b above the
    /// proven 16, on strips 4(a + b) long, every pair [`Piece::joins`] says is not joined and
    /// every one [`Piece::never_joins_on_endless_strip`] says is not is unreached by a search.
    #[test]
    fn what_the_endless_strip_never_joins_no_strip_joins() {
        let mut refused = 0;
        for (a, b) in [(13, 50), (5, 18), (7, 20), (3, 17), (9, 25)] {
            let piece = Piece::leaper(a, b).unwrap();
            for width in (b - 1..a + b + 2).step_by(2) {
                let length = 4 * (a + b);
                let board = Board::new(width, length).unwrap();
                for from in [
                    Position::new(0, 0),
                    Position::new(width / 2, length / 2),
                    Position::new(width - 1, 7),
                ] {
                    let truth = plain_distances(board, piece, from);
                    for to in board.positions() {
                        let joined = truth.to(to).is_some();
                        let endless = piece
                            .on_endless_strip(width, from.file)
                            .never_joins(to.file, i64::from(to.rank) - i64::from(from.rank));
                        if piece.joins(board, from, to) == Some(false) || endless {
                            assert!(!joined, "{piece} on {board}: {from} {to}");
                            refused += 1;
                        }
                    }
                }
            }
        }
        assert!(refused > 10_000, "{refused}");
    }

    /// The strip rule's base case, on which its proof by induction rests ([`strip_joins`]):
    /// for every coprime leaper with b in `leaps`, every pair of every strip b < width < a + b
    /// exactly 2(a + b) long is decided by the rule, and rightly: joined exactly where a
    /// breadth-first search from one reaches the other (one search a part of the board, which
    /// the squares it reaches share).
    fn assert_the_strip_rules_base_case(leaps: std::ops::RangeInclusive<u32>) {
        assert!(*leaps.end() <= STRIP_RULE_PROVEN_UP_TO);
        // Each (leaper, width) a task, the biggest first, shared by a thread a core: the
        // larger leaps take minutes alone, and the tests' harness runs this test by itself.
        let mut tasks: Vec<(u32, u32, u32)> = leaps
            .flat_map(|b| {
                (1..b)
                    .filter(move |&a| gcd(a, b) == 1)
                    .flat_map(move |a| (b + 1..a + b).map(move |width| (a, b, width)))
            })
            .collect();
        tasks.sort_by_key(|&(a, b, width)| std::cmp::Reverse(u64::from(width) * u64::from(a + b)));
        let next = std::sync::atomic::AtomicUsize::new(0);
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    while let Some(&(a, b, width)) =
                        tasks.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                    {
                        let piece = Piece::leaper(a, b).unwrap();
                        let board = Board::new(width, 2 * (a + b)).unwrap();
                        // Joined squares are those of one search's reach: a search from the
                        // first square of each part of the board not yet reached labels it.
                        let index = |p: Position| (p.rank * width + p.file) as usize;
                        let mut part = vec![usize::MAX; (width * board.ranks()) as usize];
                        for start in board.positions() {
                            if part[index(start)] != usize::MAX {
                                continue;
                            }
                            let reached = plain_distances(board, piece, start);
                            for square in board.positions() {
                                if reached.to(square).is_some() {
                                    part[index(square)] = index(start);
                                }
                            }
                        }
                        for from in board.positions() {
                            for to in board.positions() {
                                let joined = part[index(from)] == part[index(to)];
                                let rule = piece.joins(board, from, to);
                                assert_eq!(rule, Some(joined), "{piece} on {board}: {from} {to}");
                            }
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn the_strip_rules_base_case_holds_up_to_b_10() {
        assert_the_strip_rules_base_case(7..=10);
    }

    #[test]
    #[ignore = "240 million pairs: run with cargo test --release -- --ignored"]
    fn the_strip_rules_base_case_holds_from_b_11_to_16() {
        assert_the_strip_rules_base_case(11..=STRIP_RULE_PROVEN_UP_TO);
    }

    #[test]
    fn pieces_by_name_and_by_leaps() {
        type Expected<'a> = Option<(u32, u32, usize, &'a str)>;
        let cases: &[(&str, Expected)] = &[
            ("knight", Some((1, 2, 8, "knight"))),
            ("2,1", Some((1, 2, 8, "knight"))),
            ("camel", Some((1, 3, 8, "camel"))),
            ("zebra", Some((2, 3, 8, "zebra"))),
            ("giraffe", Some((1, 4, 8, "giraffe"))),
            ("wazir", Some((0, 1, 4, "wazir"))),
            ("ferz", Some((1, 1, 4, "ferz"))),
            ("5,2", Some((2, 5, 8, "(2,5)-leaper"))),
            ("0,3", Some((0, 3, 4, "(0,3)-leaper"))),
            ("0,0", None),
            ("1,1000001", None),
            ("-1,2", None),
            ("1,2,3", None),
            ("horse", None),
            ("", None),
        ];
        for &(text, expected) in cases {
            let piece = text.parse::<Piece>().ok();
            let found = piece.map(|p| (p.short_leg, p.long_leg, p.steps().len(), p.name()));
            let expected = expected.map(|(a, b, n, name)| (a, b, n, name.to_owned()));
            assert_eq!(found, expected, "{text:?}");
        }
        assert_eq!(Piece::leaper(2, 1), Some(Piece::KNIGHT));
    }
}
