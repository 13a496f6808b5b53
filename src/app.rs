//! One run of the program: from the parsed command line to an exit status.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use crate::answer::{AnswerOptions, Answerer, Measure};
use crate::cli::Cli;
use crate::exit::ExitStatus;
use crate::filter::{Filter, FilterError};

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
    /// How queries are answered.
    pub answers: AnswerOptions,
}

impl From<Cli> for Settings {
    fn from(cli: Cli) -> Settings {
        let measure = match (cli.compare, cli.stats) {
            (true, _) => Measure::AllEngines,
            (false, true) => Measure::Engine,
            (false, false) => Measure::Nothing,
        };
        let answers = AnswerOptions {
            engine: cli.algorithm,
            path: cli.path,
            measure,
        };
        let inputs = cli
            .files
            .into_iter()
            .map(|path| match path.as_os_str() == "-" {
                true => Input::Stdin,
                false => Input::File(path),
            })
            .collect::<Vec<_>>();
        Settings {
            inputs: match inputs.is_empty() {
                true => vec![Input::Stdin],
                false => inputs,
            },
            answers,
        }
    }
}

/// Answers every input in order and says how the run went.
///
/// An input that cannot be opened or read is reported and the next one is read. The error
/// returned is a failure to write the answers (a broken pipe among them); `main` decides what
/// to say about it.
pub fn run(cli: Cli) -> anyhow::Result<ExitStatus> {
    let typed_no_file = cli.files.is_empty();
    let settings = Settings::from(cli);
    let stdin = io::stdin();
    if typed_no_file && stdin.is_terminal() {
        // Someone is typing: say what to type, since a bare cursor gives no clue. Ignored if
        // stderr is closed, like every message.
        let _ = writeln!(
            io::stderr(),
            "knight-moves: type two squares per line, such as \"e2 e4\", and press Enter; \
             Ctrl-D ends the input"
        );
    }
    let answerer = Answerer::new(settings.answers);
    let mut filter = Filter::new(io::stdout().lock(), io::stderr().lock(), answerer);
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
        let _ = io::stderr().write_all(measurements.table().as_bytes());
        if measurements.disagreements() > 0 {
            status = status.max(ExitStatus::EnginesDisagree);
        }
    }
    Ok(status)
}
