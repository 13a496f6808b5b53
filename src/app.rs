//! One run of the program: from the parsed command line to an exit status.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::CommandFactory;
use clap::error::ErrorKind;

use crate::answer::{AnswerOptions, Answerer, Measure};
use crate::cli::Cli;
use crate::draw::{MAX_DRAWN_SIDE, wants_colour};
use crate::engine::Engine;
use crate::exit::ExitStatus;
use crate::filter::{Filter, FilterError};
use crate::format::{Format, figures_json};
use crate::generate::{Generate, generate};

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Where queries come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// The name messages give this input: the path as typed, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => STDIN_NAME.to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

/// What the user asked for, in plain terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The inputs in the order they are read; never empty.
    pub inputs: Vec<Input>,
    /// Whether no file was named, so standard input is read by default.
    pub reads_stdin_by_default: bool,
    /// How queries are answered.
    pub answers: AnswerOptions,
    /// Produce this instead of reading any input.
    pub generate: Option<Generate>,
}

impl TryFrom<Cli> for Settings {
    type Error = clap::Error;

    /// Checks the options that clap cannot check alone, and settles what they mean.
    fn try_from(cli: Cli) -> Result<Settings, clap::Error> {
        let usage_error =
            |message: &str| Cli::command().error(ErrorKind::ArgumentConflict, message);
        if cli.draw && cli.format != Format::Sentence {
            return Err(usage_error("--draw works with --format sentence only"));
        }
        if cli.header && cli.format != Format::Tsv {
            return Err(usage_error("--header goes with --format tsv"));
        }
        let board = cli.board;
        let engine = cli.algorithm.unwrap_or(Engine::fastest_for(board));
        if !engine.works_on(board) {
            return Err(usage_error(&format!(
                "--algorithm {engine} works on the 8x8 board only, not {board}; \
                 formula answers as fast on any board"
            )));
        }
        let largest_drawn = board.files().max(board.ranks());
        if cli.draw && largest_drawn > MAX_DRAWN_SIDE {
            return Err(usage_error(&format!(
                "--draw draws boards up to {MAX_DRAWN_SIDE}x{MAX_DRAWN_SIDE}, not {board}"
            )));
        }
        let measure = match (cli.compare, cli.stats) {
            (true, _) => Measure::AllEngines,
            (false, true) => Measure::Engine,
            (false, false) => Measure::Nothing,
        };
        let answers = AnswerOptions {
            board,
            engine,
            max_nodes: cli.max_nodes,
            path: cli.path || cli.draw,
            measure,
            format: cli.format,
            header: cli.header,
            draw: cli.draw,
            // Asked only when drawing: colour is the one option read from the environment.
            colour: cli.draw && wants_colour(),
        };
        let reads_stdin_by_default = cli.files.is_empty();
        let inputs = cli
            .files
            .into_iter()
            .map(|path| match path.as_os_str() == "-" {
                true => Input::Stdin,
                false => Input::File(path),
            })
            .collect::<Vec<_>>();
        Ok(Settings {
            inputs: match inputs.is_empty() {
                true => vec![Input::Stdin],
                false => inputs,
            },
            reads_stdin_by_default,
            answers,
            generate: cli.generate,
        })
    }
}

/// Answers every input in order and says how the run went.
///
/// An input that cannot be opened or read is reported and the next one is read. The error
/// returned is a failure to write the answers (a broken pipe among them); `main` decides what
/// to say about it.
pub fn run(settings: Settings) -> anyhow::Result<ExitStatus> {
    if let Some(kind) = settings.generate {
        let mut stdout = io::stdout().lock();
        generate(kind, &mut stdout)?;
        stdout.flush()?;
        return Ok(ExitStatus::Success);
    }
    let stdin = io::stdin();
    if settings.reads_stdin_by_default && stdin.is_terminal() {
        // Someone is typing: say what to type, since a bare cursor gives no clue. Ignored if
        // stderr is closed, like every message.
        let _ = writeln!(
            io::stderr(),
            "knight-moves: type two squares per line, such as \"e2 e4\", and press Enter; \
             Ctrl-D ends the input"
        );
    }
    let answerer = Answerer::new(settings.answers);
    let board = settings.answers.board;
    let mut filter = Filter::new(io::stdout().lock(), io::stderr().lock(), board, answerer);
    let mut status = ExitStatus::Success;
    for input in &settings.inputs {
        let name = input.name();
        let result = match input {
            Input::Stdin => filter.filter(&name, stdin.lock()),
            Input::File(path) => match File::open(path) {
                Ok(file) => filter.filter(&name, file),
                Err(error) => Err(FilterError::Read(error)),
            },
        };
        match result {
            Ok(()) => {}
            Err(FilterError::Read(error)) => {
                filter.report_source_error(&name, &error)?;
                status = ExitStatus::Trouble;
            }
            Err(FilterError::Write(error)) => return Err(error.into()),
        }
    }
    if filter.invalid_lines() > 0 {
        status = status.max(ExitStatus::InvalidLines);
    }
    if let Some(measurements) = filter.measurements() {
        // Like every message, ignored if stderr is closed.
        let table = match settings.answers.format {
            Format::Json => figures_json(measurements),
            _ => measurements.table(),
        };
        let _ = io::stderr().write_all(table.as_bytes());
        if measurements.disagreements() > 0 {
            status = status.max(ExitStatus::EnginesDisagree);
        }
    }
    Ok(status)
}
