//! Property tests: whatever bytes come in, the filter does not panic, answers exactly the
//! valid lines in order, and reports each other non-blank line once.

use std::io::{self, Read};

use knight_moves::answer::Answerer;
use knight_moves::board::Board;
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
