//! The streaming checker against plain ones written here apart from it, as the judges' rules
//! say: one that holds whole lines, one that holds whole files' words, and a model of the
//! default validator; on every way of cutting both sides into pieces.

use std::io::{self, Read};

use proptest::prelude::*;

use super::*;
use crate::board::Position;
use crate::input::line::TypedPair;
use crate::sink::check::verdict::ShownLine;

/// A reader that hands out at most `piece` bytes a read, to cross every buffer edge.
struct Pieces {
    bytes: Vec<u8>,
    at: usize,
    piece: usize,
}

impl Read for Pieces {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let count = buffer.len().min(self.piece).min(self.bytes.len() - self.at);
        buffer[..count].copy_from_slice(&self.bytes[self.at..self.at + count]);
        self.at += count;
        Ok(count)
    }
}

/// `found`, read at most `piece` bytes at a time.
fn reader(found: &[u8], piece: usize) -> Box<dyn Read> {
    let bytes = found.to_vec();
    Box::new(Pieces {
        bytes,
        at: 0,
        piece,
    })
}

/// What the `line`-th expected line answers, as a verdict names it.
fn origin_of(line: u64) -> String {
    format!("t:{line}: q r")
}

/// Runs the checker on `expected` lines (each handed over in pieces of `expected_piece`
/// bytes, each piece with the line's origin) against `found` (read `found_piece` bytes at a
/// time); `None` in `expected` is a query knight-moves could not answer.
fn streamed(
    expected: &[Option<&[u8]>],
    found: &[u8],
    comparison: Comparison,
    expected_piece: usize,
    found_piece: usize,
) -> String {
    let mut checker = Checker::new(reader(found, found_piece), comparison);
    let query = TypedPair {
        from: Position::new(0, 0),
        to: Position::new(0, 0),
        from_text: b"q",
        to_text: b"r",
    };
    for (index, line) in expected.iter().enumerate() {
        let origin = Origin::Query {
            source: "t",
            line_number: index as u64 + 1,
            query: &query,
            board: Board::STANDARD,
        };
        match line {
            Some(line) => {
                for piece in [*line, b"\n"].concat().chunks(expected_piece) {
                    checker.take(&mut piece.to_vec(), &origin).unwrap();
                }
            }
            None => checker.no_answer(&origin, &"gave up").unwrap(),
        }
    }
    checker.finish().unwrap().describe("a.out")
}

/// The words of `text`, split as the judges' rules say (C's `isspace`).
fn words(text: &[u8]) -> Vec<Vec<u8>> {
    text.split(|byte| b" \t\n\r\x0b\x0c".contains(byte))
        .filter(|word| !word.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

/// The verdict on one found line (`ended` with a newline) where line `at` was `expected`, as
/// the judges' rules say, on whole lines: `None` where the judge takes it.
fn oracle_line(
    at: u64,
    expected: &[u8],
    found: &[u8],
    ended: bool,
    forgiving: bool,
) -> Option<Verdict> {
    let without_cr = found.strip_suffix(b"\r").unwrap_or(found);
    let end = without_cr
        .iter()
        .rposition(|b| !b" \t\x0b\x0c".contains(b))
        .map_or(0, |i| i + 1);
    let trimmed = &without_cr[..end];
    if (found == expected && ended) || (forgiving && trimmed == expected) {
        return None;
    }
    let (query, shown) = (origin_of(at), |line: &[u8]| {
        ShownLine::new(b"", false, line)
    });
    if words(found) != words(expected) {
        let (expected, found) = (shown(expected), shown(without_cr));
        return Some(Verdict::WrongAnswer {
            at,
            expected,
            found,
            query,
        });
    }
    let what = match (
        found == expected,
        without_cr == expected,
        trimmed == expected,
    ) {
        (true, _, _) => "missing final newline",
        (_, true, _) => "CRLF line end",
        (_, _, true) if without_cr.len() == found.len() => "trailing space",
        (_, _, true) => "trailing space and CRLF line end",
        _ => "spacing differs",
    };
    Some(Verdict::PresentationError { at, what, query })
}

/// The found answers as lines: each without its newline, and whether it had one.
fn found_lines(found: &[u8]) -> Vec<(&[u8], bool)> {
    let lines = found.split_inclusive(|&b| b == b'\n');
    lines
        .map(|line| {
            line.strip_suffix(b"\n")
                .map_or((line, false), |line| (line, true))
        })
        .collect()
}

/// Whether the found answers break their lines where the expected ones do: one line an
/// answer, each with as many words as its expected line (a query knight-moves could not
/// answer takes any one line), then nothing but blank lines.
fn same_line_breaks(expected: &[Option<&[u8]>], found: &[u8]) -> bool {
    let lines = found_lines(found);
    let answered = expected.iter().zip(&lines).all(|(line, (found_line, _))| {
        line.is_none_or(|line| words(line).len() == words(found_line).len())
    });
    let extra_blank = lines
        .iter()
        .skip(expected.len())
        .all(|(line, _)| words(line).is_empty());
    answered && lines.len() >= expected.len() && extra_blank
}

/// The verdict on answers that break their lines as expected, line by line, as the judges'
/// rules say: the first wrong line, or missing or extra lines, are a wrong answer; otherwise the
/// first presentation error; otherwise accepted. After a query knight-moves could not answer,
/// a wrong answer is no longer certain: nothing from that query on is judged.
fn oracle(expected: &[Option<&[u8]>], found: &[u8], comparison: Comparison) -> String {
    let forgiving = comparison == Comparison::Words;
    let lines = found_lines(found);
    let total = expected.len() as u64;
    let (mut failure, mut presentation) = (None, None);
    for (index, line) in expected.iter().enumerate() {
        let Some(&(found_line, ended)) = lines.get(index) else {
            let found = lines.len() as u64;
            failure = Some((
                index,
                Verdict::TooFew {
                    found,
                    expected: total,
                },
            ));
            break;
        };
        let at = index as u64 + 1;
        match line.and_then(|line| oracle_line(at, line, found_line, ended, forgiving)) {
            Some(wrong @ Verdict::WrongAnswer { .. }) => {
                failure = Some((index, wrong));
                break;
            }
            verdict => presentation = presentation.or(verdict),
        }
    }
    for (index, &(line, _)) in lines.iter().enumerate().skip(expected.len()) {
        let at = index as u64 + 1;
        if failure.is_some() {
            break;
        } else if !words(line).is_empty() {
            failure = Some((
                expected.len(),
                Verdict::TooMany {
                    expected: total,
                    from: at,
                },
            ));
        } else if !forgiving {
            let what = "blank line at the end";
            let blank = Verdict::PresentationError {
                at,
                what,
                query: String::new(),
            };
            presentation = presentation.or(Some(blank));
        }
    }
    let until = failure.as_ref().map_or(expected.len(), |(index, _)| *index);
    let not_judged: Vec<u64> = (0..until)
        .filter(|&index| expected[index].is_none())
        .map(|index| index as u64 + 1)
        .collect();
    let count = not_judged.len() as u64;
    let in_words = presentation.clone().and_then(Verdict::presentation);
    let not_answered = |at, what| NotAnswered {
        at,
        what,
        why: "gave up".to_owned(),
    };
    let verdict = match (failure, not_judged.first()) {
        (Some((_, failure)), None) => failure,
        (Some(_), Some(&first)) => Verdict::NotJudged {
            first: not_answered(first, Unanswerable::QueryAndWhatFollows(origin_of(first))),
            count,
            accepted: first - 1,
            presentation: in_words,
        },
        (None, Some(&first)) => Verdict::NotJudged {
            first: not_answered(first, Unanswerable::Query(origin_of(first))),
            count,
            accepted: total - count,
            presentation: in_words,
        },
        (None, None) => presentation.unwrap_or(Verdict::Accepted { answers: total }),
    };
    verdict.describe("a.out")
}

/// The kind of verdict on any answers, from the whole files' words alone: wrong when the
/// words differ, and when they are the same, accepted only where the lines are.
fn oracle_kind(expected: &[&[u8]], found: &[u8], comparison: Comparison) -> &'static str {
    let expected_text: Vec<u8> = expected
        .iter()
        .flat_map(|line| [*line, b"\n"].concat())
        .collect();
    if words(&expected_text) != words(found) {
        return "Wrong answer";
    }
    let somes: Vec<Option<&[u8]>> = expected.iter().map(|line| Some(*line)).collect();
    if same_line_breaks(&somes, found) {
        let verdict = oracle(&somes, found, comparison);
        return ["Accepted", "Presentation error"]
            .into_iter()
            .find(|kind| verdict.starts_with(kind))
            .unwrap_or("Wrong answer");
    }
    "Presentation error"
}

/// The verdict on `found`, said the same however both sides are cut, and the oracle's.
fn check_both(expected: &[Option<&[u8]>], found: &[u8], comparison: Comparison) -> String {
    let want = oracle(expected, found, comparison);
    for (expected_piece, found_piece) in [(1 << 20, 1 << 20), (1, 1), (3, 2), (2, 7)] {
        assert_eq!(
            streamed(expected, found, comparison, expected_piece, found_piece),
            want,
            "pieces {expected_piece}/{found_piece}: {expected:?} against {:?}",
            String::from_utf8_lossy(found)
        );
    }
    want
}

/// A presentation error on line `at` of the answers, which answers query `at`.
fn presentation_at(at: u64, what: &str) -> String {
    format!(
        "Presentation error at a.out:{at}: {what}, for {}",
        origin_of(at)
    )
}

#[test]
fn lines_compare_as_each_judge_does() {
    let (bytes, words) = (Comparison::Bytes, Comparison::Words);
    let accepted = || "Accepted (1 answer)".to_owned();
    let cases: &[(&[u8], Comparison, String)] = &[
        (b"6\n", bytes, accepted()),
        (
            b"5\n",
            bytes,
            format!(
                "Wrong answer at a.out:1: expected \"6\", found \"5\", for {}",
                origin_of(1)
            ),
        ),
        (b"6\r\n", bytes, presentation_at(1, "CRLF line end")),
        (b"6\r\n", words, accepted()),
        (b"6 \n", bytes, presentation_at(1, "trailing space")),
        (b"6 \n", words, accepted()),
        (b"6", bytes, presentation_at(1, "missing final newline")),
        (b"6", words, accepted()),
        (b" 6\n", words, presentation_at(1, "spacing differs")),
        (b"6\r\n\n \n", words, accepted()),
        (
            b"6\n\n",
            bytes,
            "Presentation error at a.out:2: blank line at the end".to_owned(),
        ),
        (
            b"",
            bytes,
            "Wrong answer: a.out ends after 0 answers, 1 expected".to_owned(),
        ),
    ];
    for (found, comparison, verdict) in cases {
        assert_eq!(
            &check_both(&[Some(b"6")], found, *comparison),
            verdict,
            "{found:?}"
        );
    }
    let sentence: &[u8] = b"To get from a1 to b2 takes 4 knight moves.";
    let spaced = b"To get from a1 to b2  takes 4 knight moves.\n";
    let verdict = check_both(&[Some(sentence)], spaced, bytes);
    assert_eq!(verdict, presentation_at(1, "spacing differs"));
}

/// Where the candidate breaks its lines elsewhere (a blank line among the answers, an answer
/// split in two, two joined), the words are followed across lines: the same words are a
/// presentation error, and the lines after the two sides meet again are judged as ever.
#[test]
fn answers_with_other_line_breaks_are_judged_by_their_words() {
    let (bytes, words) = (Comparison::Bytes, Comparison::Words);
    let breaks = |at| presentation_at(at, "line breaks differ");
    let wrong = |at, expected, found, query| {
        let query = origin_of(query);
        format!(
            "Wrong answer at a.out:{at}: expected \"{expected}\", found \"{found}\", for {query}"
        )
    };
    let cases: &[(&[u8], Comparison, String)] = &[
        (b"\n2\n6 6\n1\n", words, breaks(1)),
        (b"2\n6\n6\n1\n", bytes, breaks(2)),
        (b"2 6 6\n1\n", bytes, breaks(1)),
        (b"2 6\n6 1\n", words, breaks(1)),
        // A wrong answer after the two sides meet again, or on the way, is still wrong.
        (b"2\n\n6 6\n5\n", words, wrong(4, "1", "5", 3)),
        (b"2\n6\n7\n1\n", bytes, wrong(3, "6 6", "7", 2)),
        (b"2\r\n6 6\r\n0\r\n", bytes, wrong(3, "1", "0", 3)),
        // Words past the end, or missing at it.
        (
            b"2 6\n6 1 9\n",
            bytes,
            "Wrong answer: a.out goes on past the 3 answers expected, from line 2".to_owned(),
        ),
        (
            b"2 6\n6\n",
            bytes,
            "Wrong answer: a.out ends after 2 answers, 3 expected".to_owned(),
        ),
    ];
    let three: &[Option<&[u8]>] = &[Some(b"2"), Some(b"6 6"), Some(b"1")];
    for (found, comparison, verdict) in cases {
        for (expected_piece, found_piece) in [(1 << 20, 1 << 20), (1, 1), (2, 3)] {
            let streamed = streamed(three, found, *comparison, expected_piece, found_piece);
            assert_eq!(&streamed, verdict, "{:?}", String::from_utf8_lossy(found));
        }
    }
}

#[test]
fn a_query_without_an_answer_is_skipped_and_blames_nothing() {
    let expected: &[Option<&[u8]>] = &[Some(b"1"), None, Some(b"2")];
    assert_eq!(
        check_both(expected, b"1\n9\n2\n", Comparison::Bytes),
        "Judge failure: knight-moves could not answer t:2: q r (gave up), so a.out:2 was not \
         judged; the other 2 answers were right"
    );
    // A wrong answer before it is the candidate's own.
    assert!(
        check_both(expected, b"5\n9\n2\n", Comparison::Bytes)
            .starts_with("Wrong answer at a.out:1")
    );
    // After it, where the candidate's answers stand is a guess (its answer to the query may
    // take any number of lines): a difference there is judged no one's.
    for found in [&b"1\n9\n3\n"[..], b"1\n9\n", b"1\n9\n9\n2\n", b"1\n9 2\n"] {
        assert_eq!(
            check_both(expected, found, Comparison::Bytes),
            "Judge failure: knight-moves could not answer t:2: q r (gave up), so a.out was \
             not judged from line 2 on; the answer before it was right",
            "{found:?}"
        );
    }
    // A presentation error among the answers judged is said.
    assert_eq!(
        check_both(expected, b"1\r\n9\n2\n", Comparison::Bytes),
        "Judge failure: knight-moves could not answer t:2: q r (gave up), so a.out:2 was not \
         judged; the other 2 answers were right in their words, but a.out:1 has a presentation \
         error (CRLF line end)"
    );
}

#[test]
fn a_long_line_is_judged_at_its_first_wrong_word() {
    // A row of a million numbers, wrong at its third: the verdict comes before the rest of
    // either side is read (the found side would never end).
    let row: Vec<u8> = (0..1_000_000).flat_map(|_| *b"12 ").collect();
    let mut found = b"12 12 13 ".to_vec();
    found.extend(std::iter::repeat_n(b'1', 1 << 20));
    let mut checker = Checker::new(reader(&found, 1 << 20), Comparison::Words);
    let origin = Origin::Grid {
        source: "t",
        line_number: 1,
        side: 1_000_000,
    };
    let settled = row
        .chunks(64 * 1024)
        .any(|piece| checker.take(&mut piece.to_vec(), &origin).unwrap() == Flow::Settled);
    assert!(settled, "settled within the first pieces");
    checker.lines_not_made(1_000_000 - 1);
    let verdict = checker.finish().unwrap().describe("a.out");
    assert!(
        verdict.starts_with("Wrong answer at a.out:1: expected \"12 12 12 12"),
        "{verdict}"
    );
    assert!(verdict.contains("found \"12 12 13 1111"), "{verdict}");
}

#[test]
fn a_difference_far_into_a_line_is_shown_around_it() {
    let expected: Vec<u8> = (0..200).flat_map(|_| *b"7 ").chain(*b"8").collect();
    let mut found = expected.clone();
    let last = found.len() - 1;
    found[last] = b'9';
    found.push(b'\n');
    let verdict = streamed(&[Some(&expected)], &found, Comparison::Bytes, 1000, 1000);
    assert!(
        verdict.starts_with("Wrong answer at a.out:1: expected …\"7 7 7"),
        "{verdict}"
    );
    assert!(verdict.contains("7 8\", found …\""), "{verdict}");
    assert!(verdict.contains("7 9\", for"), "{verdict}");
}

fn answer_line() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(b"12 a".to_vec()), 1..6).prop_map(|mut line| {
        // Answers as knight-moves makes them: words with single spaces between.
        let text = String::from_utf8(std::mem::take(&mut line)).unwrap();
        let words: Vec<&str> = text.split(' ').filter(|word| !word.is_empty()).collect();
        match words.is_empty() {
            true => b"0".to_vec(),
            false => words.join(" ").into_bytes(),
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any expected lines against any found bytes (mostly near-misses of the right ones), cut
    /// anywhere: where the found answers break their lines as expected, the streaming checker
    /// says exactly what the line-by-line oracle says; wherever they break them, it gives the
    /// kind of verdict the whole files' words give.
    #[test]
    fn the_streaming_checker_agrees_with_the_oracles(
        lines in prop::collection::vec(prop::option::weighted(0.9, answer_line()), 0..6),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(b" \t\r\n12ax\x0b\x0c".to_vec()), 0..3u8), 0..3),
        words in any::<bool>(),
        expected_piece in 1..9usize,
        found_piece in 1..9usize,
    ) {
        let mut found: Vec<u8> = Vec::new();
        for line in &lines {
            found.extend_from_slice(line.as_deref().unwrap_or(b"5"));
            found.push(b'\n');
        }
        for (index, byte, kind) in edits {
            let at = index.index(found.len() + 1);
            match kind {
                0 => found.insert(at, byte),
                1 if at < found.len() => { found.remove(at); }
                _ if at < found.len() => found[at] = byte,
                _ => {}
            }
        }
        let expected: Vec<Option<&[u8]>> = lines.iter().map(|line| line.as_deref()).collect();
        let comparison = if words { Comparison::Words } else { Comparison::Bytes };
        let verdict = streamed(&expected, &found, comparison, expected_piece, found_piece);
        if same_line_breaks(&expected, &found) {
            prop_assert_eq!(verdict, oracle(&expected, &found, comparison));
        } else if expected.iter().all(Option::is_some) {
            let all: Vec<&[u8]> = expected.iter().flatten().copied().collect();
            let kind = oracle_kind(&all, &found, comparison);
            prop_assert!(verdict.starts_with(kind), "{} is not {}", verdict, kind);
        } else {
            prop_assert!(!verdict.starts_with("Accepted"), "{}", verdict);
        }
    }
}

/// The verdict on `found` by bytes, for the answers `expected` of a grid, after which
/// knight-moves could not go on (`stop`).
fn cut_short(expected: &[u8], found: &str, stop: impl FnOnce(&mut Checker, &Origin)) -> String {
    let mut checker = Checker::new(reader(found.as_bytes(), 1 << 20), Comparison::Bytes);
    let origin = Origin::Grid {
        source: "t",
        line_number: 1,
        side: 4,
    };
    checker.take(&mut expected.to_vec(), &origin).unwrap();
    stop(&mut checker, &origin);
    checker.finish().unwrap().describe("a.out")
}

#[test]
fn a_grid_cut_short_where_knight_moves_gave_up_blames_nothing_after_it() {
    let judge = |found| {
        let gave_up = |checker: &mut Checker, origin: &Origin| {
            checker.no_answer(origin, &"ran out of memory").unwrap()
        };
        cut_short(b"1 2\n3 ", found, gave_up)
    };
    assert_eq!(
        judge("1 2\n3 4\n5 6\n"),
        "Judge failure: knight-moves could not answer t:1: n = 4 (ran out of memory), so \
         a.out was not judged from line 2 on; the answer before it was right"
    );
    // What was judged before is the candidate's own.
    assert!(judge("1 9\n3 4\n").starts_with("Wrong answer at a.out:1"));
}

#[test]
fn an_input_that_cannot_be_read_blames_nothing_after_it() {
    let judge = |found| {
        let unreadable = |checker: &mut Checker, _: &Origin| {
            checker.unreadable_input("b.in", &"No such file or directory");
        };
        cut_short(b"0\n", found, unreadable)
    };
    assert_eq!(
        judge("0\n7\n"),
        "Judge failure: knight-moves could not read b.in (No such file or directory), so a.out \
         was not judged from line 2 on; the answer before it was right"
    );
    assert!(judge("5\n").starts_with("Wrong answer at a.out:1"));
}

/// The verdict on `found` (read `found_piece` bytes at a time) for the expected answers
/// `expected` of one grid, handed over in pieces of `pieces(rest)` bytes, judged by `checker`.
fn judged_by(
    checker: impl FnOnce(Box<dyn Read>) -> Checker,
    expected: &[u8],
    found: &[u8],
    pieces: &mut dyn FnMut(usize) -> usize,
    found_piece: usize,
) -> Verdict {
    let mut checker = checker(reader(found, found_piece));
    let origin = Origin::Grid {
        source: "in",
        line_number: 1,
        side: 8,
    };
    let mut rest = expected;
    while !rest.is_empty() {
        let (piece, after) = rest.split_at(pieces(rest.len()));
        checker.take(&mut piece.to_vec(), &origin).unwrap();
        rest = after;
    }
    checker.finish().unwrap()
}

/// The verdict on `found` for `expected`, by tokens, lenient as `leniency` says.
fn by_tokens(expected: &[u8], found: &[u8], leniency: Leniency) -> Verdict {
    let checker = |found| Checker::new(found, Comparison::Tokens(leniency));
    judged_by(checker, expected, found, &mut |rest| rest, 1 << 20)
}

#[test]
fn tokens_are_compared_across_any_white_space_and_case_unless_the_flags_say() {
    let lenient = Leniency::default();
    let expected = b"To get 6\nmoves.\n";
    let accepted = Verdict::Accepted { answers: 2 };
    assert_eq!(by_tokens(expected, b"to GET   6 moves.", lenient), accepted);
    let spread = b"\r\n To get\t6\r\nmoves.\n\n";
    assert_eq!(by_tokens(expected, spread, lenient), accepted);
    let strict_case = Leniency {
        case_sensitive: true,
        ..lenient
    };
    let lower = by_tokens(expected, b"to get 6\nmoves.\n", strict_case);
    assert!(matches!(lower, Verdict::WrongAnswer { at: 1, .. }));
    let strict_space = Leniency {
        space_change_sensitive: true,
        ..lenient
    };
    assert_eq!(by_tokens(expected, expected, strict_space), accepted);
    for found in [
        &b"To get 6 moves.\n"[..],
        b"To get 6\nmoves.",
        b"To get 6\nmoves.\n\n",
    ] {
        let verdict = by_tokens(expected, found, strict_space);
        assert!(
            matches!(verdict, Verdict::PresentationError { .. }),
            "{found:?}"
        );
    }
}

#[test]
fn shorter_longer_and_extra_tokens_are_wrong() {
    let lenient = Leniency::default();
    for found in [&b"1\n"[..], b"123\n", b"1 2\n", b"12x\n"] {
        let verdict = by_tokens(b"12\n", found, lenient);
        assert!(matches!(verdict, Verdict::WrongAnswer { .. }), "{found:?}");
    }
    let more = by_tokens(b"12\n", b"12 7\n", lenient);
    assert!(matches!(more, Verdict::TooMany { from: 1, .. }));
    let none = by_tokens(b"12\n", b"  \n", lenient);
    assert!(matches!(none, Verdict::TooFew { found: 0, .. }));
}

/// Routes in TSV and JSON get the same verdict however both sides are cut: whole, or in
/// random pieces that split tokens, punctuation and the fast path's lines.
#[test]
fn tsv_and_json_routes_get_one_verdict_however_they_are_cut() {
    let own = "a1 b3 c5 d7 f8 g6 h8";
    let other = "a1 c2 e3 g4 h6 f7 h8";
    let wrong = [
        "a1 c2 e3 g4 h6 f7",
        "a1 c2 e3 g4 h6 f7 h8 g6",
        "a1 c2 e3 g4 h6 g8 h8",
        "b1 c3 e2 g3 h5 f6 h7",
    ];
    let strict = Comparison::Tokens(Leniency {
        case_sensitive: true,
        space_change_sensitive: true,
    });
    let mut random = fastrand::Rng::with_seed(35);
    for shape in [Shape::Tsv { header: false }, Shape::Json] {
        let line = |route: &str| match shape {
            Shape::Json => {
                let squares: Vec<String> = route.split(' ').map(|s| format!("\"{s}\"")).collect();
                let path = squares.join(",");
                format!("{{\"line\":1,\"from\":\"a1\",\"moves\":6,\"path\":[{path}]}}\n")
            }
            _ => format!("a1\th8\t6\t{route}\n"),
        };
        let expected = [line(own), line("b2 d3")].concat().into_bytes();
        for candidate in [own, other].into_iter().chain(wrong) {
            let found = [line(candidate), line("b2 d3")].concat().into_bytes();
            let routes = Some((Piece::KNIGHT, Board::STANDARD));
            let checker = |found| Checker::for_answers(found, strict, shape, routes);
            let whole = judged_by(checker, &expected, &found, &mut |rest| rest, 1 << 20);
            let right = candidate == own || candidate == other;
            assert_eq!(
                matches!(whole, Verdict::Accepted { .. }),
                right,
                "{candidate}: {whole:?}"
            );
            for _ in 0..50 {
                let pieces = &mut |rest: usize| random.usize(1..=rest.min(7));
                let cut = judged_by(checker, &expected, &found, pieces, 3);
                assert_eq!(cut, whole, "{shape:?} {candidate}");
            }
        }
    }
}

/// Against a model of the default validator written apart (tokens split on white space,
/// compared ignoring ASCII case, or the bytes where both flags are given), on random
/// answers handed over in random pieces, so that every edge of a batch and of the fast
/// path is crossed.
#[test]
fn random_answers_get_the_default_validators_verdict_however_they_are_cut() {
    let mut random = fastrand::Rng::with_seed(34);
    let alphabet = [b'a', b'A', b'b', b'1', b' ', b' ', b'\n', b'\r', b'\t'];
    for _ in 0..20_000 {
        let mut expected = Vec::new();
        for _ in 0..random.usize(1..6) {
            for _ in 0..random.usize(1..4) {
                expected.push(*random.choice(b"aAb1").unwrap());
            }
            expected.push(*random.choice(b" \n").unwrap());
        }
        expected.push(b'\n');
        let mut found = expected.clone();
        for _ in 0..random.usize(0..3) {
            let at = random.usize(0..=found.len());
            match random.u8(0..3) {
                0 => found.insert(at, *random.choice(&alphabet).unwrap()),
                1 if at < found.len() => {
                    found.remove(at);
                }
                _ if at < found.len() => found[at] = *random.choice(&alphabet).unwrap(),
                _ => {}
            }
        }
        let strict = random.bool();
        let tokens = |text| -> Vec<Vec<u8>> {
            let words = words(text).into_iter();
            words.map(|token| token.to_ascii_lowercase()).collect()
        };
        let model = match strict {
            true => expected == found,
            false => tokens(&expected) == tokens(&found),
        };
        let leniency = Leniency {
            case_sensitive: strict,
            space_change_sensitive: strict,
        };
        let checker = |found| Checker::new(found, Comparison::Tokens(leniency));
        let pieces = &mut |rest: usize| random.usize(1..=rest);
        let verdict = judged_by(checker, &expected, &found, pieces, 3);
        let accepted = matches!(verdict, Verdict::Accepted { .. });
        assert_eq!(
            accepted, model,
            "{expected:?} {found:?} strict {strict}: {verdict:?}"
        );
    }
}
