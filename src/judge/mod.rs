//! A judge in a box: `--check` judges an answer file, `--stress` a candidate program, against
//! the answers knight-moves makes, for every problem.

pub(crate) mod candidate;
pub(crate) mod stress;
pub(crate) mod verdict;
