//! Every one of the 4096 pairs of squares, against a breadth-first search written apart from
//! the crate, through the library's table and through the binary.

mod common;

use common::{knight_moves, oracle_moves, sentence, square_names};
use knight_moves::square::Square;
use knight_moves::table::DISTANCES;

#[test]
fn the_distance_table_matches_the_oracle_on_all_4096_pairs() {
    let names = square_names();
    let mut checked = 0;
    for from in &names {
        for to in &names {
            let (from_square, to_square): (Square, Square) =
                (from.parse().unwrap(), to.parse().unwrap());
            assert_eq!(
                u32::from(DISTANCES.moves(from_square, to_square)),
                oracle_moves(from, to),
                "{from} -> {to}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 4096);
}

#[test]
fn the_binary_answers_all_4096_pairs_in_every_input_form() {
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
    knight_moves()
        .write_stdin(plain)
        .assert()
        .success()
        .stdout(expected.clone());
    // The same pairs as a messy file has them: blanks around and between, CRLF.
    let messy: String = pairs
        .iter()
        .map(|(f, t)| format!(" {f}\t \t{t} \r\n"))
        .collect();
    knight_moves()
        .write_stdin(messy)
        .assert()
        .success()
        .stdout(expected);
}
