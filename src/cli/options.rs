//! The options several commands share, each group declared once and flattened into the
//! commands it applies to: what problem, on what board, searched how, answers laid out how,
//! and how generated inputs are made. [`AnswerOptions::settings`] turns what was typed into the
//! answers' settings, checking what clap cannot (an engine that does not work on the board, a
//! drawing too wide); which options a problem refuses is checked once, for every command, by
//! [`crate::cli`] from the problems' description.

use std::ffi::OsString;

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

use crate::board::{Board, Piece};
use crate::cli::Invocation;
use crate::engine::Engine;
use crate::format::{DrawKind, Shape, draw};
use crate::problem::Problem;
use crate::problem::cases::Reach;
use crate::problem::description::DefaultEngine;
use crate::report;
use crate::settings::{AnswerSettings, EngineChoice, Measure, OutputSettings, SearchSettings};

/// The problem whose input is read and whose answers are written.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct ProblemArg {
    /// The judge problem whose input is read and whose answers are written.
    #[arg(long, value_enum, value_name = "NAME", default_value_t = Problem::Uva439)]
    pub(crate) problem: Problem,
}

/// The board, where the problem takes one.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct BoardArg {
    /// The board: N for N×N, or WxH for W files by H ranks, each side from 1 to 1000000000;
    /// files past z are named like spreadsheet columns (aa, ab, …). [default: 8]
    #[arg(long, value_name = "SIZE")]
    pub(crate) board: Option<Board>,
}

impl BoardArg {
    /// The board asked for, 8×8 unless `--board` says.
    pub(crate) fn board(self) -> Board {
        self.board.unwrap_or(Board::STANDARD)
    }
}

/// How each query is searched.
#[derive(Clone, Copy, Debug, Default, Args)]
pub(crate) struct EngineArgs {
    /// The piece: knight, camel (1,3), zebra (2,3), giraffe (1,4), wazir (0,1), ferz (1,1),
    /// or A,B for any (A,B)-leaper, each from 0 to 1000000. [default: knight]
    #[arg(long, value_name = "PIECE")]
    pub(crate) piece: Option<Piece>,

    /// The engine: table (8×8 only, a lookup), formula (a walk where one fits, else a bounded
    /// search), bfs, bidirectional or astar; all give the same distances. [default: table for
    /// the knight on 8x8, formula elsewhere]
    #[arg(long, value_enum, value_name = "ENGINE", hide_possible_values = true)]
    pub(crate) algorithm: Option<EngineName>,

    /// The most squares one search may expand; a query that needs more is a bad line.
    /// [default: 10000000, 1500000 for astar]
    #[arg(long, value_name = "N", value_parser = max_nodes)]
    pub(crate) max_nodes: Option<u64>,
}

/// How the answers are laid out.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct LayoutArgs {
    /// Append one shortest route to each answer: `… takes 2 knight moves: e2 g3 e4.`
    #[arg(long)]
    pub(crate) path: bool,

    /// How answers are written.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Sentence)]
    pub(crate) format: Format,

    /// With --format tsv, start with a header row.
    #[arg(long)]
    pub(crate) header: bool,
}

/// What a command that answers queries takes: the problem, and how its queries are searched
/// and their answers laid out.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct AnswerOptions {
    #[command(flatten)]
    pub(crate) problem: ProblemArg,
    #[command(flatten)]
    pub(crate) board: BoardArg,
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    #[command(flatten)]
    pub(crate) layout: LayoutArgs,
}

/// What a command that judges answers takes (`check`, `stress`, `checker`): the options that
/// answer queries, `--path` saying what it means there, and `--format` without the trace,
/// which is no answers ([`JUDGED_FORMATS`]). One group with [`AnswerOptions`], changed where
/// it is flattened ([`Args::augment_args`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct JudgedOptions(AnswerOptions);

/// `--format`'s values where answers are judged: those of [`Format`] that are answers.
const JUDGED_FORMATS: [Format; 3] = [Format::Sentence, Format::Tsv, Format::Json];

impl JudgedOptions {
    /// [`AnswerOptions`]' arguments in `command`, as the commands that judge answers take them.
    fn judging(command: clap::Command) -> clap::Command {
        let formats = JUDGED_FORMATS.map(|format| {
            clap::ValueEnum::to_possible_value(&format).expect("every format has a name")
        });
        let parser = PossibleValuesParser::new(formats)
            .try_map(|name| <Format as clap::ValueEnum>::from_str(&name, false));
        command
            .mut_arg("path", |path| {
                path.help(
                    "The answers hold routes: each is right when it is any shortest route of \
                     its query (`… takes 2 knight moves: e2 g3 e4.`)",
                )
            })
            .mut_arg("format", |format| format.value_parser(parser))
            // `mut_arg` puts the argument it changes after the others, and the completions
            // list them in that order: `--header` goes after them again.
            .mut_arg("header", |header| header)
    }
}

impl Args for JudgedOptions {
    fn group_id() -> Option<clap::Id> {
        AnswerOptions::group_id()
    }

    fn augment_args(command: clap::Command) -> clap::Command {
        JudgedOptions::judging(AnswerOptions::augment_args(command))
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        JudgedOptions::judging(AnswerOptions::augment_args_for_update(command))
    }
}

impl clap::FromArgMatches for JudgedOptions {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<JudgedOptions, clap::Error> {
        AnswerOptions::from_arg_matches(matches).map(JudgedOptions)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

/// What the filter asks beyond its answers: figures, pictures, a page. The other commands ask
/// none of it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Extras {
    pub stats: bool,
    pub compare: bool,
    pub draw: Option<DrawWhat>,
    pub report: bool,
}

impl JudgedOptions {
    /// The answers' settings, as [`AnswerOptions::settings`] makes them.
    pub(crate) fn settings(self, at: &Invocation) -> Result<AnswerSettings, clap::Error> {
        self.0.settings(at, Extras::default())
    }
}

impl AnswerOptions {
    /// The options of `problem` at their defaults, but for `--path`.
    pub(crate) fn of_problem(problem: Problem, path: bool) -> AnswerOptions {
        AnswerOptions {
            problem: ProblemArg { problem },
            board: BoardArg { board: None },
            engine: EngineArgs::default(),
            layout: LayoutArgs {
                path,
                format: Format::Sentence,
                header: false,
            },
        }
    }

    /// Checks what clap cannot check alone, and settles what the options mean: the engine
    /// for the board, `--draw` implying `--path`, colour, the accelerator. (Which options the
    /// problem refuses was checked when the command line was read.)
    pub(crate) fn settings(
        self,
        at: &Invocation,
        extras: Extras,
    ) -> Result<AnswerSettings, clap::Error> {
        let error = |message: &str| at.usage_error(message);
        let (format, header) = (self.layout.format, self.layout.header);
        if extras.draw.is_some() && format != Format::Sentence {
            return Err(error("--draw works with --format sentence only"));
        }
        if header && format != Format::Tsv {
            return Err(error("--header goes with --format tsv"));
        }
        let problem = self.problem.problem;
        let board = self.board.board();
        let piece = self.engine.piece.unwrap_or(Piece::KNIGHT);
        let algorithm = self.engine.algorithm.map(|name| name.0);
        let engine = match (algorithm, problem.description().engine) {
            (Some(engine), _) | (None, DefaultEngine::Always(engine)) => {
                EngineChoice::Given(engine)
            }
            (None, DefaultEngine::ForTheBoard) => {
                EngineChoice::Given(Engine::fastest_for(board, piece))
            }
            (None, DefaultEngine::ForEachBoardOfTheInput) => EngineChoice::FastestForEachBoard,
        };
        if let EngineChoice::Given(engine) = engine {
            if !engine.works_for(piece) {
                return Err(error(&format!(
                    "--algorithm {engine} knows the knight only; the {piece} is answered by \
                     formula, bfs, bidirectional or astar"
                )));
            }
            if !engine.works_on(board) {
                return Err(error(&format!(
                    "--algorithm {engine} works on the 8x8 board only, not {board}; \
                     formula answers as fast on any board"
                )));
            }
        }
        let largest_drawn = board.files().max(board.ranks());
        if extras.draw.is_some() && largest_drawn > draw::MAX_DRAWN_SIDE {
            let most = draw::MAX_DRAWN_SIDE;
            return Err(error(&format!(
                "--draw draws boards up to {most}x{most}, not {board}"
            )));
        }
        if extras.report && largest_drawn > report::MAX_SIDE {
            let most = report::MAX_SIDE;
            return Err(error(&format!(
                "--report draws boards up to {most}x{most}, not {board}"
            )));
        }
        let measure = match (extras.compare, extras.stats) {
            (true, _) => Measure::AllEngines,
            (false, true) => Measure::Engine,
            (false, false) => Measure::Nothing,
        };
        // The problem's own answers, unless --format asks for rows or objects (which the
        // problems that take --format give alike).
        let shape = match format {
            Format::Tsv => Shape::Tsv { header },
            Format::Json => Shape::Json,
            Format::Trace => Shape::Trace,
            Format::Sentence => problem.description().answers,
        };
        let draw = extras.draw;
        Ok(AnswerSettings {
            problem,
            search: SearchSettings {
                board,
                piece,
                engine,
                max_nodes: self.engine.max_nodes,
            },
            output: OutputSettings {
                shape,
                path: self.layout.path || draw.is_some() || format == Format::Trace,
                draw: draw.map(|what| match what {
                    DrawWhat::Distances => DrawKind::Distances,
                    DrawWhat::Search => DrawKind::Search,
                    DrawWhat::SearchCosts => DrawKind::SearchCosts,
                }),
                // Asked only when drawing: colour and width are read from the terminal, and
                // colour from NO_COLOR.
                colour: draw.is_some() && draw::wants_colour(),
                columns: match draw {
                    Some(_) => draw::terminal_columns(),
                    None => draw::PIPE_COLUMNS,
                },
            },
            measure,
            accelerate: AnswerSettings::accelerator_allowed(),
        })
    }
}

/// The seed random cases are made from.
#[derive(Clone, Copy, Debug, Default, Args)]
pub(crate) struct SeedArg {
    /// The seed of the cases; without it one is chosen and printed on stderr.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
}

/// How many cases a random run makes, when `--cases` does not say.
pub(crate) const DEFAULT_CASES: u64 = 1000;

/// Whether generated inputs may go past the problem's limits.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct ReachArg {
    /// Go past the problem's stated limits, for solutions meant to be general: POJ 1915's
    /// sides 1 to 3 and up to 10^9, grids from n = 1, NAKANJ's T past 4096. Without it every
    /// input passes `validate`.
    #[arg(long)]
    pub(crate) beyond_limits: bool,
}

impl ReachArg {
    /// How far generated inputs go.
    pub(crate) fn reach(self) -> Reach {
        match self.beyond_limits {
            true => Reach::BeyondLimits,
            false => Reach::WithinLimits,
        }
    }
}

/// What testlib takes beside the files, and Polygon passes: taken as testlib takes them, and
/// unused.
#[derive(Clone, Debug, Args)]
pub(crate) struct TestlibArgs {
    /// testlib's test set, taken and unused (a name testlib refuses empty).
    #[arg(long, value_name = "NAME", allow_hyphen_values = true)]
    pub(crate) testset: Option<OsString>,
    /// testlib's group of tests, taken and unused.
    #[arg(long, value_name = "NAME", allow_hyphen_values = true)]
    pub(crate) group: Option<OsString>,
}

/// `--format`'s values, which with the problem make the answers' [`Shape`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// The problem's own answers: the judge's sentence for uva439.
    #[default]
    Sentence,
    /// `FROM<TAB>TO<TAB>MOVES`, and the route under --path.
    Tsv,
    /// JSON Lines: an object per answer, with its source and line.
    Json,
    /// JSON Lines of each search's steps, then its route (not judged).
    Trace,
}

/// What `--draw` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum DrawWhat {
    /// Every square's distance from the start (what --draw alone draws).
    Distances,
    /// The squares the engine expanded, numbered in the order it expanded them.
    Search,
    /// The same, and each expanded square's g, h and f listed under the board.
    SearchCosts,
}

/// `--algorithm`'s values: the engines by name, each with its line of help. The engines
/// derive nothing of clap's, so that the library has no clap in its API and none in its
/// build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EngineName(pub(crate) Engine);

/// Every engine, as `--algorithm` offers them: [`Engine::ALL`], in its order, so that a new
/// engine is on the command line once it is there.
const ENGINE_NAMES: [EngineName; Engine::ALL.len()] = {
    let mut names = [EngineName(Engine::ALL[0]); Engine::ALL.len()];
    let mut at = 0;
    while at < names.len() {
        names[at] = EngineName(Engine::ALL[at]);
        at += 1;
    }
    names
};

impl clap::ValueEnum for EngineName {
    fn value_variants<'a>() -> &'a [EngineName] {
        &ENGINE_NAMES
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(clap::builder::PossibleValue::new(self.0.name()).help(self.0.summary()))
    }
}

/// Reads `--max-nodes`: a whole number from 1 up.
fn max_nodes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {}", u64::MAX)),
    }
}
