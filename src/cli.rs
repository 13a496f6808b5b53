//! The command line, as clap reads it. Each field's doc comment is its `--help` text;
//! [`Cli::into_task`] checks what clap cannot check alone and turns what was typed into the
//! [`Task`] to do, with its settings, before any work starts.

use std::ffi::OsString;
use std::time::Duration;

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{CommandFactory, FromArgMatches, Parser};

use crate::board::{Board, Piece};
use crate::engine::Engine;
use crate::exit::ExitStatus;
use crate::format::grid::GridKind;
use crate::format::number::Naming;
use crate::format::{DrawKind, Shape, draw};
use crate::input::line::QuotedUpTo;
use crate::problem::Problem;
use crate::problem::cases::{Inputs, Reach, most_queries};
use crate::report;
use crate::settings::{
    AnswerSettings, CheckerFiles, CheckerSettings, Document, EngineChoice, Input, InputSettings,
    JudgeSystem, Measure, OutputSettings, PackageFormat, PackageSettings, SearchSettings, Sources,
    StressSettings, Task, ValidatorSettings, ValidatorSystem,
};
use crate::sink::check::tokens::Leniency;

const EXAMPLES: &str = "\
Examples:
  knight-moves tests/data/sample.in         answer a judge input file
  echo 'e2 e4' | knight-moves               answer one query from a pipe
  knight-moves a.in - b.in < c.in           a.in, then stdin, then b.in
  knight-moves big.in | grep -c 'takes 6'   count the pairs six moves apart
  echo 'a1 h8' | knight-moves --path        show one shortest route
  knight-moves --compare all-pairs.in > /dev/null
                                            time every engine, check they agree
  echo 'a1 zz100' | knight-moves --board 702x100 --path
                                            a bigger board, in extended notation
  knight-moves --problem nakanj nakanj.in   SPOJ NAKANJ's input and answers
  echo 1000 | knight-moves --problem cses-grid
                                            CSES Knight Moves Grid for n = 1000";

const PROBLEMS: &str = "\
Problems (--problem) and the options each takes:
  uva439     UVa 439 = POJ 2243 = HDU 1372 = ZOJ 1091: lines `e2 e4`, the judge's sentence;
             every option
  nakanj     SPOJ NAKANJ: a count T, then T lines `e2 e4`; each answer the bare number (and
             the route after it with --path); every option but --board and --piece (the
             knight on 8x8)
  poj1915    POJ 1915 = Baekjoon 7562: a count, then scenarios of three lines: side, start
             `x y`, end `x y` (from 0); each answer the bare number, -1 where no route exists
             (the route as `x,y` squares after it with --path); --algorithm (not table),
             --max-nodes and --path
  cses-grid  CSES 3217 Knight Moves Grid: n; n lines of n numbers, the moves from the
             top-left corner to each square (-1 where none reaches), each asked of the
             engine as a query is; --algorithm (not table) and --max-nodes
  knightl    HackerRank KnightL on a Chessboard: n; n-1 lines of n-1 numbers, the moves of
             the (i,j)-leaper from corner to corner (-1 where it cannot), each asked of the
             engine; --algorithm formula (the default), bfs, bidirectional or astar, and
             --max-nodes";

/// `--stress`'s help, ending with how COMMAND is split on this system (see [`split_command`]):
/// one text, so the two systems' helps cannot drift apart.
macro_rules! stress_help {
    ($splitting:literal, $killing:literal) => {
        concat!(
            "Judge a program: run COMMAND on generated inputs of the chosen problem and compare \
             its output with the right answers, until it fails a case (wrong answer, \
             presentation error, time, memory or output limit exceeded, runtime error; shrunk \
             to the smallest that still fails, shown and saved; exit status 4) or --cases pass \
             (the slowest case's time and the most memory shown). A case knight-moves cannot \
             answer (a search gave up) stops the run as a judge failure, exit status 5. COMMAND \
             is split into the program and its arguments as ",
            $splitting,
            ". ",
            $killing
        )
    };
}
#[cfg(not(windows))]
const STRESS_HELP: &str = stress_help!(
    "a POSIX shell splits words (quotes and backslashes, no pipes or redirections: use \
     `sh -c '...'` for those)",
    "It runs in a process group of its own, killed at a limit; when it ends, whatever it \
     started is killed too (on Linux everything, setsid or not; elsewhere its group), as on \
     Ctrl-C, SIGTERM and SIGHUP, which then end knight-moves"
);
#[cfg(windows)]
const STRESS_HELP: &str = stress_help!(
    "Windows programs split a command line (double quotes group words, backslashes stay as in \
     paths; no pipes or redirections: use `cmd /c \"...\"` for those)",
    "It is killed at a limit and on Ctrl-C (what it started is not)"
);

/// `--stress`'s COMMAND as a program and its arguments, split as this system's users write
/// commands: as a POSIX shell splits words on Unix (quotes, backslash escapes), and on Windows
/// by Windows' own rules (`CommandLineToArgvW`), where a backslash is part of a path
/// (`C:\judge\a.exe`). `None` when it cannot be split (an unclosed quote on Unix).
fn split_command(command: &str) -> Option<Vec<String>> {
    #[cfg(not(windows))]
    return shlex::split(command);
    #[cfg(windows)]
    return Some(winsplit::split(command));
}

/// The fewest knight moves between two squares of a chessboard.
///
/// Reads lines of two squares, such as `e2 e4`, and answers each with the judge's sentence
/// `To get from e2 to e4 takes 2 knight moves.`, in input order. A square is a file letter a-h
/// (or A-H) and a rank 1-8 (on other boards, see --board); the two are separated by spaces or
/// tabs. Blank lines are skipped; CRLF line ends are accepted. A bad line is reported on stderr
/// as `knight-moves: SOURCE:LINE: WHAT` and every other line is still answered. A pair no knight
/// can join (on some small boards) is answered `There is no knight route from XX to YY.`
#[derive(Debug, Parser)]
#[command(name = "knight-moves", bin_name = "knight-moves", version, after_help = after_help())]
pub(crate) struct Cli {
    /// Files of queries, read in order as one stream. `-`, or no file at all, reads standard
    /// input.
    #[arg(value_name = "FILE", value_hint = clap::ValueHint::FilePath,
          value_parser = clap::builder::OsStringValueParser::new())]
    pub(crate) files: Vec<OsString>,

    /// The judge problem whose input is read and whose answers are written.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = Problem::Uva439)]
    pub(crate) problem: Problem,

    /// The board: N for N×N, or WxH (or W×H) for W files by H ranks, each side from 1 to
    /// 1000000000.
    /// Files past z are named like spreadsheet columns (aa, ab, …), ranks are numbered from 1,
    /// and a1 is the bottom-left corner. [default: 8]
    #[arg(long, value_name = "SIZE")]
    pub(crate) board: Option<Board>,

    /// The piece that moves: knight, camel (1,3), zebra (2,3), giraffe (1,4), wazir (0,1),
    /// ferz (1,1), or A,B for any (A,B)-leaper (each from 0 to 1000000, not both 0). Pieces but
    /// the knight are answered by the formula (the default: in closed form where a shortest
    /// walk fits the board, else by a search), bfs, bidirectional or astar. [default: knight]
    #[arg(long, value_name = "PIECE")]
    pub(crate) piece: Option<Piece>,

    /// The search engine that answers. Every engine gives the same distances; they differ in
    /// how much of the board they search. [default: table for the knight on 8x8, formula
    /// everywhere else]
    #[arg(long, value_enum, value_name = "ENGINE")]
    pub(crate) algorithm: Option<EngineName>,

    /// The most squares one search may expand; a query that needs more is reported as a bad
    /// line, so that no query uses up memory (at the defaults, a search stays under about
    /// 1 GiB). Also bounds the moves of a route the formula builds. [default: 10000000, and
    /// 1500000 for astar and the formula's searches by astar, which hold more for each square
    /// they expand]
    #[arg(long, value_name = "N", value_parser = max_nodes)]
    pub(crate) max_nodes: Option<u64>,

    /// Append one shortest route to each answer, as in
    /// `To get from e2 to e4 takes 2 knight moves: e2 g3 e4.`
    #[arg(long)]
    pub(crate) path: bool,

    /// After the input ends, print on stderr a table of the engine's work: queries answered,
    /// squares expanded (total, mean, most) and nanoseconds a query.
    #[arg(long)]
    pub(crate) stats: bool,

    /// Run every engine on every query as well, print their figures side by side on stderr
    /// after the input ends, and report any query on which two engines disagree (exit status 3).
    #[arg(long)]
    pub(crate) compare: bool,

    /// How answers are written: the judge's sentence, tab-separated `FROM TO MOVES [PATH]`,
    /// JSON Lines (one object per answer, with its source and line), or the trace of each
    /// search as JSON Lines (every square reached and expanded, then the route). Errors stay on
    /// stderr as text; with json and trace, the --stats and --compare tables are JSON objects on
    /// stderr too.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Sentence)]
    pub(crate) format: Format,

    /// With --format tsv, start with a header row: `from to moves` (and `path`).
    #[arg(long)]
    pub(crate) header: bool,

    /// After each answer, draw the board: every square's distance from the start, the route's
    /// squares in brackets (and in colour when stdout is a terminal and NO_COLOR is unset).
    /// --draw=search draws how the engine searched instead: each square it expanded numbered in
    /// order, + for squares reached only, ' for bidirectional's search from the target, * where
    /// its two searches met (or where the formula's search of a pair the board's half turn
    /// swaps found its middle square); with --compare, one board per engine. --draw=search-costs lists
    /// each expanded square's g (and A*'s h and f) too. Implies --path; sentence format only.
    #[arg(long, value_enum, value_name = "WHAT", num_args = 0..=1, require_equals = true,
          default_missing_value = "distances")]
    pub(crate) draw: Option<DrawWhat>,

    /// At the end of the run, write FILE: one self-contained HTML page showing the first 50
    /// queries searched by every engine that works on the board, each search replayed square
    /// by square, and the engines' figures as charts. Boards up to 26x26.
    #[arg(long, value_name = "FILE")]
    pub(crate) report: Option<std::path::PathBuf>,

    /// Print a man page, a shell completion script, or a judge input of the chosen problem on
    /// stdout, and read no input.
    #[arg(long, value_enum, value_name = "KIND")]
    pub(crate) generate: Option<Generate>,

    /// Judge an answer file: compare ANSWERS (a file, or `-` for standard input when the
    /// queries come from files) with the right answers to the input, line by line as both
    /// stream, and print one verdict on stdout: Accepted, Wrong answer or Presentation error
    /// (exit status 4), or a judge failure where knight-moves could not answer a query (its
    /// search gave up; that answer is skipped, not blamed; exit status 5). Here, with --stress
    /// and with --checker, the answers are in the format --format names (any but trace), and
    /// with --path a route is right when it is any shortest route.
    #[arg(long, value_name = "ANSWERS",
          value_parser = clap::builder::OsStringValueParser::new())]
    pub(crate) check: Option<OsString>,

    #[arg(long, value_name = "COMMAND", help = STRESS_HELP)]
    pub(crate) stress: Option<String>,

    /// Judge one output as a judge system's checker, the files following (as FILE) in the
    /// order the system passes them. kattis (also DOMjudge, BAPCtools): IN ANS FEEDBACK_DIR
    /// [FLAGS...] < OUTPUT; exit 42 accepted, 43 rejected; tokens compared as the default
    /// validator compares them unless FLAGS hold case_sensitive or space_change_sensitive.
    /// testlib: [--testset NAME] [--group NAME] IN OUTPUT ANS [RESULT_FILE [-appes]]; exit 0
    /// OK, 1 wrong answer, 2 presentation error, 3 judge failure. cms: IN ANS OUTPUT
    /// [batch|outputonly]; the score on stdout, the message on stderr. The right answers are
    /// knight-moves' own, made from IN: an ANS that differs from them, an IN that is not the
    /// problem's (as --validate-input finds), or an IN it cannot answer, is a judge failure
    /// (kattis and cms exit 5), never the candidate's.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub(crate) checker: Option<JudgeSystem>,

    /// Check that the judge input on standard input is exactly as the problem states it:
    /// single spaces, LF line ends, a final newline, no leading zeros, lower-case squares on
    /// the board, counts that match their lines, the problem's limits. kattis (also
    /// BAPCtools): exit 42 valid, 43 not; testlib: exit 0 valid, 3 not. FILEs are the
    /// arguments the system passes (Kattis' flags; Polygon's --testset and --group, after
    /// --), ignored. The first offending line and column are on stderr.
    #[arg(long, value_enum, value_name = "SYSTEM")]
    pub(crate) validate_input: Option<ValidatorSystem>,

    /// How many cases --stress runs [default: 1000], or how many queries (or scenarios)
    /// --generate input-random writes [default: 1000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) cases: Option<u64>,

    /// The seed of --stress's and --generate input-random's inputs; without it one is chosen
    /// and printed, so that any run can be made again.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,

    /// Let --stress and --generate input-random and input-hard go past the problem's stated
    /// limits, for solutions meant to be general: POJ 1915's boards of side 1 to 3 and up to
    /// 1000000000, CSES's and KnightL's grids from n = 1, NAKANJ's T past 4096. Without it,
    /// every input made passes --validate-input.
    #[arg(long)]
    pub(crate) beyond_limits: bool,

    /// The seconds a --stress program may take on one case. [default: 2]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub(crate) time_limit: Option<f64>,

    /// The memory a --stress program may hold, in megabytes (10^6 bytes): the resident memory
    /// of all its processes, watched while it runs (Linux; elsewhere its peak after the run).
    /// Not on Windows. [default: none]
    #[arg(long, value_name = "MB", value_parser = megabytes)]
    pub(crate) memory_limit: Option<f64>,

    /// Write a problem package of the problem to DIR, ready for a judge system: problem.yaml,
    /// the statement, the sample and secret cases with their answers, knight-moves as the
    /// input, output (and answer) validator, and right and wrong submissions. DIR must not
    /// exist or be empty (see --force); the package is written whole or not at all; a DIR
    /// that ends in .zip is written as one zip file (for DOMjudge's import). With --path,
    /// UVa 439's variant that asks for a shortest route too, any one.
    #[arg(long, value_name = "DIR")]
    pub(crate) package: Option<std::path::PathBuf>,

    /// The format --package writes: legacy (problemtools' verifyproblem, DOMjudge) or 2025-09
    /// (BAPCtools). [default: legacy]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub(crate) package_format: Option<PackageFormat>,

    /// The uuid of --package's problem (8-4-4-4-12 hexadecimal digits), so that a package made
    /// again is the same to the byte. [default: a fresh one]
    #[arg(long, value_name = "UUID", value_parser = uuid)]
    pub(crate) uuid: Option<String>,

    /// Who may permit the use of --package's problem, for problem.yaml's rights_owner.
    /// [default: none, a comment left for it]
    #[arg(long, value_name = "NAME", value_parser = clap::builder::NonEmptyStringValueParser::new())]
    pub(crate) rights_owner: Option<String>,

    /// With --package, replace a DIR that holds files.
    #[arg(long)]
    pub(crate) force: bool,

    /// testlib's test set, which Polygon passes its checkers and validators (`--testset
    /// NAME`): taken as testlib takes it, and unused. Not in --help: the system types it.
    #[arg(long, hide = true, value_name = "NAME", allow_hyphen_values = true)]
    pub(crate) testset: Option<OsString>,

    /// testlib's group of tests (`--group NAME`), as `--testset`.
    #[arg(long, hide = true, value_name = "NAME", allow_hyphen_values = true)]
    pub(crate) group: Option<OsString>,

    /// The options typed on the command line (by name, as `--help` shows them: `--path`,
    /// `FILE`), defaults aside: each must mean something for the task ([`takes`]).
    #[arg(skip)]
    given: Vec<String>,

    /// Whether testlib's `-appes` (or `-APPES`) was given (taken out of the arguments before clap reads
    /// them, since clap would read it as short options: [`Cli::task_from`]).
    #[arg(skip)]
    appes: bool,
}

/// What a run does, as the options that choose it name it: each takes some options, and refuses
/// the others ([`takes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TaskKind {
    /// Answer the queries (no option chooses it).
    Answer,
    /// `--check`.
    Check,
    /// `--stress`.
    Stress,
    /// `--checker`.
    Checker,
    /// `--validate-input`.
    ValidateInput,
    /// `--generate man` and the completions.
    Document,
    /// `--generate input-random`.
    RandomInput,
    /// `--generate input-all-pairs` and `input-hard`, the same every time.
    FixedInput,
    /// `--package`.
    Package,
}

impl TaskKind {
    /// The task a [`Task`] is.
    fn of(task: &Task) -> TaskKind {
        match task {
            Task::Answer { .. } => TaskKind::Answer,
            Task::Check { .. } => TaskKind::Check,
            Task::Stress(_) => TaskKind::Stress,
            Task::Checker(_) => TaskKind::Checker,
            Task::ValidateInput(_) => TaskKind::ValidateInput,
            Task::Package(_) => TaskKind::Package,
            Task::Document(_) => TaskKind::Document,
            Task::JudgeInput(input) => match input.inputs {
                Inputs::Random => TaskKind::RandomInput,
                Inputs::AllPairs | Inputs::Hard => TaskKind::FixedInput,
            },
        }
    }

    /// The task as messages name it.
    fn describe(self, generate: Option<Generate>) -> String {
        let generated = || {
            generate
                .and_then(|kind| clap::ValueEnum::to_possible_value(&kind))
                .map_or("--generate".to_owned(), |value| {
                    format!("--generate {}", value.get_name())
                })
        };
        match self {
            TaskKind::Answer => "answering queries".to_owned(),
            TaskKind::Check => "--check".to_owned(),
            TaskKind::Stress => "--stress".to_owned(),
            TaskKind::Checker => "--checker".to_owned(),
            TaskKind::ValidateInput => "--validate-input".to_owned(),
            TaskKind::Package => "--package".to_owned(),
            TaskKind::Document | TaskKind::RandomInput | TaskKind::FixedInput => generated(),
        }
    }
}

/// Whether the task `kind` takes `option` (named as `--help` shows it): the one table of which
/// options mean something for which task. Every option given must be taken, or the run is a
/// usage error: none is silently ignored. (Which problem takes which option is
/// [`Cli::option_the_problem_rejects`]'s; options that need each other, such as `--header` and
/// `--format tsv`, are checked by [`Cli::into_task`].)
pub(crate) fn takes(kind: TaskKind, option: &str) -> bool {
    /// What every task that answers queries takes: the problem and how it is searched.
    const SEARCH: &[&str] = &[
        "--problem",
        "--board",
        "--piece",
        "--algorithm",
        "--max-nodes",
    ];
    let own: &[&str] = match kind {
        TaskKind::Answer => &[
            "FILE",
            "--path",
            "--stats",
            "--compare",
            "--format",
            "--header",
            "--draw",
            "--report",
        ],
        TaskKind::Check => &["FILE", "--check", "--path", "--format", "--header"],
        TaskKind::Checker => &[
            "FILE",
            "--checker",
            "--path",
            "--format",
            "--header",
            "--testset",
            "--group",
        ],
        TaskKind::ValidateInput => {
            let own = [
                "FILE",
                "--validate-input",
                "--problem",
                "--board",
                "--testset",
                "--group",
            ];
            return own.contains(&option);
        }
        TaskKind::Stress => &[
            "--stress",
            "--beyond-limits",
            "--path",
            "--format",
            "--header",
            "--cases",
            "--seed",
            "--time-limit",
            "--memory-limit",
        ],
        TaskKind::Document => return option == "--generate",
        TaskKind::RandomInput => {
            let own = [
                "--generate",
                "--problem",
                "--board",
                "--cases",
                "--seed",
                "--beyond-limits",
            ];
            return own.contains(&option);
        }
        TaskKind::FixedInput => {
            let own = ["--generate", "--problem", "--board", "--beyond-limits"];
            return own.contains(&option);
        }
        TaskKind::Package => {
            let own = [
                "--package",
                "--package-format",
                "--uuid",
                "--rights-owner",
                "--force",
                "--problem",
                "--path",
            ];
            return own.contains(&option);
        }
    };
    SEARCH.contains(&option) || own.contains(&option)
}

/// The answers' layout as `--format` names it; with the problem, it makes the answers'
/// [`Shape`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The judge's sentence: `To get from e2 to e4 takes 2 knight moves.`
    #[default]
    Sentence,
    /// `FROM<TAB>TO<TAB>MOVES`, with a fourth column for the route under --path.
    Tsv,
    /// JSON Lines: one object per answer, with source, line, from, to, moves (and path).
    Json,
    /// JSON Lines of each search's steps (reach, expand, meet), then its route: see the README.
    Trace,
}

/// What `--draw` draws, as it names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum DrawWhat {
    /// Every square's distance from the start (what --draw alone draws).
    Distances,
    /// The squares the engine expanded, numbered in the order it expanded them.
    Search,
    /// The same, and each expanded square's g, h and f listed under the board.
    SearchCosts,
}

/// What `--generate` can produce: a document about the program, or a judge input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Generate {
    /// A man page, in roff (install as knight-moves.1).
    Man,
    /// A completion script for bash.
    CompleteBash,
    /// A completion script for zsh.
    CompleteZsh,
    /// A completion script for fish.
    CompleteFish,
    /// A judge input of the chosen problem: random queries (--cases of them, from --seed), mixed
    /// with the cases that break solutions.
    InputRandom,
    /// A judge input of the chosen problem: every pair of the board (boards up to 4096
    /// squares; POJ 1915's on 8x8).
    InputAllPairs,
    /// A judge input of the chosen problem: the cases that break solutions (corners and the
    /// squares diagonally next to them, edges, a square to itself, the farthest pairs; small
    /// and large boards; small grids).
    InputHard,
}

impl Cli {
    /// The first option given that the chosen problem has no use for, as typed: each problem
    /// takes the options that mean something for its input and answers (the table in --help).
    fn option_the_problem_rejects(&self) -> Option<&'static str> {
        let non_sentence = self.format != Format::Sentence;
        let given: [(&'static str, bool); 12] = [
            ("--board", self.board.is_some()),
            ("--piece", self.piece.is_some()),
            ("--algorithm", self.algorithm.is_some()),
            (
                "--algorithm table",
                self.algorithm == Some(EngineName(Engine::Table)),
            ),
            (
                "--algorithm formula",
                self.algorithm == Some(EngineName(Engine::Formula)),
            ),
            ("--max-nodes", self.max_nodes.is_some()),
            ("--path", self.path),
            ("--stats", self.stats),
            ("--compare", self.compare),
            ("--format", non_sentence),
            ("--draw", self.draw.is_some()),
            ("--report", self.report.is_some()),
        ];
        let rejected: &[&str] = match self.problem {
            Problem::Uva439 => &[],
            Problem::Nakanj => &["--board", "--piece"],
            Problem::Poj1915 => &[
                "--board",
                "--piece",
                "--algorithm table",
                "--stats",
                "--compare",
                "--format",
                "--draw",
                "--report",
            ],
            // Each grid's board comes from its n, as each scenario's side does for POJ 1915:
            // the table, which knows one board, is refused rather than left to fail on others.
            Problem::CsesGrid => &[
                "--board",
                "--piece",
                "--algorithm table",
                "--path",
                "--stats",
                "--compare",
                "--format",
                "--draw",
                "--report",
            ],
            // Leapers of every shape: the table knows the knight only.
            Problem::Knightl => &[
                "--board",
                "--piece",
                "--algorithm table",
                "--path",
                "--stats",
                "--compare",
                "--format",
                "--draw",
                "--report",
            ],
        };
        given
            .into_iter()
            .find(|(option, is_given)| *is_given && rejected.contains(option))
            .map(|(option, _)| option)
    }

    /// What the run does, with the options that go with it checked: the checks with a message
    /// of their own first, then that every option given is one the task takes ([`takes`]).
    fn task(&self, answers: AnswerSettings) -> Result<Task, clap::Error> {
        let task = self.task_unchecked(answers)?;
        let kind = TaskKind::of(&task);
        if let Some(option) = self.given.iter().find(|option| !takes(kind, option)) {
            let task = kind.describe(self.generate);
            let message = format!("{option} does not go with {task}");
            return Err(Cli::command().error(ErrorKind::ArgumentConflict, message));
        }
        Ok(task)
    }

    /// [`Cli::task`] but for the check of the options given against the task's.
    fn task_unchecked(&self, answers: AnswerSettings) -> Result<Task, clap::Error> {
        let usage_error =
            |message: &str| Cli::command().error(ErrorKind::ArgumentConflict, message);
        let chosen: Vec<&str> = [
            ("--check", self.check.is_some()),
            ("--stress", self.stress.is_some()),
            ("--checker", self.checker.is_some()),
            ("--validate-input", self.validate_input.is_some()),
            ("--package", self.package.is_some()),
        ]
        .into_iter()
        .filter_map(|(option, given)| given.then_some(option))
        .collect();
        let judging = match chosen[..] {
            [] => None,
            [one] => Some(one),
            [first, second, ..] => {
                return Err(usage_error(&format!(
                    "{first} and {second} go one at a time"
                )));
            }
        };
        if self.appes && self.checker != Some(JudgeSystem::Testlib) {
            return Err(usage_error("-appes goes with --checker testlib"));
        }
        let speaks_testlib = self.checker == Some(JudgeSystem::Testlib)
            || self.validate_input == Some(ValidatorSystem::Testlib);
        if (self.testset.is_some() || self.group.is_some()) && !speaks_testlib {
            return Err(usage_error(
                "--testset and --group go with --checker testlib and --validate-input testlib",
            ));
        }
        if self.testset.as_ref().is_some_and(|name| name.is_empty()) {
            return Err(usage_error(
                "--testset: expected a test set's name, found nothing",
            ));
        }
        if let Some(dir) = &self.package {
            if self.generate.is_some() {
                return Err(usage_error("--generate does not go with --package"));
            }
            return Ok(Task::Package(PackageSettings {
                dir: dir.clone(),
                format: self.package_format.unwrap_or_default(),
                uuid: self.uuid.clone(),
                rights_owner: self.rights_owner.clone(),
                force: self.force,
                answers,
            }));
        }
        if let Some(system) = self.validate_input {
            if self.generate.is_some() {
                return Err(usage_error("--generate does not go with --validate-input"));
            }
            return Ok(Task::ValidateInput(ValidatorSettings {
                problem: answers.problem,
                board: answers.search.board,
                system,
            }));
        }
        let makes_random_input = self.generate == Some(Generate::InputRandom);
        if let Some(judge) = judging {
            let output_options = [
                ("--draw", self.draw.is_some()),
                ("--report", self.report.is_some()),
                ("--stats", self.stats),
                ("--compare", self.compare),
                // Answers in any format are judged; a search's events are not answers.
                ("--format trace", self.format == Format::Trace),
                ("--generate", self.generate.is_some()),
            ];
            if let Some((option, _)) = output_options.iter().find(|(_, given)| *given) {
                return Err(usage_error(&format!(
                    "{option} does not go with {judge}, which judges the judge's own answers"
                )));
            }
        }
        let seeded = self.cases.is_some() || self.seed.is_some();
        if seeded && self.stress.is_none() && !makes_random_input {
            return Err(usage_error(
                "--cases and --seed go with --stress or --generate input-random",
            ));
        }
        if self.time_limit.is_some() && self.stress.is_none() {
            return Err(usage_error("--time-limit goes with --stress"));
        }
        if self.memory_limit.is_some() && self.stress.is_none() {
            return Err(usage_error("--memory-limit goes with --stress"));
        }
        // Windows tells knight-moves nothing of a program's memory: refused, not ignored.
        if self.memory_limit.is_some() && cfg!(windows) {
            return Err(usage_error("--memory-limit is not supported on Windows"));
        }
        if let Some(command) = &self.stress {
            if !self.files.is_empty() {
                return Err(usage_error("--stress makes its own inputs: name no FILE"));
            }
            let command = match split_command(command) {
                Some(words) if !words.is_empty() => words,
                _ => {
                    return Err(usage_error(&format!(
                        "--stress: cannot split {} into a program and its arguments",
                        QuotedUpTo(command.as_bytes(), 200)
                    )));
                }
            };
            return Ok(Task::Stress(StressSettings {
                reach: self.reach(),
                command,
                cases: self.cases.unwrap_or(1000),
                seed: self.seed,
                time_limit: Duration::from_secs_f64(self.time_limit.unwrap_or(2.0)),
                memory_limit: self
                    .memory_limit
                    .map(|megabytes| (megabytes * 1e6).round() as u64),
                answers,
            }));
        }
        if let Some(system) = self.checker {
            let files = self
                .checker_files(system)
                .map_err(|message| usage_error(&message))?;
            return Ok(Task::Checker(CheckerSettings { answers, files }));
        }
        if let Some(file) = &self.check {
            let stdin_is_input = self.files.is_empty() || self.files.iter().any(|f| f == "-");
            if file == "-" && stdin_is_input {
                return Err(usage_error(
                    "--check -: standard input holds the queries; name the answer file",
                ));
            }
            let file = match file == "-" {
                true => Input::Stdin,
                false => Input::File(file.into()),
            };
            let sources = self.sources();
            return Ok(Task::Check {
                answers,
                sources,
                file,
            });
        }
        let inputs = match self.generate {
            None => {
                let sources = self.sources();
                let report = self.report.clone();
                return Ok(Task::Answer {
                    answers,
                    sources,
                    report,
                });
            }
            Some(Generate::Man) => return Ok(Task::Document(Document::Man)),
            Some(Generate::CompleteBash) => return Ok(Task::Document(Document::CompleteBash)),
            Some(Generate::CompleteZsh) => return Ok(Task::Document(Document::CompleteZsh)),
            Some(Generate::CompleteFish) => return Ok(Task::Document(Document::CompleteFish)),
            Some(Generate::InputRandom) => Inputs::Random,
            Some(Generate::InputAllPairs) => Inputs::AllPairs,
            Some(Generate::InputHard) => Inputs::Hard,
        };
        let board = answers.search.board;
        let squares = u64::from(board.files()) * u64::from(board.ranks());
        let reads_one_number = matches!(answers.problem, Problem::CsesGrid | Problem::Knightl);
        if inputs == Inputs::AllPairs && (reads_one_number || squares > 4096) {
            return Err(usage_error(
                "--generate input-all-pairs makes one query a pair: for uva439 (on boards up to \
                 4096 squares), nakanj and poj1915",
            ));
        }
        if self.beyond_limits && inputs == Inputs::AllPairs {
            return Err(usage_error(
                "--beyond-limits does not go with --generate input-all-pairs, which writes the \
                 board's pairs, no more",
            ));
        }
        let cases = self.cases.unwrap_or(1000);
        let most = most_queries(answers.problem, self.reach());
        if inputs == Inputs::Random && cases > most {
            return Err(usage_error(&format!(
                "--cases {cases}: --problem {} states at most {most} queries; \
                 --beyond-limits writes more",
                answers.problem.name()
            )));
        }
        Ok(Task::JudgeInput(InputSettings {
            problem: answers.problem,
            board,
            inputs,
            cases,
            seed: self.seed,
            reach: self.reach(),
        }))
    }

    /// How far generated inputs go (`--beyond-limits`).
    fn reach(&self) -> Reach {
        match self.beyond_limits {
            true => Reach::BeyondLimits,
            false => Reach::WithinLimits,
        }
    }

    /// The files `--checker` was given, read in the order `system` passes them.
    fn checker_files(&self, system: JudgeSystem) -> Result<CheckerFiles, String> {
        // testlib takes its `--testset NAME` and `--group NAME` wherever they stand: after
        // `--` they are among the files, and go as they would before it.
        let files = match system {
            JudgeSystem::Testlib => without_testlib_options(&self.files)?,
            JudgeSystem::Kattis | JudgeSystem::Cms => self.files.clone(),
        };
        let path = |index: usize| std::path::PathBuf::from(&files[index]);
        let count = files.len();
        match system {
            JudgeSystem::Kattis if count >= 3 => {
                let flags = &files[3..];
                let flag = |name: &str| flags.iter().any(|flag| flag == name);
                Ok(CheckerFiles::Kattis {
                    input: path(0),
                    answer: path(1),
                    feedback: path(2),
                    leniency: Leniency {
                        case_sensitive: flag("case_sensitive"),
                        space_change_sensitive: flag("space_change_sensitive"),
                    },
                })
            }
            JudgeSystem::Kattis => Err(format!(
                "--checker kattis takes IN ANS FEEDBACK_DIR [FLAGS...], not {}",
                counted_files(count)
            )),
            JudgeSystem::Testlib if (3..=4).contains(&count) => {
                if self.appes && count < 4 {
                    return Err("-appes goes after RESULT_FILE".to_owned());
                }
                Ok(CheckerFiles::Testlib {
                    input: path(0),
                    output: path(1),
                    answer: path(2),
                    result: (count == 4).then(|| path(3)),
                    xml: self.appes,
                })
            }
            JudgeSystem::Testlib => Err(format!(
                "--checker testlib takes [--testset NAME] [--group NAME] IN OUTPUT ANS \
                 [RESULT_FILE [-appes]], not {}",
                counted_files(count)
            )),
            // CMS's BatchAndOutput task type passes a fourth argument, whether the case's
            // output came from the program (`batch`) or was submitted (`outputonly`): the
            // output is judged alike either way.
            JudgeSystem::Cms if count == 4 && files[3] != "batch" && files[3] != "outputonly" => {
                Err(format!(
                    "--checker cms: the fourth argument is CMS's batch or outputonly, not {}",
                    QuotedUpTo(files[3].as_encoded_bytes(), 200)
                ))
            }
            JudgeSystem::Cms if (3..=4).contains(&count) => Ok(CheckerFiles::Cms {
                input: path(0),
                answer: path(1),
                output: path(2),
            }),
            JudgeSystem::Cms => Err(format!(
                "--checker cms takes IN ANS OUTPUT [batch|outputonly], not {}",
                counted_files(count)
            )),
        }
    }

    /// The files named, in order, as the inputs of a task that reads queries: standard input
    /// when none is named.
    fn sources(&self) -> Sources {
        let inputs = self.files.iter().map(|name| match name == "-" {
            true => Input::Stdin,
            false => Input::File(name.into()),
        });
        match self.files.is_empty() {
            true => Sources {
                inputs: vec![Input::Stdin],
                reads_stdin_by_default: true,
            },
            false => Sources {
                inputs: inputs.collect(),
                reads_stdin_by_default: false,
            },
        }
    }

    /// Reads the command line `args` (the program's name first) into the task to do: what
    /// clap checks, then [`Cli::into_task`]'s checks, with the options typed known apart from
    /// their defaults.
    pub(crate) fn task_from<I, T>(args: I) -> Result<Task, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        // testlib passes `-appes` (or `-APPES`) after the result file; clap would read it as the short
        // options -a -p -p -e -s, which knight-moves does not have, so it is taken out here.
        let mut appes = false;
        let args: Vec<OsString> = args
            .into_iter()
            .map(Into::into)
            .filter(|arg| {
                let is_appes = arg == "-appes" || arg == "-APPES";
                appes |= is_appes;
                !is_appes
            })
            .collect();
        let command = Cli::command();
        let matches = command.clone().try_get_matches_from(args)?;
        let mut cli = Cli::from_arg_matches(&matches)?;
        cli.appes = appes;
        cli.given = command
            .get_arguments()
            .filter(|arg| {
                let id = arg.get_id().as_str();
                matches.value_source(id) == Some(ValueSource::CommandLine)
            })
            .map(option_name)
            .collect();
        cli.into_task()
    }

    /// Checks the options that clap cannot check alone, and settles what they mean: the engine
    /// for the board, `--draw` implying `--path`, colour, the accelerator, the inputs.
    pub(crate) fn into_task(self) -> Result<Task, clap::Error> {
        let cli = self;
        let usage_error =
            |message: &str| Cli::command().error(ErrorKind::ArgumentConflict, message);
        if cli.draw.is_some() && cli.format != Format::Sentence {
            return Err(usage_error("--draw works with --format sentence only"));
        }
        if cli.header && cli.format != Format::Tsv {
            return Err(usage_error("--header goes with --format tsv"));
        }
        let problem = cli.problem;
        if let Some(option) = cli.option_the_problem_rejects() {
            let name = problem.name();
            return Err(usage_error(&format!(
                "{option} does not go with --problem {name} (see Problems in --help)"
            )));
        }
        let board = cli.board.unwrap_or(Board::STANDARD);
        let piece = cli.piece.unwrap_or(Piece::KNIGHT);
        let engine = match (problem, cli.algorithm.map(|name| name.0)) {
            // Boards come from the input: each scenario's side, each grid's n.
            (Problem::Poj1915 | Problem::CsesGrid, None) => EngineChoice::FastestForEachBoard,
            // Leapers of every shape: the formula answers by closed form where a shortest walk
            // fits the board, and searches from one corner only elsewhere (the mirror search).
            (Problem::Knightl, None) => EngineChoice::Given(Engine::Formula),
            (_, algorithm) => {
                EngineChoice::Given(algorithm.unwrap_or(Engine::fastest_for(board, piece)))
            }
        };
        if let EngineChoice::Given(engine) = engine {
            if !engine.works_for(piece) {
                return Err(usage_error(&format!(
                    "--algorithm {engine} knows the knight only; the {piece} is answered by \
                     formula, bfs, bidirectional or astar"
                )));
            }
        }
        if let EngineChoice::Given(engine) = engine {
            if !engine.works_on(board) {
                return Err(usage_error(&format!(
                    "--algorithm {engine} works on the 8x8 board only, not {board}; \
                     formula answers as fast on any board"
                )));
            }
        }
        let largest_drawn = board.files().max(board.ranks());
        if cli.draw.is_some() && largest_drawn > draw::MAX_DRAWN_SIDE {
            let most = draw::MAX_DRAWN_SIDE;
            return Err(usage_error(&format!(
                "--draw draws boards up to {most}x{most}, not {board}"
            )));
        }
        if cli.report.is_some() && largest_drawn > report::MAX_SIDE {
            let most = report::MAX_SIDE;
            return Err(usage_error(&format!(
                "--report draws boards up to {most}x{most}, not {board}"
            )));
        }
        let measure = match (cli.compare, cli.stats) {
            (true, _) => Measure::AllEngines,
            (false, true) => Measure::Engine,
            (false, false) => Measure::Nothing,
        };
        // The problem's own answers, unless --format asks for rows or objects (which the
        // problems that take --format give alike).
        let shape = match (cli.format, problem) {
            (Format::Tsv, _) => Shape::Tsv { header: cli.header },
            (Format::Json, _) => Shape::Json,
            (Format::Trace, _) => Shape::Trace,
            (Format::Sentence, Problem::Uva439) => Shape::Sentence,
            (Format::Sentence, Problem::Nakanj) => Shape::Number(Naming::AsTyped),
            (Format::Sentence, Problem::Poj1915) => Shape::Number(Naming::Coordinates),
            (Format::Sentence, Problem::CsesGrid) => Shape::Grid(GridKind::Corner),
            (Format::Sentence, Problem::Knightl) => Shape::Grid(GridKind::Leapers),
        };
        let answers = AnswerSettings {
            problem,
            search: SearchSettings {
                board,
                piece,
                engine,
                max_nodes: cli.max_nodes,
            },
            output: OutputSettings {
                shape,
                path: cli.path || cli.draw.is_some() || cli.format == Format::Trace,
                draw: cli.draw.map(|what| match what {
                    DrawWhat::Distances => DrawKind::Distances,
                    DrawWhat::Search => DrawKind::Search,
                    DrawWhat::SearchCosts => DrawKind::SearchCosts,
                }),
                // Asked only when drawing: colour and width are read from the terminal, and
                // colour from NO_COLOR.
                colour: cli.draw.is_some() && draw::wants_colour(),
                columns: match cli.draw {
                    Some(_) => draw::terminal_columns(),
                    None => draw::PIPE_COLUMNS,
                },
            },
            measure,
            // The report is made from the general path's queries, which the accelerator skips.
            accelerate: AnswerSettings::accelerator_allowed() && cli.report.is_none(),
        };
        cli.task(answers)
    }
}

/// `N files`, in the right number, for a usage error.
fn counted_files(count: usize) -> String {
    match count {
        1 => "1 file".to_owned(),
        _ => format!("{count} files"),
    }
}

/// `files` without testlib's `--testset NAME` and `--group NAME`, taken out as testlib takes
/// them wherever they stand (a test set's name may not be empty, a group's may).
fn without_testlib_options(files: &[OsString]) -> Result<Vec<OsString>, String> {
    let mut kept = Vec::with_capacity(files.len());
    let mut words = files.iter();
    while let Some(word) = words.next() {
        if word != "--testset" && word != "--group" {
            kept.push(word.clone());
            continue;
        }
        match words.next() {
            Some(name) if word == "--testset" && name.is_empty() => {
                return Err("--testset: expected a test set's name, found nothing".to_owned());
            }
            Some(_) => {}
            None => {
                let option = word.to_string_lossy();
                return Err(format!("{option}: expected a name after it"));
            }
        }
    }
    Ok(kept)
}

/// An option's name as `--help` shows it: `--path`, or `FILE` for the files.
fn option_name(arg: &clap::Arg) -> String {
    match arg.get_long() {
        Some(long) => format!("--{long}"),
        None => arg
            .get_value_names()
            .and_then(|names| names.first())
            .map_or_else(|| arg.get_id().to_string(), ToString::to_string),
    }
}

/// Reads `--time-limit`: a number of seconds above 0, at most 10^6 (eleven days).
/// Whether `text` is a uuid as problem.yaml writes one: 8-4-4-4-12 hexadecimal digits.
pub(crate) fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups.iter().zip([8, 4, 4, 4, 12]).all(|(group, length)| {
            group.len() == length && group.bytes().all(|b| b.is_ascii_hexdigit())
        })
}

fn uuid(text: &str) -> Result<String, String> {
    if is_uuid(text) && text.bytes().all(|b| b == b'0' || b == b'-') {
        return Err("the nil uuid (all zeros) names no problem".to_owned());
    }
    match is_uuid(text) {
        true => Ok(text.to_ascii_lowercase()),
        false => Err("expected a uuid: 8-4-4-4-12 hexadecimal digits".to_owned()),
    }
}

fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 1e6 => Ok(seconds),
        _ => Err("expected a number of seconds above 0, at most 1000000".to_owned()),
    }
}

/// Reads `--memory-limit`: a number of megabytes (10^6 bytes, as the figures are printed) above
/// 0, at most a petabyte.
fn megabytes(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(megabytes) if megabytes > 0.0 && megabytes <= 1e9 => Ok(megabytes),
        _ => Err("expected a number of megabytes above 0, at most 1000000000".to_owned()),
    }
}

/// Reads `--max-nodes`: a whole number from 1 up.
fn max_nodes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {}", u64::MAX)),
    }
}

fn after_help() -> String {
    format!("{EXAMPLES}\n\n{PROBLEMS}\n\n{}", ExitStatus::HELP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// COMMAND splits as the system's users write commands: with POSIX quoting and escapes on
    /// Unix, and on Windows by its own rules, where backslashes belong to paths.
    #[test]
    fn a_stress_command_splits_as_the_system_splits_commands() {
        #[cfg(not(windows))]
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("./a.out", Some(&["./a.out"])),
            (
                "sol --fast 'two words' a\\ b",
                Some(&["sol", "--fast", "two words", "a b"]),
            ),
            ("python3 \"my sol.py\"", Some(&["python3", "my sol.py"])),
            ("'unclosed", None),
        ];
        #[cfg(windows)]
        let cases: &[(&str, Option<&[&str]>)] = &[
            ("a.exe", Some(&["a.exe"])),
            (
                "C:\\judge\\a.exe --fast",
                Some(&["C:\\judge\\a.exe", "--fast"]),
            ),
            (
                "\"C:\\my judge\\a.exe\" \"two words\"",
                Some(&["C:\\my judge\\a.exe", "two words"]),
            ),
        ];
        for &(command, words) in cases {
            let expected = words.map(|words| words.iter().map(|w| w.to_string()).collect());
            assert_eq!(split_command(command), expected, "{command}");
        }
    }

    /// The writer's two entry points each leave the other's shapes unreachable
    /// ([`crate::format::Writer::push`], [`crate::format::Writer::push_grid`]): that holds as
    /// long as the problems whose grammar reads a grid's size, and only they, get a grid's shape.
    #[test]
    fn only_the_problems_that_read_a_grid_s_size_get_a_grid_s_shape() {
        use crate::problem::Grammar;
        use clap::ValueEnum;
        let mut grids = 0;
        for problem in Problem::value_variants() {
            for format in ["sentence", "tsv", "json"] {
                let args = [
                    "knight-moves",
                    "--problem",
                    problem.name(),
                    "--format",
                    format,
                ];
                let task = Cli::task_from(args);
                let Ok(Task::Answer { answers, .. }) = task else {
                    continue; // a format the problem refuses
                };
                let reads_sizes = matches!(problem.grammar(Board::STANDARD), Grammar::Grid { .. });
                let is_grid = matches!(answers.output.shape, Shape::Grid(_));
                assert_eq!(is_grid, reads_sizes, "{problem:?} --format {format}");
                grids += u32::from(is_grid);
            }
        }
        assert_eq!(grids, 2, "CSES's and KnightL's");
    }

    /// The tasks, each as the options that choose it.
    const TASKS: &[(&str, &[&str])] = &[
        ("answer", &[]),
        ("check", &["--check", "answers.out"]),
        ("stress", &["--stress", "./a.out"]),
        ("checker", &["--checker", "kattis", "in", "ans", "feedback"]),
        ("validate input", &["--validate-input", "kattis"]),
        ("document", &["--generate", "man"]),
        ("random input", &["--generate", "input-random"]),
        ("fixed input", &["--generate", "input-hard"]),
        ("package", &["--package", "pk"]),
    ];

    /// Every other option, with a value that works alone: an option added to the command line
    /// must be added here (and to [`taken_by`]) before the tests pass.
    const OPTIONS: &[(&str, &[&str])] = &[
        ("FILE", &["sample.in"]),
        ("--problem", &["--problem", "uva439"]),
        ("--board", &["--board", "12"]),
        ("--piece", &["--piece", "camel"]),
        ("--algorithm", &["--algorithm", "bfs"]),
        ("--max-nodes", &["--max-nodes", "1000"]),
        ("--path", &["--path"]),
        ("--stats", &["--stats"]),
        ("--compare", &["--compare"]),
        ("--format", &["--format", "json"]),
        ("--header", &["--format", "tsv", "--header"]),
        ("--draw", &["--draw"]),
        ("--report", &["--report", "page.html"]),
        ("--cases", &["--cases", "3"]),
        ("--seed", &["--seed", "7"]),
        ("--beyond-limits", &["--beyond-limits"]),
        ("--time-limit", &["--time-limit", "1"]),
        ("--memory-limit", &["--memory-limit", "100"]),
        ("--package-format", &["--package-format", "2025-09"]),
        (
            "--uuid",
            &["--uuid", "3e2a38b5-efb4-40e6-8283-33404a412289"],
        ),
        ("--rights-owner", &["--rights-owner", "me"]),
        ("--force", &["--force"]),
        ("--testset", &["--testset", "tests"]),
        ("--group", &["--group", "1"]),
    ];

    /// Pairs of options refused together whatever the task: `--format` given twice (`--header`'s
    /// value brings `--format tsv`), and `--draw`, which draws under sentences only.
    const CONFLICTS: &[(&str, &str)] = &[
        ("--format", "--header"),
        ("--format", "--draw"),
        ("--header", "--draw"),
    ];

    /// The tasks that take `option`, as the guide's table says (written apart from [`takes`],
    /// which it checks).
    fn taken_by(option: &str) -> &'static [&'static str] {
        const SEARCHING: &[&str] = &["answer", "check", "stress", "checker"];
        match option {
            "FILE" => &["answer", "check", "checker", "validate input"],
            "--problem" => &[
                "answer",
                "check",
                "stress",
                "checker",
                "validate input",
                "random input",
                "fixed input",
                "package",
            ],
            "--board" => &[
                "answer",
                "check",
                "stress",
                "checker",
                "validate input",
                "random input",
                "fixed input",
            ],
            "--piece" | "--algorithm" | "--max-nodes" => SEARCHING,
            "--path" => &["answer", "check", "stress", "checker", "package"],
            "--format" | "--header" => &["answer", "check", "stress", "checker"],
            "--stats" | "--compare" | "--draw" | "--report" => &["answer"],
            "--cases" | "--seed" => &["stress", "random input"],
            "--time-limit" => &["stress"],
            "--beyond-limits" => &["stress", "random input", "fixed input"],
            // Windows tells nothing of a program's memory.
            "--memory-limit" if cfg!(windows) => &[],
            "--memory-limit" => &["stress"],
            "--package-format" | "--uuid" | "--rights-owner" | "--force" => &["package"],
            // testlib's own: the checker and validator above speak kattis.
            "--testset" | "--group" => &[],
            other => panic!("{other} is in no row of the table"),
        }
    }

    /// Every option either takes effect or is refused as a usage error: for every task, every
    /// option alone and every pair of options is accepted exactly when the task takes both and
    /// they do not conflict (issue 31). The effect of each accepted option is run by
    /// `tests/options.rs`.
    #[test]
    fn every_pair_of_options_is_taken_or_refused_for_every_task() {
        let mut accepted = 0;
        let mut refused = 0;
        for &(task, chooser) in TASKS {
            for (first, &(a, a_args)) in OPTIONS.iter().enumerate() {
                for &(b, b_args) in &OPTIONS[first..] {
                    let conflict = CONFLICTS.contains(&(a, b)) || CONFLICTS.contains(&(b, a));
                    let expected = taken_by(a).contains(&task) && taken_by(b).contains(&task);
                    let expected = expected && !conflict;
                    let mut args = vec!["knight-moves"];
                    args.extend_from_slice(chooser);
                    args.extend_from_slice(a_args);
                    if a != b {
                        args.extend_from_slice(b_args);
                    }
                    let found = Cli::task_from(&args);
                    match (&found, expected) {
                        (Ok(_), true) => accepted += 1,
                        (Err(error), false) => {
                            assert_eq!(error.exit_code(), 2, "{args:?}");
                            // It names what it refuses: one of the options given.
                            let text = error.to_string();
                            let named = a_args.iter().chain(b_args).chain([&a, &b]);
                            let named = named
                                .filter(|word| word.starts_with("--") || **word == "FILE")
                                .any(|option| text.contains(option));
                            assert!(named, "{args:?}: {text}");
                            refused += 1;
                        }
                        (Ok(_), false) => panic!("{task}: {args:?} should be refused"),
                        (Err(error), true) => panic!("{task}: {args:?} refused: {error}"),
                    }
                }
            }
        }
        // The table is not empty on either side.
        assert!(accepted > 100 && refused > 100, "{accepted} {refused}");
    }

    /// Two tasks at once are refused: each option that chooses one goes alone.
    #[test]
    fn two_tasks_at_once_are_refused() {
        for (first, &(a, a_args)) in TASKS.iter().enumerate().skip(1) {
            for &(b, b_args) in &TASKS[first + 1..] {
                let mut args = vec!["knight-moves"];
                args.extend_from_slice(a_args);
                args.extend_from_slice(b_args);
                let error = Cli::task_from(&args).expect_err(&format!("{a} with {b}"));
                assert_eq!(error.exit_code(), 2, "{args:?}");
            }
        }
    }

    /// The table above names every option of the command line, so that none is added without
    /// its row; and [`takes`] knows no option the command line lacks.
    #[test]
    fn every_option_has_its_row() {
        let command = Cli::command();
        let choosers = [
            "--check",
            "--stress",
            "--checker",
            "--validate-input",
            "--generate",
            "--package",
        ];
        let mut names = Vec::new();
        for arg in command.get_arguments() {
            let name = option_name(arg);
            let listed = OPTIONS.iter().any(|(option, _)| *option == name);
            assert!(listed || choosers.contains(&name.as_str()), "{name}");
            names.push(name);
        }
        for (option, _) in OPTIONS {
            assert!(names.iter().any(|name| name == option), "{option}");
        }
    }

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}

/// `--algorithm`'s values: the engines by name, each with its line of `--help`. The engines
/// themselves derive nothing of clap's, so that the library has no clap in its API and none
/// in its build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineName(pub(crate) Engine);

impl clap::ValueEnum for EngineName {
    fn value_variants<'a>() -> &'a [EngineName] {
        &[
            EngineName(Engine::Table),
            EngineName(Engine::Formula),
            EngineName(Engine::Bfs),
            EngineName(Engine::Bidirectional),
            EngineName(Engine::Astar),
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.summary()))
    }
}
