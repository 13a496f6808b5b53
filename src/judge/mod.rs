//! Judging programs: `stress` runs a candidate program ([`candidate`]) on generated inputs
//! and judges its output ([`stress`]). The comparing itself is the checker, a sink of the
//! pipeline below it ([`crate::sink::check`]), which `check` uses on answer files too.
//! A judge system's checker validates its input as it reads it ([`validated_input`]).

use crate::format::Shape;
use crate::settings::AnswerSettings;

pub(crate) mod candidate;
pub(crate) mod stress;
pub(crate) mod validated_input;

/// The name the input of a judged program goes by, given `file_name` for verdicts: in JSON,
/// whose answers name their source, the name the program knows it by, since every judge (and
/// `stress`) gives the program its input on standard input: `<stdin>`.
pub(crate) fn input_name<'a>(settings: &AnswerSettings, file_name: &'a str) -> &'a str {
    match settings.output.shape {
        Shape::Json => "<stdin>",
        _ => file_name,
    }
}
