//! What the user asked for, in plain terms, split by concern: what to search, how to write the
//! answers, what to measure. The command line ([`crate::cli`]) is turned into these before any
//! work starts; nothing below it reads options or the environment.

use std::path::PathBuf;

use crate::input::line::Escaped;
use crate::problem::Problem;
use crate::problem::description::PATH;

use crate::board::{Board, Piece};
use crate::engine::Engine;
use crate::format::{DrawKind, Shape};
use crate::sink::check::{Checker, Comparison};

/// The name standard input goes by in messages.
pub(crate) const STDIN_NAME: &str = "<stdin>";

/// The environment variable that switches the accelerator off when set to `off`, so that
/// anyone can compare the general pipeline's output with the fast paths' (see
/// docs/ARCHITECTURE.md, "Invariants").
pub(crate) const ACCELERATOR_VARIABLE: &str = "KNIGHT_MOVES_ACCELERATOR";

/// Where the queries of a command that reads them come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sources {
    /// The inputs in the order they are read; never empty.
    pub inputs: Vec<Input>,
    /// Whether no file was named, so standard input is read by default.
    pub reads_stdin_by_default: bool,
}

/// Where queries come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// The name messages and JSON give this input: `<stdin>`, or the path as typed with its
    /// bytes escaped as line text is in messages (a newline as `\n`, a byte that is not UTF-8
    /// as `\xff`, a backslash as `\\` but on Windows), so that every message stays one line and names one
    /// file; an empty name is shown as `''`.
    pub(crate) fn name(&self) -> String {
        match self {
            Input::Stdin => STDIN_NAME.to_owned(),
            Input::File(path) if path.as_os_str().is_empty() => "''".to_owned(),
            Input::File(path) => Escaped(path_bytes(path).as_ref()).to_string(),
        }
    }
}

/// A path as every message shows it ([`Input::name`]): its bytes escaped, so that the message
/// stays one line and names one file.
pub(crate) fn shown(path: &std::path::Path) -> String {
    Input::File(path.to_owned()).name()
}

/// The bytes of a path as the system has them (on systems whose paths are not bytes, its
/// text with anything unreadable replaced).
fn path_bytes(path: &std::path::Path) -> std::borrow::Cow<'_, [u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        std::borrow::Cow::Borrowed(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        std::borrow::Cow::Owned(path.to_string_lossy().into_owned().into_bytes())
    }
}

/// How queries are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AnswerSettings {
    /// Whose input is read and whose answers are written (`--problem`).
    pub problem: Problem,
    pub search: SearchSettings,
    pub output: OutputSettings,
    pub measure: Measure,
    /// Whether the accelerator may answer what it can (see [`crate::fast`]).
    pub accelerate: bool,
}

/// What to search: the board, unless each query brings its own, and the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SearchSettings {
    pub board: Board,
    /// The piece that moves (`--piece`): the knight unless told otherwise.
    pub piece: Piece,
    pub engine: EngineChoice,
    /// The most squares one search may expand (`--max-nodes`), or `None` for each engine's
    /// own default.
    pub max_nodes: Option<u64>,
}

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EngineChoice {
    /// This one, for every query.
    Given(Engine),
    /// The fastest for each query's board (POJ 1915, whose scenarios change the board).
    FastestForEachBoard,
}

impl EngineChoice {
    /// The engine for a query on `board` (by the knight: the only piece of the problems
    /// whose boards change).
    pub(crate) fn for_board(self, board: Board) -> Engine {
        match self {
            EngineChoice::Given(engine) => engine,
            EngineChoice::FastestForEachBoard => Engine::fastest_for(board, Piece::KNIGHT),
        }
    }
}

/// How to write the answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutputSettings {
    /// The answers' shape: the problem's own (sentence, number, grid), TSV or JSON.
    pub shape: Shape,
    /// Write one shortest route with each answer (`--path`, or implied by `--draw`).
    pub path: bool,
    /// Draw the board after each answer (sentences and numbers only), and what to draw.
    pub draw: Option<DrawKind>,
    /// Colour the drawing.
    pub colour: bool,
    /// The columns a drawing may take (the terminal's width, 80 in a pipe).
    pub columns: usize,
}

/// What to measure while answering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Measure {
    /// Nothing: the fastest way.
    #[default]
    Nothing,
    /// The answering engine (`--stats`).
    Engine,
    /// Every engine that works on the board, on every query, checking that they agree
    /// (`--compare`).
    AllEngines,
}

impl AnswerSettings {
    /// The checker of a candidate's answers `found` to these settings' queries, compared as
    /// `comparison` says: the sink's, for the answers' shape, routes judged any shortest one
    /// with `--path` ([`Checker::for_answers`]).
    pub(crate) fn checker(&self, found: Box<dyn std::io::Read>, comparison: Comparison) -> Checker {
        let routes = self
            .output
            .path
            .then_some((self.search.piece, self.search.board));
        Checker::for_answers(found, comparison, self.output.shape, routes)
    }

    /// These settings with `--path` the other way (routes judged if they were not, or not if
    /// they were), where the problem takes routes: what a failing judgement is tried again
    /// with, to say that the option was what was meant (see [`AnswerSettings::routes_hint`]).
    pub(crate) fn with_routes_toggled(&self) -> Option<AnswerSettings> {
        self.problem.takes(&PATH).then(|| {
            let mut toggled = *self;
            toggled.output.path = !self.output.path;
            toggled
        })
    }

    /// What a verdict adds where the answers judged with [`AnswerSettings::with_routes_toggled`]
    /// are right: that `--path` was what was meant, or its absence.
    pub(crate) fn routes_hint(&self) -> &'static str {
        match self.output.path {
            true => "; they hold no routes, and are right judged without --path",
            false => "; they hold routes, right ones: judge them with --path",
        }
    }

    /// The judge's case: 8×8, the table, plain sentences, accelerated.
    #[cfg(test)]
    pub(crate) fn judge() -> AnswerSettings {
        AnswerSettings {
            problem: Problem::Uva439,
            search: SearchSettings {
                board: Board::STANDARD,
                piece: Piece::KNIGHT,
                engine: EngineChoice::Given(Engine::Table),
                max_nodes: None,
            },
            output: OutputSettings {
                shape: Shape::Sentence,
                path: false,
                draw: None,
                colour: false,
                columns: 80,
            },
            measure: Measure::Nothing,
            accelerate: true,
        }
    }

    /// Whether the accelerator may run, as the environment says: on unless
    /// [`ACCELERATOR_VARIABLE`] is `off`. Read once, when the settings are made.
    pub(crate) fn accelerator_allowed() -> bool {
        std::env::var_os(ACCELERATOR_VARIABLE).is_none_or(|value| value != "off")
    }
}
