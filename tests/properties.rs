//! Property tests: whatever bytes come in, the filter does not panic, answers exactly the
//! valid lines in order, and reports each other non-blank line once.

use std::io::{self, Read};

use knight_moves::answer::{AnswerOptions, Answerer};
use knight_moves::board::{Board, Position};
use knight_moves::engine::Engine;
use knight_moves::filter::Filter;
use proptest::prelude::*;

/// The two squares of an answer, as typed.
type TypedPair = (Vec<u8>, Vec<u8>);

/// What the filter should do with `input`, worked out line by line from the rules in the README
/// without the crate's parser: (the answers' squares, the number of bad lines).
fn expected(input: &[u8]) -> (Vec<TypedPair>, usize) {
    let mut answers = Vec::new();
    let mut bad = 0;
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop(); // the text after the final newline is not a line
    }
    for line in lines {
        if line.len() > 4096 {
            bad += 1;
            continue;
        }
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let tokens: Vec<&[u8]> = line
            .split(|&b| b == b' ' || b == b'\t')
            .filter(|t| !t.is_empty())
            .collect();
        let is_square = |t: &[u8]| {
            t.len() == 2 && matches!(t[0], b'a'..=b'h' | b'A'..=b'H') && matches!(t[1], b'1'..=b'8')
        };
        match tokens[..] {
            [] => {}
            [from, to] if is_square(from) && is_square(to) => {
                answers.push((from.to_vec(), to.to_vec()))
            }
            _ => bad += 1,
        }
    }
    (answers, bad)
}

/// Hands out its input in reads of the given sizes, in turn, as pipes do.
struct Chunked<'a> {
    input: &'a [u8],
    sizes: Vec<usize>,
    turn: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let n = size.min(self.input.len()).min(buffer.len());
        buffer[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        Ok(n)
    }
}

/// Bytes that make near-miss lines likely, mixed with any byte at all.
fn input_bytes() -> impl Strategy<Value = Vec<u8>> {
    let interesting = prop::sample::select(b"abhAH18 09iz \t\t  \r\n\n\n\0\xff\xc3".to_vec());
    let byte = prop_oneof![4 => interesting, 1 => any::<u8>()];
    prop::collection::vec(byte, 0..400)
}

fn check(input: &[u8], sizes: Vec<usize>) -> Result<(), TestCaseError> {
    let mut filter = Filter::new(Vec::new(), Vec::new(), Board::STANDARD, Answerer::default());
    filter
        .filter(
            "p",
            Chunked {
                input,
                sizes,
                turn: 0,
            },
        )
        .expect("filtering into memory cannot fail");
    let bad_lines = filter.invalid_lines();
    let (out, messages) = filter.into_writers();
    let (answers, bad) = expected(input);
    let answered: Vec<&[u8]> = out.split_inclusive(|&b| b == b'\n').collect();
    prop_assert_eq!(answered.len(), answers.len(), "one answer per valid line");
    for (line, (from, to)) in answered.iter().zip(&answers) {
        let prefix = [b"To get from ", &from[..], b" to ", &to[..], b" takes "].concat();
        prop_assert!(
            line.starts_with(&prefix),
            "{}",
            String::from_utf8_lossy(line)
        );
        prop_assert!(line.ends_with(b" knight moves.\n"));
    }
    prop_assert_eq!(bad_lines as usize, bad);
    let message_lines = messages
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .count();
    prop_assert_eq!(message_lines, bad, "one message per bad line");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_bytes_get_one_answer_per_valid_line(
        input in input_bytes(),
        sizes in prop::collection::vec(1usize..64, 1..4),
    ) {
        check(&input, sizes)?;
    }

    #[test]
    fn long_lines_around_the_limit_are_counted_once(
        lengths in prop::collection::vec(4090usize..4100, 1..4),
        sizes in prop::collection::vec(1usize..9000, 1..3),
    ) {
        let mut input = Vec::new();
        for length in lengths {
            let mut line = b"e2".to_vec();
            line.resize(length - 2, b' ');
            line.extend_from_slice(b"e4\n");
            input.extend_from_slice(&line);
        }
        check(&input, sizes)?;
    }
}

/// The square `token` names on `board`, by the README's rules, worked out without the crate's
/// parser: letters (either case) naming the file as spreadsheet columns do, then the rank
/// without leading zeros.
fn square_on(board: Board, token: &[u8]) -> Option<Position> {
    let letters = token.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let (file_text, rank_text) = token.split_at(letters);
    if letters == 0 || rank_text.is_empty() || !rank_text.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if rank_text[0] == b'0' || rank_text.len() > 10 || letters > 7 {
        return None;
    }
    let file = file_text.iter().fold(0u64, |n, b| {
        n * 26 + u64::from(b.to_ascii_lowercase() - b'a' + 1)
    });
    let rank: u64 = std::str::from_utf8(rank_text).ok()?.parse().ok()?;
    let on_board = (1..=u64::from(board.files())).contains(&file)
        && (1..=u64::from(board.ranks())).contains(&rank);
    on_board.then(|| Position::new(file as u32 - 1, rank as u32 - 1))
}

/// Lines for boards of other sizes: well-formed queries with squares of every length (many
/// off the board), and lines of arbitrary bytes.
fn board_lines() -> impl Strategy<Value = Vec<u8>> {
    let query =
        "[ \t]{0,2}[a-zA-Z]{1,8}[0-9]{1,11}[ \t]{1,2}[a-zA-Z]{1,8}[0-9]{1,11}[ \t]{0,2}\r?\n"
            .prop_map(String::into_bytes);
    let junk = prop::collection::vec(any::<u8>(), 0..40);
    let line = prop_oneof![4 => query, 1 => junk];
    prop::collection::vec(line, 0..60).prop_map(|lines| lines.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// On other boards the default answers come from the 8-byte-word reader and the fixed-size
    /// writer when the read holds enough bytes, and from the plain ones when not: either way,
    /// every valid line gets exactly its sentence, and every other non-blank line one message.
    #[test]
    fn any_bytes_on_other_boards_get_their_exact_answers(
        input in board_lines(),
        sizes in prop::collection::vec(1usize..400, 1..4),
        board in prop::sample::select(vec![(1_000_000, 1_000_000), (1_000_000_000, 1_000_000_000), (30, 1000), (2, 50_000)]),
    ) {
        let board = Board::new(board.0, board.1).unwrap();
        let options = AnswerOptions { board, engine: Engine::Formula, ..AnswerOptions::default() };
        let mut filter = Filter::new(Vec::new(), Vec::new(), board, Answerer::new(options));
        let reader = Chunked { input: &input, sizes, turn: 0 };
        filter.filter("p", reader).expect("filtering into memory cannot fail");
        let mut expected = Vec::new();
        let mut bad = 0;
        for line in input.split_inclusive(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\n").unwrap_or(line);
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            let tokens: Vec<&[u8]> = line
                .split(|&b| b == b' ' || b == b'\t')
                .filter(|t| !t.is_empty())
                .collect();
            match tokens[..] {
                [] => {}
                [from, to] => match (square_on(board, from), square_on(board, to)) {
                    (Some(from_square), Some(to_square)) => {
                        let (from, to) = (String::from_utf8_lossy(from), String::from_utf8_lossy(to));
                        let moves = Engine::Formula
                            .search_once(board, from_square, to_square, None, 1000)
                            .expect("no search on these boards")
                            .moves;
                        expected.extend_from_slice(match moves {
                            Some(moves) => format!("To get from {from} to {to} takes {moves} knight moves.\n"),
                            None => format!("There is no knight route from {from} to {to}.\n"),
                        }.as_bytes());
                    }
                    _ => bad += 1,
                },
                _ => bad += 1,
            }
        }
        prop_assert_eq!(filter.invalid_lines() as usize, bad);
        let (out, _) = filter.into_writers();
        prop_assert_eq!(String::from_utf8_lossy(&out), String::from_utf8_lossy(&expected));
    }
}
