//! `knight-moves generate random|hard|all-pairs`: write a judge input of a problem.

use clap::{Args, Subcommand};

use crate::cli::groups::{BoardArg, DEFAULT_CASES, ProblemArg, ReachArg, SeedArg};
use crate::cli::usage_error;
use crate::problem::cases::{Inputs, Reach, most_queries};
use crate::settings::{GenerateSettings, Task};

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

impl GenerateArgs {
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
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
        let command: &[&str] = match inputs {
            Inputs::Random => &["generate", "random"],
            Inputs::Hard => &["generate", "hard"],
            Inputs::AllPairs => &["generate", "all-pairs"],
        };
        let problem = problem.problem;
        let board = board.for_problem(command, problem)?;
        let squares = u64::from(board.files()) * u64::from(board.ranks());
        if inputs == Inputs::AllPairs && !problem.description().queries_are_pairs {
            return Err(usage_error(
                command,
                &format!(
                    "all-pairs makes one query a pair: --problem {} reads no pairs",
                    problem.name()
                ),
            ));
        }
        if inputs == Inputs::AllPairs && squares > 4096 {
            return Err(usage_error(
                command,
                &format!("all-pairs writes boards up to 4096 squares, not {board}"),
            ));
        }
        let cases = cases.unwrap_or(DEFAULT_CASES);
        let most = most_queries(problem, reach);
        if inputs == Inputs::Random && cases > most {
            return Err(usage_error(
                command,
                &format!(
                    "--cases {cases}: --problem {} states at most {most} queries; \
                     --beyond-limits writes more",
                    problem.name()
                ),
            ));
        }
        Ok(Task::Generate(GenerateSettings {
            problem,
            board,
            inputs,
            cases,
            seed,
            reach,
        }))
    }
}
