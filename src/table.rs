//! The 8×8 board as tables: each square's knight neighbours, and the table of distances
//! between every pair of squares.
//!
//! Both tables are computed at compile time by `const fn`s, so the program starts with them
//! ready and no query ever pays for building them.

use crate::board::KNIGHT_STEPS;
use crate::square::Square;

/// The squares one knight move away from a square: between two (a corner) and eight.
#[derive(Clone, Copy, Debug)]
pub struct Neighbours {
    squares: [Square; 8],
    len: u8,
}

impl Neighbours {
    /// The neighbours as a slice, in the order of [`KNIGHT_STEPS`].
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }
}

/// The knight's neighbours of one square, from the adjacency table built at compile time.
#[inline]
pub fn knight_neighbours(square: Square) -> &'static [Square] {
    ADJACENCY[square.index()].as_slice()
}

/// Each square's neighbours, indexed by [`Square::index`].
static ADJACENCY: [Neighbours; Square::COUNT] = build_adjacency();

const fn build_adjacency() -> [Neighbours; Square::COUNT] {
    let placeholder = Neighbours {
        squares: [Square::A1; 8],
        len: 0,
    };
    let mut table = [placeholder; Square::COUNT];
    let mut index = 0;
    while index < Square::COUNT {
        let square = Square::from_index(index).unwrap();
        let mut step = 0;
        while step < KNIGHT_STEPS.len() {
            let (file_step, rank_step) = KNIGHT_STEPS[step];
            // Steps are ±1 or ±2: they fit an i32.
            let (file_step, rank_step) = (file_step as i32, rank_step as i32);
            if let Some(neighbour) =
                Square::from_coordinates(square.file() + file_step, square.rank() + rank_step)
            {
                let entry = &mut table[index];
                entry.squares[entry.len as usize] = neighbour;
                entry.len += 1;
            }
            step += 1;
        }
        index += 1;
    }
    table
}

/// The fewest knight moves between every pair of squares: 64×64 bytes, filled by one
/// breadth-first search from each square over the adjacency table. Beside it, the first step of
/// one shortest route for every pair, so that routes cost a few lookups too.
///
/// Every pair is reachable on 8×8 and no distance exceeds 6, so a byte holds each one.
pub struct DistanceTable {
    moves: [[u8; Square::COUNT]; Square::COUNT],
    first_steps: [[Square; Square::COUNT]; Square::COUNT],
}

/// The distance table for the 8×8 board, computed at compile time.
pub static DISTANCES: DistanceTable = DistanceTable::build();

impl DistanceTable {
    /// The fewest knight moves from `from` to `to`.
    #[inline]
    pub fn moves(&self, from: Square, to: Square) -> u8 {
        self.moves[from.index()][to.index()]
    }

    /// The square a shortest route from `from` to `to` goes to first: the first of `from`'s
    /// neighbours, in the order of [`KNIGHT_STEPS`], that is one move closer to `to`. For
    /// `from == to` it is `to` itself.
    #[inline]
    pub fn first_step(&self, from: Square, to: Square) -> Square {
        self.first_steps[from.index()][to.index()]
    }

    /// Fills `route` with a shortest route from `from` to `to`, both included, by following
    /// first steps.
    pub fn route(&self, from: Square, to: Square, route: &mut Vec<Square>) {
        route.clear();
        route.push(from);
        let mut at = from;
        while at != to {
            at = self.first_step(at, to);
            route.push(at);
        }
    }

    const fn build() -> DistanceTable {
        const UNSEEN: u8 = u8::MAX;
        let mut moves = [[UNSEEN; Square::COUNT]; Square::COUNT];
        let mut start = 0;
        while start < Square::COUNT {
            // A queue of indices: every square enters it once, so 64 places are enough.
            let mut queue = [0usize; Square::COUNT];
            let (mut head, mut tail) = (0, 1);
            queue[0] = start;
            moves[start][start] = 0;
            while head < tail {
                let current = queue[head];
                head += 1;
                let neighbours = &ADJACENCY[current];
                let mut next = 0;
                while next < neighbours.len as usize {
                    let neighbour = neighbours.squares[next].index();
                    if moves[start][neighbour] == UNSEEN {
                        moves[start][neighbour] = moves[start][current] + 1;
                        queue[tail] = neighbour;
                        tail += 1;
                    }
                    next += 1;
                }
            }
            start += 1;
        }
        DistanceTable {
            first_steps: first_steps(&moves),
            moves,
        }
    }
}

/// For each pair, the first neighbour of the first square that is one move closer to the
/// second: the next square of a shortest route, chosen the same way every time.
const fn first_steps(
    moves: &[[u8; Square::COUNT]; Square::COUNT],
) -> [[Square; Square::COUNT]; Square::COUNT] {
    let a1 = Square::A1;
    let mut steps = [[a1; Square::COUNT]; Square::COUNT];
    let mut from = 0;
    while from < Square::COUNT {
        let mut to = 0;
        while to < Square::COUNT {
            steps[from][to] = Square::from_index(to).unwrap();
            let neighbours = &ADJACENCY[from];
            let mut next = neighbours.len as usize;
            while next > 0 {
                // Backwards, so that the first closer neighbour is the one kept.
                next -= 1;
                let neighbour = neighbours.squares[next];
                if moves[neighbour.index()][to] + 1 == moves[from][to] {
                    steps[from][to] = neighbour;
                }
            }
            to += 1;
        }
        from += 1;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().expect("test squares are valid")
    }

    #[test]
    fn corners_have_two_neighbours_and_the_centre_eight() {
        let names = |sq: &str| -> Vec<String> {
            knight_neighbours(square(sq))
                .iter()
                .map(|n| n.to_string())
                .collect()
        };
        assert_eq!(names("a1"), ["b3", "c2"]);
        assert_eq!(names("h8"), ["g6", "f7"]);
        assert_eq!(names("d4").len(), 8);
    }

    #[test]
    fn adjacency_is_symmetric_and_made_of_knight_moves() {
        let mut total = 0;
        for from in Square::all() {
            for &to in knight_neighbours(from) {
                total += 1;
                let (df, dr) = (
                    (to.file() - from.file()).abs(),
                    (to.rank() - from.rank()).abs(),
                );
                assert!((df, dr) == (1, 2) || (df, dr) == (2, 1), "{from}->{to}");
                assert!(knight_neighbours(to).contains(&from), "{to} lacks {from}");
            }
        }
        // The knight's graph on 8×8 has 168 edges, each seen from both ends.
        assert_eq!(total, 2 * 168);
    }

    #[test]
    fn well_known_distances() {
        let cases = [
            ("e2", "e4", 2),
            ("a1", "b2", 4),
            ("a1", "h8", 6),
            ("b1", "c3", 1),
            ("f6", "f6", 0),
            ("h1", "g2", 4),
        ];
        for (from, to, moves) in cases {
            assert_eq!(
                DISTANCES.moves(square(from), square(to)),
                moves,
                "{from}->{to}"
            );
        }
    }

    #[test]
    fn routes_follow_knight_moves_and_have_the_table_length() {
        let mut route = Vec::new();
        for from in Square::all() {
            for to in Square::all() {
                DISTANCES.route(from, to, &mut route);
                assert_eq!(route.len(), DISTANCES.moves(from, to) as usize + 1);
                assert_eq!((route[0], route[route.len() - 1]), (from, to));
                for pair in route.windows(2) {
                    assert!(knight_neighbours(pair[0]).contains(&pair[1]));
                }
            }
        }
    }
}
