//! The integration tests, one binary: a module for each area, each in its own file beside this
//! one (as ripgrep's are), so that a change links one test binary rather than thirty. Each
//! area's file says what it holds; `common` is what they share.

mod common;

mod accelerator_switch;
mod big_boards;
mod board_option;
mod cli;
mod dmoj_package;
mod doc_examples;
mod doc_names;
mod encodings;
mod engines;
mod exhaustive;
mod formats;
mod generate_inputs;
mod golden;
mod io_edges;
mod judge;
mod judge_processes;
mod judge_protocols;
mod judge_systems;
mod layers;
mod leapers_formula;
mod library_api;
mod limits;
mod options;
mod package;
mod pieces;
mod platforms;
mod problem_package;
mod problems;
mod report;
mod small_boards;
mod streaming;
mod trace;
mod trusted_judge;
