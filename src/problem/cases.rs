//! Judge inputs made on demand, for every problem: random queries (seeded), every pair of a
//! board, and the cases that break solutions. `generate` writes them; `stress`
//! feeds them to a candidate program, and shrinks one that fails it.
//!
//! A [`Case`] keeps an input as its parts (the pairs, the scenarios, the size of the grid), so
//! that it can be made smaller and written again in the problem's layout: what `stress`
//! needs, for inputs of a few parts. `generate` asks for inputs of any length instead, and
//! [`CaseGenerator::write_input`] writes them as they are made, part by part, the same bytes
//! from the same seed in memory that does not grow with them.

use std::io::{self, Write};

use crate::board::notation::push_square_name;
use crate::board::{Board, Position};
use crate::problem::{CSES_GRID_SIDES, KNIGHTL_SIDES, NAKANJ_COUNTS, POJ1915_SIDES, Problem};

/// One input of a problem, as its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Case {
    /// Queries on one board (UVa 439 on its board, NAKANJ on 8×8).
    Queries {
        board: Board,
        pairs: Vec<(Position, Position)>,
    },
    /// POJ 1915's scenarios: the side of each board, the start, the end.
    Scenarios(Vec<(u32, Position, Position)>),
    /// CSES's grid size.
    Grid(u32),
}

impl Case {
    /// The input as the problem lays it out, every line ending in a newline.
    pub(crate) fn render(&self, problem: Problem) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Case::Queries { pairs, .. } => {
                if problem == Problem::Nakanj {
                    push_count(&mut out, pairs.len() as u64);
                }
                for &pair in pairs {
                    push_pair(&mut out, pair);
                }
            }
            Case::Scenarios(scenarios) => {
                push_count(&mut out, scenarios.len() as u64);
                for &scenario in scenarios {
                    push_scenario(&mut out, scenario);
                }
            }
            Case::Grid(side) => push_count(&mut out, u64::from(*side)),
        }
        out
    }

    /// How big the case is, in words: its queries (`1 query`), its scenarios, or its grid's
    /// side (`n = 4`).
    pub(crate) fn size_in_words(&self) -> String {
        let counted = |count: usize, one: &str, many: &str| match count {
            1 => format!("1 {one}"),
            _ => format!("{count} {many}"),
        };
        match self {
            Case::Queries { pairs, .. } => counted(pairs.len(), "query", "queries"),
            Case::Scenarios(scenarios) => counted(scenarios.len(), "scenario", "scenarios"),
            Case::Grid(side) => format!("n = {side}"),
        }
    }

    /// Smaller cases to try while shrinking a failing one of `problem`, the smallest first:
    /// every grid below this one that `reach` allows; this case without one run of its parts,
    /// for runs of half its size, then a quarter, and so on down to single parts.
    pub(crate) fn smaller(&self, problem: Problem, reach: Reach) -> Vec<Case> {
        match self {
            Case::Grid(side) => (smallest_grid(problem, reach)..*side)
                .map(Case::Grid)
                .collect(),
            Case::Queries { board, pairs } => without_runs(pairs)
                .into_iter()
                .map(|pairs| Case::Queries {
                    board: *board,
                    pairs,
                })
                .collect(),
            Case::Scenarios(scenarios) => without_runs(scenarios)
                .into_iter()
                .map(Case::Scenarios)
                .collect(),
        }
    }
}

/// `items` without each run of consecutive items, for run lengths from half the length down
/// to one: the longest removals first, so that shrinking takes big steps while it can.
fn without_runs<T: Clone>(items: &[T]) -> Vec<Vec<T>> {
    let mut smaller = Vec::new();
    let mut run = items.len() / 2;
    while run >= 1 {
        for start in (0..items.len()).step_by(run) {
            let end = (start + run).min(items.len());
            let rest: Vec<T> = [&items[..start], &items[end..]].concat();
            if !rest.is_empty() {
                smaller.push(rest);
            }
        }
        run /= 2;
    }
    smaller
}

/// Appends a count (or a grid's side) and its newline: NAKANJ's and POJ 1915's first line,
/// CSES's and KnightL's whole input.
fn push_count(out: &mut Vec<u8>, count: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(count).as_bytes());
    out.push(b'\n');
}

/// Appends one query line, `e2 e4`.
fn push_pair(out: &mut Vec<u8>, (from, to): (Position, Position)) {
    push_square_name(out, from);
    out.push(b' ');
    push_square_name(out, to);
    out.push(b'\n');
}

/// Appends one POJ 1915 scenario: the side, then the start and the end as `x y`, 0-based.
fn push_scenario(out: &mut Vec<u8>, (side, from, to): (u32, Position, Position)) {
    push_count(out, u64::from(side));
    let mut number = itoa::Buffer::new();
    for square in [from, to] {
        out.extend_from_slice(number.format(square.file).as_bytes());
        out.push(b' ');
        out.extend_from_slice(number.format(square.rank).as_bytes());
        out.push(b'\n');
    }
}

/// A buffer that parts are appended to and that is handed to its writer whenever it fills:
/// what keeps a generated input of any length in a few tens of kilobytes, with one call to
/// the writer a buffer rather than one a part.
struct Chunk<'a> {
    buffer: Vec<u8>,
    out: &'a mut dyn Write,
}

impl<'a> Chunk<'a> {
    /// Bytes the buffer holds before it is handed over; a part is far shorter, so the buffer
    /// never grows past its first allocation by more than one part.
    const SIZE: usize = 64 * 1024;

    fn new(out: &'a mut dyn Write) -> Chunk<'a> {
        Chunk {
            buffer: Vec::with_capacity(Chunk::SIZE + 256),
            out,
        }
    }

    /// The buffer to append the next part to, handed over first if it is full.
    #[inline]
    fn room(&mut self) -> io::Result<&mut Vec<u8>> {
        if self.buffer.len() >= Chunk::SIZE {
            self.out.write_all(&self.buffer)?;
            self.buffer.clear();
        }
        Ok(&mut self.buffer)
    }

    /// Hands over what is left.
    fn finish(mut self) -> io::Result<()> {
        self.out.write_all(&self.buffer)?;
        self.buffer.clear();
        Ok(())
    }
}

/// How far generated inputs go: to the limits the problem states, which a judge's data keeps
/// to (every input passes the problem's validator), or past them, for solutions meant to be
/// general (`--beyond-limits`): POJ 1915's boards of side 1 to 3 and 10⁹, grids from 1,
/// NAKANJ's T past 4096.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Reach {
    #[default]
    WithinLimits,
    BeyondLimits,
}

/// The smallest grid a CSES or KnightL input of `reach` asks for.
fn smallest_grid(problem: Problem, reach: Reach) -> u32 {
    match (reach, problem) {
        (Reach::BeyondLimits, _) => 1,
        (Reach::WithinLimits, Problem::Knightl) => *KNIGHTL_SIDES.start(),
        (Reach::WithinLimits, _) => *CSES_GRID_SIDES.start(),
    }
}

/// The most queries a random input of `problem` may hold within `reach`: NAKANJ's T is at
/// most 4096; the others state no bound on their queries or scenarios.
pub(crate) fn most_queries(problem: Problem, reach: Reach) -> u64 {
    match (reach, problem) {
        (Reach::WithinLimits, Problem::Nakanj) => *NAKANJ_COUNTS.end(),
        _ => u64::MAX,
    }
}

/// What kind of input `generate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inputs {
    /// Random queries, mixed with hard cases.
    Random,
    /// Every pair of the board.
    AllPairs,
    /// The cases that break solutions, and only those.
    Hard,
}

/// Makes cases of one problem from one seed: the same seed, the same cases, everywhere.
#[derive(Clone, Debug)]
pub(crate) struct CaseGenerator {
    problem: Problem,
    board: Board,
    /// The side of POJ 1915's largest boards.
    largest_side: u32,
    /// How far apart, in files and in ranks, a query's two squares may be.
    farthest: u32,
    reach: Reach,
    state: u64,
}

/// POJ 1915's largest side beyond the limits: the largest board knight-moves answers, past the
/// judges' 300.
const LARGEST_SIDE: u32 = 1_000_000_000;

/// POJ 1915's largest side where the answers hold routes: the farthest pair takes about
/// 670,000 moves, so every route fits the default --max-nodes (10^7) with room to spare,
/// where on a side of 10^9 one of 5×10^8 moves could not be written, nor a candidate judged.
/// On the board UVa 439 is asked on (`--board`), a query's squares are as far apart at most.
const LARGEST_SIDE_WITH_ROUTES: u32 = 1_000_000;

impl CaseGenerator {
    /// A generator of `problem`'s cases (on `board` for UVa 439) that go as far as `reach`,
    /// seeded with `seed`.
    pub(crate) fn new(problem: Problem, board: Board, reach: Reach, seed: u64) -> CaseGenerator {
        CaseGenerator {
            reach,
            problem,
            board: match problem {
                Problem::Uva439 => board,
                _ => Board::STANDARD,
            },
            largest_side: match reach {
                Reach::WithinLimits => *POJ1915_SIDES.end(),
                Reach::BeyondLimits => LARGEST_SIDE,
            },
            farthest: u32::MAX,
            // Any seed, 0 included, gives a state xorshift can work with.
            state: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
        }
    }

    /// The generator, for answers that hold routes (`stress --path`): POJ 1915's largest
    /// boards are at most [`LARGEST_SIDE_WITH_ROUTES`] on a side, and a query's squares on a
    /// larger board at most as far apart, so that every route can be written.
    pub(crate) fn for_routes(self) -> CaseGenerator {
        CaseGenerator {
            largest_side: self.largest_side.min(LARGEST_SIDE_WITH_ROUTES),
            farthest: LARGEST_SIDE_WITH_ROUTES,
            ..self
        }
    }

    /// A number below `bound` (xorshift64).
    fn below(&mut self, bound: u64) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state % bound.max(1)
    }

    /// A random case of about `size` parts: half of them random, half drawn from the hard
    /// cases.
    pub(crate) fn random_case(&mut self, size: usize) -> Case {
        let parts = size.max(1);
        match self.problem {
            Problem::Uva439 | Problem::Nakanj => {
                let hard = self.pairs_near_enough(hard_pairs(self.board));
                let pairs = (0..parts).map(|_| self.random_pair(&hard)).collect();
                Case::Queries {
                    board: self.board,
                    pairs,
                }
            }
            Problem::Poj1915 => {
                Case::Scenarios((0..parts).map(|_| self.random_scenario()).collect())
            }
            Problem::CsesGrid | Problem::Knightl => Case::Grid(self.random_grid(size as u64)),
        }
    }

    /// One query of a random case: a hard pair of `hard` (the board's) or two random squares,
    /// even odds.
    fn random_pair(&mut self, hard: &[(Position, Position)]) -> (Position, Position) {
        match self.below(2) {
            0 => hard[self.below(hard.len() as u64) as usize],
            _ => {
                let from = self.square(self.board);
                (from, self.square_near(from))
            }
        }
    }

    /// Of `pairs`, those whose squares are no farther apart than the generator allows (a
    /// corner and the square next to it always are).
    fn pairs_near_enough(&self, mut pairs: Vec<(Position, Position)>) -> Vec<(Position, Position)> {
        let near = |(from, to): &(Position, Position)| {
            from.file.abs_diff(to.file) <= self.farthest
                && from.rank.abs_diff(to.rank) <= self.farthest
        };
        pairs.retain(near);
        pairs
    }

    /// A random square of the board no farther from `from` than the generator allows.
    fn square_near(&mut self, from: Position) -> Position {
        let (files, ranks) = (self.board.files(), self.board.ranks());
        let mut within = |at: u32, size: u32| {
            let lowest = at.saturating_sub(self.farthest);
            let highest = at.saturating_add(self.farthest).min(size - 1);
            lowest + self.below(u64::from(highest - lowest) + 1) as u32
        };
        let file = within(from.file, files);
        let rank = within(from.rank, ranks);
        Position::new(file, rank)
    }

    /// One scenario of a random POJ 1915 case: a board of a side drawn from four ranges, then
    /// a hard pair of it or two random squares, even odds.
    fn random_scenario(&mut self) -> (u32, Position, Position) {
        let smallest = match self.reach {
            Reach::WithinLimits => *POJ1915_SIDES.start(),
            Reach::BeyondLimits => 1,
        };
        let side = match self.below(4) {
            0 => smallest + self.below(5) as u32, // the smallest, where routes may not exist
            1 => 4 + self.below(297) as u32,      // the judges' range
            2 => [8, 300, self.largest_side][self.below(3) as usize],
            _ => 4 + self.below(20) as u32,
        };
        let board = Board::new(side, side).unwrap_or(Board::STANDARD);
        match self.below(2) {
            0 => {
                let hard = hard_pairs(board);
                let (from, to) = hard[self.below(hard.len() as u64) as usize];
                (side, from, to)
            }
            _ => (side, self.square(board), self.square(board)),
        }
    }

    /// The side of a random grid for a case of about `size` parts: up to 40 for CSES, up to 25
    /// for KnightL (whose answer grows as the square of it).
    fn random_grid(&mut self, size: u64) -> u32 {
        let most = match self.problem {
            Problem::Knightl => *KNIGHTL_SIDES.end(),
            _ => 40,
        };
        let least = smallest_grid(self.problem, self.reach);
        least + self.below(size.clamp(1, u64::from(most - least + 1))) as u32
    }

    /// Writes an input of the kind `inputs` asks for to `out` as it is made, in the problem's
    /// layout: the same bytes as [`Case::render`] of the case it stands for (for a random
    /// input, of [`CaseGenerator::random_case`] with `size` from the same seed), but in
    /// memory bounded whatever `size` and the board, so that an input of billions of queries
    /// streams out a buffer at a time. The counts NAKANJ and POJ 1915 put first are known
    /// before any part is made.
    ///
    /// Every pair of the board is written for the problems of pairs only; for CSES and
    /// KnightL, which read one number, [`crate::cli`] refuses it and nothing is written here.
    pub(crate) fn write_input(
        &mut self,
        inputs: Inputs,
        size: u64,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut chunk = Chunk::new(out);
        let parts = size.max(1);
        match (inputs, self.problem) {
            (Inputs::Random, Problem::Uva439 | Problem::Nakanj) => {
                if self.problem == Problem::Nakanj {
                    push_count(chunk.room()?, parts);
                }
                let hard = hard_pairs(self.board);
                for _ in 0..parts {
                    let pair = self.random_pair(&hard);
                    push_pair(chunk.room()?, pair);
                }
            }
            (Inputs::Random, Problem::Poj1915) => {
                push_count(chunk.room()?, parts);
                for _ in 0..parts {
                    let scenario = self.random_scenario();
                    push_scenario(chunk.room()?, scenario);
                }
            }
            (Inputs::Random, Problem::CsesGrid | Problem::Knightl) => {
                let side = self.random_grid(size);
                push_count(chunk.room()?, u64::from(side));
            }
            (Inputs::AllPairs, Problem::Uva439 | Problem::Nakanj | Problem::Poj1915) => {
                let board = self.board;
                let squares = u64::from(board.files()) * u64::from(board.ranks());
                if self.problem != Problem::Uva439 {
                    push_count(chunk.room()?, squares * squares);
                }
                for from in board.positions() {
                    for to in board.positions() {
                        let room = chunk.room()?;
                        match self.problem {
                            Problem::Poj1915 => push_scenario(room, (board.files(), from, to)),
                            _ => push_pair(room, (from, to)),
                        }
                    }
                }
            }
            (Inputs::AllPairs, Problem::CsesGrid | Problem::Knightl) => {}
            (Inputs::Hard, _) => {
                let case = self.hard_case().render(self.problem);
                chunk.room()?.extend_from_slice(&case);
            }
        }
        chunk.finish()
    }

    /// The cases that break solutions, all of them.
    pub(crate) fn hard_case(&self) -> Case {
        match self.problem {
            Problem::Uva439 | Problem::Nakanj => Case::Queries {
                board: self.board,
                pairs: hard_pairs(self.board),
            },
            Problem::Poj1915 => Case::Scenarios(
                [1, 2, 3, 4, 5, 8, 300, self.largest_side]
                    .into_iter()
                    .filter(|&side| match self.reach {
                        Reach::WithinLimits => POJ1915_SIDES.contains(&side) && side != 300,
                        Reach::BeyondLimits => true,
                    })
                    .chain((self.reach == Reach::WithinLimits).then_some(300))
                    .flat_map(|side| {
                        let board = Board::new(side, side).unwrap_or(Board::STANDARD);
                        hard_pairs(board)
                            .into_iter()
                            .map(move |(from, to)| (side, from, to))
                    })
                    .collect(),
            ),
            Problem::CsesGrid => Case::Grid(8),
            Problem::Knightl => Case::Grid(25),
        }
    }

    fn square(&mut self, board: Board) -> Position {
        let file = self.below(u64::from(board.files())) as u32;
        let rank = self.below(u64::from(board.ranks())) as u32;
        Position::new(file, rank)
    }
}

/// The pairs of `board` that break solutions: each corner and the square diagonally next to it
/// (4 moves, not 2, on boards from 5×5), both ways; the corners to each other (the farthest
/// pairs); a square to itself; the middles of the edges to each other and to the corners.
pub(crate) fn hard_pairs(board: Board) -> Vec<(Position, Position)> {
    let (last_file, last_rank) = (board.files() - 1, board.ranks() - 1);
    let corners = [
        Position::new(0, 0),
        Position::new(last_file, 0),
        Position::new(0, last_rank),
        Position::new(last_file, last_rank),
    ];
    let inward = |corner: Position| {
        let step = |at: u32, last: u32| if at == 0 { 1.min(last) } else { at - 1 };
        Position::new(step(corner.file, last_file), step(corner.rank, last_rank))
    };
    let middles = [
        Position::new(last_file / 2, 0),
        Position::new(last_file / 2, last_rank),
        Position::new(0, last_rank / 2),
        Position::new(last_file, last_rank / 2),
    ];
    let mut pairs = Vec::new();
    for corner in corners {
        pairs.push((corner, inward(corner)));
        pairs.push((inward(corner), corner));
        pairs.push((corner, corner));
        for other in corners.iter().chain(&middles) {
            if *other != corner {
                pairs.push((corner, *other));
            }
        }
    }
    for (index, middle) in middles.iter().enumerate() {
        for other in &middles[index + 1..] {
            pairs.push((*middle, *other));
        }
    }
    pairs.dedup();
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_render_in_each_problem_layout() {
        let pairs = vec![(Position::new(0, 0), Position::new(1, 1))];
        let case = Case::Queries {
            board: Board::STANDARD,
            pairs,
        };
        assert_eq!(case.render(Problem::Uva439), b"a1 b2\n");
        assert_eq!(case.render(Problem::Nakanj), b"1\na1 b2\n");
        let scenarios = Case::Scenarios(vec![(8, Position::new(0, 0), Position::new(7, 0))]);
        assert_eq!(scenarios.render(Problem::Poj1915), b"1\n8\n0 0\n7 0\n");
        assert_eq!(Case::Grid(8).render(Problem::CsesGrid), b"8\n");
    }

    #[test]
    fn the_same_seed_gives_the_same_cases() {
        let make = |seed| {
            let mut generator =
                CaseGenerator::new(Problem::Poj1915, Board::STANDARD, Reach::WithinLimits, seed);
            (0..5).map(|_| generator.random_case(7)).collect::<Vec<_>>()
        };
        assert_eq!(make(7), make(7));
        assert_ne!(make(7), make(8));
    }

    /// `stress` makes its cases whole and `generate` streams them: the same seed must give
    /// the same bytes both ways, for every problem and size.
    #[test]
    fn a_streamed_input_is_the_rendered_case() {
        let problems = [
            Problem::Uva439,
            Problem::Nakanj,
            Problem::Poj1915,
            Problem::CsesGrid,
            Problem::Knightl,
        ];
        let board = Board::new(11, 5).unwrap();
        for (problem, reach) in problems.into_iter().flat_map(|problem| {
            [
                (problem, Reach::WithinLimits),
                (problem, Reach::BeyondLimits),
            ]
        }) {
            for seed in [0, 1, 2243, u64::MAX] {
                for size in [0, 1, 2, 30, 20_000] {
                    let mut streamed = Vec::new();
                    CaseGenerator::new(problem, board, reach, seed)
                        .write_input(Inputs::Random, size as u64, &mut streamed)
                        .unwrap();
                    let case = CaseGenerator::new(problem, board, reach, seed).random_case(size);
                    assert_eq!(streamed, case.render(problem), "{problem:?} {seed} {size}");
                }
                let mut streamed = Vec::new();
                let mut generator = CaseGenerator::new(problem, board, reach, seed);
                generator
                    .write_input(Inputs::Hard, 0, &mut streamed)
                    .unwrap();
                assert_eq!(streamed, generator.hard_case().render(problem));
            }
        }
    }

    #[test]
    fn shrinking_tries_every_single_removal_last() {
        let smaller = without_runs(&[1, 2, 3, 4]);
        assert_eq!(smaller[..2], [vec![3, 4], vec![1, 2]]);
        assert!(smaller.contains(&vec![1, 2, 4]));
        let beyond = Case::Grid(3).smaller(Problem::CsesGrid, Reach::BeyondLimits);
        assert_eq!(beyond, [Case::Grid(1), Case::Grid(2)]);
        let within = Case::Grid(6).smaller(Problem::CsesGrid, Reach::WithinLimits);
        assert_eq!(within, [Case::Grid(4), Case::Grid(5)]);
    }

    #[test]
    fn hard_pairs_include_each_corner_and_its_diagonal_neighbour() {
        let pairs = hard_pairs(Board::STANDARD);
        let a1 = Position::new(0, 0);
        assert!(pairs.contains(&(a1, Position::new(1, 1))));
        assert!(pairs.contains(&(Position::new(6, 6), Position::new(7, 7))));
        assert!(pairs.contains(&(a1, Position::new(7, 7))));
        let tiny = hard_pairs(Board::new(1, 1).unwrap());
        assert!(tiny.iter().all(|&(from, to)| from == a1 && to == a1));
    }

    const PROBLEMS: [Problem; 5] = [
        Problem::Uva439,
        Problem::Nakanj,
        Problem::Poj1915,
        Problem::CsesGrid,
        Problem::Knightl,
    ];

    /// Whether `input` is valid for `problem` on `board`, as the problem's validator says.
    fn is_valid(problem: Problem, board: Board, input: &[u8]) -> Result<(), String> {
        crate::problem::validate::validate(problem, board, input).map_err(|refusal| match refusal {
            crate::problem::validate::Refusal::Invalid(invalid) => invalid.to_string(),
            crate::problem::validate::Refusal::Read(error) => error.to_string(),
        })
    }

    /// Every input made within the limits passes the problem's own validator (issue 45): every
    /// kind `generate` writes, and every case `stress` makes and shrinks, for every
    /// problem, many seeds and sizes, on and for routes.
    #[test]
    fn every_input_made_within_the_limits_passes_the_problems_validator() {
        for problem in PROBLEMS {
            let board = match problem {
                Problem::Uva439 => Board::new(11, 5).unwrap(),
                _ => Board::STANDARD,
            };
            for seed in 0..300u64 {
                let sizes = [
                    1,
                    2,
                    19,
                    100,
                    most_queries(problem, Reach::WithinLimits).min(5000),
                ];
                let size = sizes[seed as usize % sizes.len()];
                let mut kinds = vec![Inputs::Random, Inputs::Hard];
                if matches!(
                    problem,
                    Problem::Uva439 | Problem::Nakanj | Problem::Poj1915
                ) && seed == 0
                {
                    kinds.push(Inputs::AllPairs);
                }
                for inputs in kinds {
                    let mut input = Vec::new();
                    CaseGenerator::new(problem, board, Reach::WithinLimits, seed)
                        .write_input(inputs, size, &mut input)
                        .unwrap();
                    let valid = is_valid(problem, board, &input);
                    assert_eq!(
                        valid,
                        Ok(()),
                        "{problem:?} {inputs:?} seed {seed} size {size}"
                    );
                }
                for routes in [false, true] {
                    let generator = CaseGenerator::new(problem, board, Reach::WithinLimits, seed);
                    let mut generator = match routes {
                        true => generator.for_routes(),
                        false => generator,
                    };
                    let case = generator.random_case(1 + seed as usize % 20);
                    for case in std::iter::once(case.clone())
                        .chain(case.smaller(problem, Reach::WithinLimits))
                    {
                        let input = case.render(problem);
                        let valid = is_valid(problem, board, &input);
                        assert_eq!(valid, Ok(()), "{problem:?} {case:?}");
                    }
                }
            }
        }
    }

    /// With routes, on a board whose far corners are more moves apart than a route can hold,
    /// every query's squares are near enough for their route to be written, and some are far
    /// apart still; without routes, the same board's queries span it.
    #[test]
    fn for_routes_a_huge_board_s_queries_are_near_enough_to_write_their_routes() {
        let board = Board::new(1_000_000_000, 1_000_000_000).unwrap();
        let apart = |case: Case| match case {
            Case::Queries { pairs, .. } => pairs
                .iter()
                .map(|(from, to)| from.file.abs_diff(to.file).max(from.rank.abs_diff(to.rank)))
                .max()
                .unwrap(),
            other => panic!("{other:?}"),
        };
        for seed in 0..50 {
            let generator = CaseGenerator::new(Problem::Uva439, board, Reach::WithinLimits, seed);
            let farthest = apart(generator.clone().for_routes().random_case(40));
            assert!(
                farthest <= LARGEST_SIDE_WITH_ROUTES,
                "seed {seed}: {farthest}"
            );
            assert!(
                farthest > LARGEST_SIDE_WITH_ROUTES / 4,
                "seed {seed}: {farthest}"
            );
            assert!(apart(generator.clone().random_case(40)) > LARGEST_SIDE_WITH_ROUTES);
        }
    }

    /// Beyond the limits, the inputs do go past them: POJ 1915's smallest and largest boards,
    /// grids from 1.
    #[test]
    fn beyond_the_limits_the_inputs_go_past_them() {
        let mut refused = std::collections::BTreeSet::new();
        for problem in [Problem::Poj1915, Problem::CsesGrid, Problem::Knightl] {
            for seed in 0..200 {
                let mut generator =
                    CaseGenerator::new(problem, Board::STANDARD, Reach::BeyondLimits, seed);
                let mut input = Vec::new();
                let inputs = [Inputs::Random, Inputs::Hard][seed as usize % 2];
                generator.write_input(inputs, 20, &mut input).unwrap();
                if is_valid(problem, Board::STANDARD, &input).is_err() {
                    refused.insert(format!("{problem:?}"));
                }
            }
        }
        assert_eq!(refused.len(), 3, "{refused:?}");
        let hard = CaseGenerator::new(Problem::Poj1915, Board::STANDARD, Reach::BeyondLimits, 0)
            .hard_case();
        let Case::Scenarios(scenarios) = hard else {
            panic!()
        };
        let sides: std::collections::BTreeSet<u32> = scenarios.iter().map(|s| s.0).collect();
        assert!(
            sides.contains(&1) && sides.contains(&LARGEST_SIDE),
            "{sides:?}"
        );
    }
}
