//! The options several commands share, each group declared once and flattened into the
//! commands it applies to: what problem, on what board, searched how, answers laid out how,
//! and how generated inputs are made. [`Answering`] turns what was typed into the answers'
//! settings, checking what clap cannot (an option the problem has no use for, an engine that
//! does not work on the board).

use std::ffi::OsString;

use clap::Args;

use crate::board::{Board, Piece};
use crate::cli::usage_error;
use crate::engine::Engine;
use crate::format::{DrawKind, Shape, draw};
use crate::problem::Problem;
use crate::problem::cases::Reach;
use crate::problem::description::{DefaultEngine, Feature};
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
    /// The board for `problem`, refused where the problem takes none (its boards are 8×8 or
    /// come from its input), as `command` says.
    pub(crate) fn for_problem(
        self,
        command: &[&str],
        problem: Problem,
    ) -> Result<Board, clap::Error> {
        match self.board {
            Some(_) if !problem.takes(Feature::Board) => Err(usage_error(
                command,
                &problem.refusal(Feature::Board, command.is_empty()),
            )),
            board => Ok(board.unwrap_or(Board::STANDARD)),
        }
    }
}

/// How each query is searched.
#[derive(Clone, Copy, Debug, Args)]
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

/// `--path`'s help where answers are judged, not written (`check`, `stress`, `checker`):
/// set on each judging command with `mut_arg`, so that the one option says what it does there.
pub(crate) const JUDGED_PATH_HELP: &str = "The answers hold routes: each is right when it is \
    any shortest route of its query (`… takes 2 knight moves: e2 g3 e4.`)";

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

/// The groups of every command that answers or judges queries: the problem, and how its
/// queries are searched and their answers laid out.
#[derive(Clone, Copy, Debug, Args)]
pub(crate) struct AnsweringArgs {
    #[command(flatten)]
    pub(crate) problem: ProblemArg,
    #[command(flatten)]
    pub(crate) board: BoardArg,
    #[command(flatten)]
    pub(crate) engine: EngineArgs,
    #[command(flatten)]
    pub(crate) layout: LayoutArgs,
}

impl AnsweringArgs {
    /// What `command` was asked with these groups, the options it does not take at their
    /// defaults.
    pub(crate) fn answering(self, command: &'static [&'static str]) -> Answering {
        Answering {
            board: self.board.board,
            piece: self.engine.piece,
            algorithm: self.engine.algorithm.map(|name| name.0),
            max_nodes: self.engine.max_nodes,
            path: self.layout.path,
            format: self.layout.format,
            header: self.layout.header,
            ..Answering::new(command, self.problem.problem)
        }
    }

    /// The same for a command that judges answers, which cannot judge a search's events.
    pub(crate) fn judging(
        self,
        command: &'static [&'static str],
    ) -> Result<Answering, clap::Error> {
        if self.layout.format == Format::Trace {
            let name = command.join(" ");
            return Err(usage_error(
                command,
                &format!("--format trace does not go with {name}, which judges answers"),
            ));
        }
        Ok(self.answering(command))
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

/// Reads `--max-nodes`: a whole number from 1 up.
fn max_nodes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("expected a whole number from 1 to {}", u64::MAX)),
    }
}

/// What a command that answers queries was asked, gathered from its groups (what a command
/// does not take stays at its default), to be checked and settled into [`AnswerSettings`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Answering {
    /// The command, as its words follow `knight-moves` (none for the filter).
    pub command: &'static [&'static str],
    pub problem: Problem,
    pub board: Option<Board>,
    pub piece: Option<Piece>,
    pub algorithm: Option<Engine>,
    pub max_nodes: Option<u64>,
    pub path: bool,
    pub format: Format,
    pub header: bool,
    pub stats: bool,
    pub compare: bool,
    pub draw: Option<DrawWhat>,
    pub report: bool,
}

impl Answering {
    /// What `command` asked of `problem`, every other option at its default.
    pub(crate) fn new(command: &'static [&'static str], problem: Problem) -> Answering {
        Answering {
            command,
            problem,
            board: None,
            piece: None,
            algorithm: None,
            max_nodes: None,
            path: false,
            format: Format::Sentence,
            header: false,
            stats: false,
            compare: false,
            draw: None,
            report: false,
        }
    }

    /// Whether the options given ask for `feature`.
    fn asks_for(&self, feature: Feature) -> bool {
        match feature {
            Feature::Board => self.board.is_some(),
            Feature::Piece => self.piece.is_some(),
            Feature::Table => self.algorithm == Some(Engine::Table),
            Feature::Routes => self.path,
            Feature::Formats => self.format != Format::Sentence,
            Feature::Drawings => self.draw.is_some(),
            Feature::Report => self.report,
            Feature::Stats => self.stats,
            Feature::Compare => self.compare,
        }
    }

    /// Checks what clap cannot check alone, and settles what the options mean: the engine
    /// for the board, `--draw` implying `--path`, colour, the accelerator.
    pub(crate) fn settings(self) -> Result<AnswerSettings, clap::Error> {
        let error = |message: &str| usage_error(self.command, message);
        if self.draw.is_some() && self.format != Format::Sentence {
            return Err(error("--draw works with --format sentence only"));
        }
        if self.header && self.format != Format::Tsv {
            return Err(error("--header goes with --format tsv"));
        }
        let problem = self.problem;
        let refused = Feature::ALL
            .into_iter()
            .find(|&feature| self.asks_for(feature) && !problem.takes(feature));
        if let Some(feature) = refused {
            return Err(error(&problem.refusal(feature, self.command.is_empty())));
        }
        let board = self.board.unwrap_or(Board::STANDARD);
        let piece = self.piece.unwrap_or(Piece::KNIGHT);
        let engine = match (self.algorithm, problem.description().engine) {
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
        if self.draw.is_some() && largest_drawn > draw::MAX_DRAWN_SIDE {
            let most = draw::MAX_DRAWN_SIDE;
            return Err(error(&format!(
                "--draw draws boards up to {most}x{most}, not {board}"
            )));
        }
        if self.report && largest_drawn > report::MAX_SIDE {
            let most = report::MAX_SIDE;
            return Err(error(&format!(
                "--report draws boards up to {most}x{most}, not {board}"
            )));
        }
        let measure = match (self.compare, self.stats) {
            (true, _) => Measure::AllEngines,
            (false, true) => Measure::Engine,
            (false, false) => Measure::Nothing,
        };
        // The problem's own answers, unless --format asks for rows or objects (which the
        // problems that take --format give alike).
        let shape = match self.format {
            Format::Tsv => Shape::Tsv {
                header: self.header,
            },
            Format::Json => Shape::Json,
            Format::Trace => Shape::Trace,
            Format::Sentence => problem.description().answers,
        };
        Ok(AnswerSettings {
            problem,
            search: SearchSettings {
                board,
                piece,
                engine,
                max_nodes: self.max_nodes,
            },
            output: OutputSettings {
                shape,
                path: self.path || self.draw.is_some() || self.format == Format::Trace,
                draw: self.draw.map(|what| match what {
                    DrawWhat::Distances => DrawKind::Distances,
                    DrawWhat::Search => DrawKind::Search,
                    DrawWhat::SearchCosts => DrawKind::SearchCosts,
                }),
                // Asked only when drawing: colour and width are read from the terminal, and
                // colour from NO_COLOR.
                colour: self.draw.is_some() && draw::wants_colour(),
                columns: match self.draw {
                    Some(_) => draw::terminal_columns(),
                    None => draw::PIPE_COLUMNS,
                },
            },
            measure,
            // The report is made from the general path's queries, which the accelerator skips.
            accelerate: AnswerSettings::accelerator_allowed() && !self.report,
        })
    }
}
