//! `knight-moves checker kattis|testlib|cms ...`: be a judge system's checker, in its own
//! protocol ([`protocols`]); the one streaming checker ([`crate::sink::check`]) judges.

mod protocols;

pub(crate) use protocols::usage_error;

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::cli::options::{JudgedOptions, TestlibArgs};
use crate::cli::{Invocation, Job, Stop};
use crate::exit::Ending;
use crate::input::line::QuotedUpTo;
use crate::settings::AnswerSettings;
use crate::sink::check::Leniency;

/// The options of `knight-moves checker`; its help (`after_help`) says what it does.
#[derive(Clone, Debug, Args)]
#[command(after_help = "\
Judge one output as a judge system's checker, with the files in the order the system\n\
passes them. The right answers are knight-moves' own, made from IN: an ANS that differs\n\
from them, an IN that is not the problem's (as `validate` finds), or an IN knight-moves\n\
cannot answer is a judge failure, never the candidate's.\n\n\
Examples:
  knight-moves checker kattis in ans feedback/ < output
  knight-moves checker testlib --problem nakanj in out ans result.xml -appes
  knight-moves checker cms in correct_output user_output")]
pub(crate) struct CheckerArgs {
    #[command(subcommand)]
    pub(crate) system: System,
}

/// The judge systems, each with the files it passes.
#[derive(Clone, Debug, Subcommand)]
pub(crate) enum System {
    /// Kattis, DOMjudge, BAPCtools, problemtools: the output on standard input; exit 42
    /// accepted, 43 rejected, 5 a judge failure; the verdict in FEEDBACK_DIR/judgemessage.txt.
    /// Tokens are compared as the default validator compares them.
    #[command(after_help = "\
Examples:
  knight-moves checker kattis in ans feedback/ < output
  knight-moves checker kattis --problem nakanj -- in ans feedback/ case_sensitive < output")]
    Kattis {
        #[command(flatten)]
        answers: JudgedOptions,
        /// The judge's input.
        #[arg(value_name = "IN")]
        input: PathBuf,
        /// The judge's answer file.
        #[arg(value_name = "ANS")]
        answer: PathBuf,
        /// The folder the verdict is written to.
        #[arg(value_name = "FEEDBACK_DIR")]
        feedback: PathBuf,
        /// The problem's validator flags: case_sensitive and space_change_sensitive take the
        /// default leniency back; others are ignored.
        #[arg(value_name = "FLAGS")]
        flags: Vec<OsString>,
    },
    /// testlib (Polygon, ejudge): IN OUTPUT ANS [RESULT_FILE [-appes]]; exit 0 OK, 1 wrong
    /// answer, 2 presentation error, 3 a judge failure (a bad command line too); the message on
    /// stderr, and in RESULT_FILE (testlib's XML with -appes or -APPES).
    #[command(after_help = "\
Examples:
  knight-moves checker testlib in out ans
  knight-moves checker testlib --problem nakanj --testset tests in out ans result.xml -appes")]
    Testlib {
        #[command(flatten)]
        answers: JudgedOptions,
        #[command(flatten)]
        testlib: TestlibArgs,
        /// IN OUTPUT ANS [RESULT_FILE [-appes]], as testlib takes them (--testset and
        /// --group among them too).
        #[arg(value_name = "FILES", required = true, trailing_var_arg = true)]
        files: Vec<OsString>,
    },
    /// CMS: the score on stdout (1.0 or 0.0, exit 0), the message on stderr; exit 5 a judge
    /// failure. BatchAndOutput's fourth argument, batch or outputonly, is taken.
    #[command(after_help = "\
Examples:
  knight-moves checker cms input.txt correct_output.txt user_output.txt
  knight-moves checker cms --problem poj1915 input.txt correct_output.txt output.txt batch")]
    Cms {
        #[command(flatten)]
        answers: JudgedOptions,
        /// The judge's input.
        #[arg(value_name = "IN")]
        input: PathBuf,
        /// The judge's answer file (CMS's correct output).
        #[arg(value_name = "ANS")]
        answer: PathBuf,
        /// The candidate's output.
        #[arg(value_name = "OUTPUT")]
        output: PathBuf,
        /// Whether the output came from the program or was submitted (BatchAndOutput).
        #[arg(value_name = "TASK_TYPE", value_enum)]
        task_type: Option<CmsTaskType>,
    },
}

/// What CMS's BatchAndOutput task type passes its checker fourth: where the output came from.
/// It is judged alike either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum CmsTaskType {
    /// The program wrote it.
    Batch,
    /// It was submitted.
    Outputonly,
}

/// What `checker` was asked: one output to judge, with the files its system passes.
#[derive(Clone, Debug)]
pub(crate) struct CheckerSettings {
    /// How knight-moves answers the input.
    pub answers: AnswerSettings,
    pub files: CheckerFiles,
}

/// The files a judge system passes its checker, in its order, and its options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CheckerFiles {
    /// `IN ANS FEEDBACK_DIR [FLAGS…] < OUTPUT`.
    Kattis {
        input: PathBuf,
        answer: PathBuf,
        feedback: PathBuf,
        leniency: Leniency,
    },
    /// `IN OUTPUT ANS [RESULT_FILE [-appes]]`.
    Testlib {
        input: PathBuf,
        output: PathBuf,
        answer: PathBuf,
        result: Option<PathBuf>,
        /// `-appes`: the result file in testlib's XML.
        xml: bool,
    },
    /// `IN ANS OUTPUT`.
    Cms {
        input: PathBuf,
        answer: PathBuf,
        output: PathBuf,
    },
}

impl Job for CheckerArgs {
    type Settled = CheckerSettings;

    fn settle(self, at: &Invocation) -> Result<CheckerSettings, clap::Error> {
        let (answers, files): (JudgedOptions, CheckerFiles) = match self.system {
            System::Kattis {
                answers,
                input,
                answer,
                feedback,
                flags,
            } => {
                let flag = |name: &str| flags.iter().any(|flag| flag == name);
                let leniency = Leniency {
                    case_sensitive: flag("case_sensitive"),
                    space_change_sensitive: flag("space_change_sensitive"),
                };
                let files = CheckerFiles::Kattis {
                    input,
                    answer,
                    feedback,
                    leniency,
                };
                (answers, files)
            }
            System::Testlib {
                answers,
                testlib,
                files,
            } => {
                let files = testlib_files(testlib.testset, &files)
                    .map_err(|message| at.usage_error(&message))?;
                (answers, files)
            }
            System::Cms {
                answers,
                input,
                answer,
                output,
                task_type: _,
            } => {
                let files = CheckerFiles::Cms {
                    input,
                    answer,
                    output,
                };
                (answers, files)
            }
        };
        Ok(CheckerSettings {
            answers: answers.settings(at)?,
            files,
        })
    }

    fn run(settings: CheckerSettings, _: &Invocation) -> Result<Ending, Stop> {
        Ok(Ending::Protocol(protocols::run(&settings)))
    }
}

/// The files of testlib's command line, read as testlib reads them: its `--testset NAME`
/// and `--group NAME` taken out wherever they stand (a test set's name may not be empty),
/// then IN OUTPUT ANS, a result file, and `-appes` (or `-APPES`) after it.
fn testlib_files(testset: Option<OsString>, words: &[OsString]) -> Result<CheckerFiles, String> {
    let empty_testset = || "--testset: expected a test set's name, found nothing".to_owned();
    if testset.is_some_and(|name| name.is_empty()) {
        return Err(empty_testset());
    }
    let mut files = Vec::with_capacity(words.len());
    let mut words = words.iter();
    while let Some(word) = words.next() {
        let dashed = word.as_encoded_bytes().starts_with(b"-");
        let appes = (word == "-appes" || word == "-APPES") && files.len() == 4;
        if dashed && !appes && word != "--testset" && word != "--group" {
            // Never a file: read as one, it could name RESULT_FILE, which is written.
            let word = QuotedUpTo(word.as_encoded_bytes(), 200);
            return Err(format!(
                "{word} among the files: knight-moves' options go before them, and a file \
                 whose name starts with - is named ./ and its name"
            ));
        }
        if !dashed || appes {
            files.push(PathBuf::from(word));
            continue;
        }
        match words.next() {
            Some(name) if word == "--testset" && name.is_empty() => return Err(empty_testset()),
            Some(_) => {}
            None => {
                let option = word.to_string_lossy();
                return Err(format!("{option}: expected a name after it"));
            }
        }
    }
    let appes = match files.len() {
        3 | 4 => false,
        5 if files[4].as_os_str() == "-appes" || files[4].as_os_str() == "-APPES" => true,
        5 => {
            return Err(format!(
                "expected -appes after RESULT_FILE, found {}",
                QuotedUpTo(files[4].as_os_str().as_encoded_bytes(), 200)
            ));
        }
        count => {
            return Err(format!(
                "testlib passes IN OUTPUT ANS [RESULT_FILE [-appes]], not {count} files"
            ));
        }
    };
    files.truncate(4);
    let mut files = files.into_iter();
    let (input, output, answer) = (
        files.next().unwrap_or_default(),
        files.next().unwrap_or_default(),
        files.next().unwrap_or_default(),
    );
    Ok(CheckerFiles::Testlib {
        input,
        output,
        answer,
        result: files.next(),
        xml: appes,
    })
}
