//! `knight-moves generate random|hard|all-pairs`: write a judge input of a problem on standard
//! output, as it is made.

use std::io::{self, Write};

use anyhow::Context;
use clap::{Args, Subcommand};

use crate::board::Board;
use crate::cli::options::{BoardArg, DEFAULT_CASES, ProblemArg, ReachArg, SeedArg};
use crate::cli::output::{STDOUT_TROUBLE, chosen_seed, ensure_stdout_is_open};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::{Ending, ExitStatus};
use crate::problem::Problem;
use crate::problem::cases::{CaseGenerator, Inputs, Reach, most_queries};

/// The options of `knight-moves generate`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Write a judge input of a problem on standard output, as it is made (in a few megabytes\n\
however long): random queries, the cases that break solutions, or every pair of a board.\n\
Every input keeps to the problem's stated limits, unless --beyond-limits.\n\n\
Examples:
  knight-moves generate random --cases 100000 --seed 7 > big.in
  knight-moves generate hard --problem poj1915 > hard.in
  knight-moves generate all-pairs --board 5 | knight-moves --board 5")]
pub(crate) struct GenerateArgs {
    #[command(subcommand)]
    pub(crate) kind: GenerateKind,
}

/// The kinds of judge input.
#[derive(Clone, Debug, Subcommand)]
pub(crate) enum GenerateKind {
    /// Random queries (or scenarios, or a grid), mixed with the cases that break solutions.
    #[command(after_help = "\
Examples:
  knight-moves generate random --cases 100000 --seed 7 > big.in
  knight-moves generate random --problem poj1915 --cases 50 --beyond-limits")]
    Random {
        #[command(flatten)]
        problem: ProblemArg,
        #[command(flatten)]
        board: BoardArg,
        /// How many queries (POJ 1915: scenarios) to write; for cses-grid and knightl, how
        /// far the grid's side may go. [default: 1000]
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
        cases: Option<u64>,
        #[command(flatten)]
        seed: SeedArg,
        #[command(flatten)]
        reach: ReachArg,
    },
    /// The cases that break solutions: corners and the squares diagonally next to them,
    /// edges, a square to itself, the farthest pairs; small and large boards and grids.
    #[command(after_help = "\
Examples:
  knight-moves generate hard --problem poj1915 > hard.in
  knight-moves generate hard --board 300 | knight-moves --board 300")]
    Hard {
        #[command(flatten)]
        problem: ProblemArg,
        #[command(flatten)]
        board: BoardArg,
        #[command(flatten)]
        reach: ReachArg,
    },
    /// Every pair of the board (uva439 on boards up to 4096 squares; nakanj and poj1915 on
    /// 8x8).
    #[command(after_help = "\
Examples:
  knight-moves generate all-pairs > all-pairs.in
  knight-moves generate all-pairs --board 5 | knight-moves --board 5")]
    AllPairs {
        #[command(flatten)]
        problem: ProblemArg,
        #[command(flatten)]
        board: BoardArg,
    },
}

/// What `generate` was asked, settled.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Generate {
    problem: Problem,
    board: Board,
    inputs: Inputs,
    /// Queries (or scenarios) in a random input.
    cases: u64,
    seed: Option<u64>,
    /// How far the input goes: to the problem's limits, or past them.
    reach: Reach,
}

impl Job for GenerateArgs {
    type Settled = Generate;

    fn settle(self, at: &Invocation) -> Result<Generate, clap::Error> {
        let (problem, board, inputs, (cases, seed), reach) = match self.kind {
            GenerateKind::Random {
                problem,
                board,
                cases,
                seed,
                reach,
            } => (
                problem,
                board,
                Inputs::Random,
                (cases, seed.seed),
                reach.reach(),
            ),
            GenerateKind::Hard {
                problem,
                board,
                reach,
            } => (problem, board, Inputs::Hard, (None, None), reach.reach()),
            GenerateKind::AllPairs { problem, board } => (
                problem,
                board,
                Inputs::AllPairs,
                (None, None),
                Reach::WithinLimits,
            ),
        };
        let problem = problem.problem;
        let board = board.board();
        let squares = u64::from(board.files()) * u64::from(board.ranks());
        let kind = at.command_path().last().cloned().unwrap_or_default();
        if inputs == Inputs::AllPairs && !problem.description().queries_are_pairs {
            return Err(at.usage_error(&format!(
                "{kind} makes one query a pair: --problem {} reads no pairs",
                problem.name()
            )));
        }
        if inputs == Inputs::AllPairs && squares > 4096 {
            return Err(at.usage_error(&format!(
                "{kind} writes boards up to 4096 squares, not {board}"
            )));
        }
        let cases = cases.unwrap_or(DEFAULT_CASES);
        let most = most_queries(problem, reach);
        if inputs == Inputs::Random && cases > most {
            return Err(at.usage_error(&format!(
                "--cases {cases}: --problem {} states at most {most} queries; \
                 --beyond-limits writes more",
                problem.name()
            )));
        }
        Ok(Generate {
            problem,
            board,
            inputs,
            cases,
            seed,
            reach,
        })
    }

    /// Writes the input asked for: in bounded memory, whatever `--cases` or the board (see
    /// [`CaseGenerator::write_input`]).
    fn run(generate: Generate, at: &Invocation) -> Result<Ending, Stop> {
        ensure_stdout_is_open()?;
        // Only random inputs are made from a seed: the others are the same every time.
        let seed = match (generate.inputs, generate.seed) {
            (_, Some(seed)) => seed,
            (Inputs::Random, None) => chosen_seed(&at.name()),
            (Inputs::AllPairs | Inputs::Hard, None) => 0,
        };
        let mut stdout = io::BufWriter::new(io::stdout().lock());
        CaseGenerator::new(generate.problem, generate.board, generate.reach, seed)
            .write_input(generate.inputs, generate.cases, &mut stdout)
            .and_then(|()| stdout.flush())
            .context(STDOUT_TROUBLE)?;
        Ok(Ending::Status(ExitStatus::Success))
    }
}
