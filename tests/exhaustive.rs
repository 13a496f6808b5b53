//! Every one of the 4096 pairs of squares, against a breadth-first search written apart from
//! the engines: through the library's table engine, and through the binary with the accelerator
//! on and off, in the judge's form and in a messy one.

use crate::common;

use common::{knight_moves_with_accelerator, oracle_moves, sentence, square_names};
use knight_moves::{Board, Engine, Query};

#[test]
fn the_table_engine_matches_the_oracle_on_all_4096_pairs() {
    let names = square_names();
    let mut checked = 0;
    for from in &names {
        for to in &names {
            let square = |name: &str| Board::STANDARD.parse_square(name.as_bytes()).unwrap();
            let moves =
                Engine::Table.distance(Query::knight(Board::STANDARD, square(from), square(to)));
            let expected = u64::from(oracle_moves(from, to));
            assert_eq!(moves, Ok(Some(expected)), "{from} -> {to}");
            checked += 1;
        }
    }
    assert_eq!(checked, 4096);
}

#[test]
fn the_binary_answers_all_4096_pairs_in_every_input_form_with_the_accelerator_on_and_off() {
    let names = square_names();
    let pairs: Vec<(&String, &String)> = names
        .iter()
        .flat_map(|from| names.iter().map(move |to| (from, to)))
        .collect();
    let expected: String = pairs
        .iter()
        .map(|(from, to)| sentence(from, to, oracle_moves(from, to)))
        .collect();
    let plain: String = pairs.iter().map(|(f, t)| format!("{f} {t}\n")).collect();
    // The same pairs as a messy file has them: blanks around and between, CRLF.
    let messy: String = pairs
        .iter()
        .map(|(f, t)| format!(" {f}\t \t{t} \r\n"))
        .collect();
    for accelerator in [true, false] {
        for input in [&plain, &messy] {
            knight_moves_with_accelerator(accelerator)
                .write_stdin(input.clone())
                .assert()
                .success()
                .stdout(expected.clone());
        }
    }
}
