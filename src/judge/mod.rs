//! Judging programs: `--stress` runs a candidate program ([`candidate`]) on generated inputs
//! and judges its output ([`stress`]). The comparing itself is the checker, a sink of the
//! pipeline below it ([`crate::sink::check`]), which `--check` uses on answer files too.

pub(crate) mod candidate;
pub(crate) mod protocol;
pub(crate) mod stress;
