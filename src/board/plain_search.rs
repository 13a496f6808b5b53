//! The specification of a distance: every square's distance by a breadth-first search on
//! plain coordinates, written apart from the engines and sharing no code with them. The one
//! breadth-first search of its kind: the engines' unit tests and the integration tests
//! (through `tests/common`) check the engines against it, the board's own tests check its
//! reachability rule against it, and `--draw` draws its distances. No engine calls it; it is
//! public in the program's hidden way in (`board`) so that the integration tests can.

use std::collections::VecDeque;

/// Every square's distance from `from` for the (a,b)-leaper on a board `files` × `ranks`,
/// indexed `rank * files + file`; `None` where no walk reaches.
pub fn plain_distances(
    files: i64,
    ranks: i64,
    from: (i64, i64),
    (a, b): (i64, i64),
) -> Vec<Option<u64>> {
    let mut distances = vec![None; (files * ranks) as usize];
    distances[(from.1 * files + from.0) as usize] = Some(0);
    let mut queue = VecDeque::from([from]);
    while let Some((x, y)) = queue.pop_front() {
        let here = distances[(y * files + x) as usize].unwrap_or(0);
        for (dx, dy) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let (nx, ny) = (x + sx * dx, y + sy * dy);
                if (0..files).contains(&nx) && (0..ranks).contains(&ny) {
                    let slot = &mut distances[(ny * files + nx) as usize];
                    if slot.is_none() {
                        *slot = Some(here + 1);
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
    }
    distances
}
