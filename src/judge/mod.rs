//! Judging programs: `stress` runs a candidate program ([`candidate`]) on generated inputs
//! and judges its output ([`stress`]). The comparing itself is the checker, a sink of the
//! pipeline below it ([`crate::sink::check`]), which `check` uses on answer files too.
//! A judge system's checker validates its input as it reads it ([`validated_input`]).

pub(crate) mod candidate;
pub(crate) mod stress;
pub(crate) mod validated_input;
