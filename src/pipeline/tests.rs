//! The pipeline on inputs in memory: lines split across reads, long lines, bad lines, and
//! property tests on arbitrary bytes, each run with the accelerator on and off and held to the
//! same bytes, and to an oracle worked out from the guide's rules (docs/GUIDE.md) without the
//! crate's parser.

use std::borrow::Cow;
use std::io::{self, Read};

use proptest::prelude::*;

use super::*;
use crate::board::Position;
use crate::engine::formula::knight::{ClosedForm, closed_form};
use crate::format::Shape;
use crate::format::grid::GridKind;
use crate::format::number::Naming;
use crate::input::line::MAX_LINE_BYTES;
use crate::input::{LineReader, READ_BUFFER_BYTES, SourceError};
use crate::problem::Problem;
use crate::settings::{EngineChoice, OutputSettings, SearchSettings};
use crate::sink::WriteSink;

/// What one run showed: stdout, stderr, the number of bad lines, and whether the source was
/// refused as UTF-16.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    out: Vec<u8>,
    messages: Vec<u8>,
    invalid_lines: u64,
    refused: bool,
}

impl Shown {
    fn out(&self) -> &str {
        std::str::from_utf8(&self.out).unwrap()
    }

    fn messages(&self) -> &str {
        std::str::from_utf8(&self.messages).unwrap()
    }
}

/// Runs `input`, as one source named "t" handed out by `reader`, through a pipeline with
/// `settings`, once with the accelerator and once without; checks both show the same bytes,
/// and returns what they showed.
fn run_both_ways(settings: AnswerSettings, input: impl Fn() -> Box<dyn Read>) -> Shown {
    let run = |accelerate: bool| {
        let settings = AnswerSettings {
            accelerate,
            ..settings
        };
        let mut pipeline = Pipeline::new(WriteSink::new(Vec::new()), Vec::new(), &settings);
        let refused = match LineReader::new().read("t", input(), &mut pipeline) {
            Ok(()) => false,
            Err(SourceError::Encoding(_)) => true,
            Err(error) => panic!("reading from memory, writing to memory: {error:?}"),
        };
        let invalid_lines = pipeline.invalid_lines();
        let (sink, messages) = pipeline.into_parts();
        let out = sink.into_inner();
        Shown {
            out,
            messages,
            invalid_lines,
            refused,
        }
    };
    let (fast, general) = (run(true), run(false));
    assert_eq!(fast, general, "the accelerator changed the output");
    fast
}

/// [`run_both_ways`] with the judge's settings, on `input` read in one go.
fn judge(input: &[u8]) -> Shown {
    let input = input.to_vec();
    run_both_ways(AnswerSettings::judge(), move || {
        Box::new(io::Cursor::new(input.clone()))
    })
}

/// A reader that hands out its input in reads of the given sizes, in turn, as pipes do.
struct Chunked {
    input: Vec<u8>,
    at: usize,
    sizes: Vec<usize>,
    turn: usize,
}

impl Chunked {
    fn boxed(input: &[u8], sizes: &[usize]) -> Box<dyn Read> {
        Box::new(Chunked {
            input: input.to_vec(),
            at: 0,
            sizes: sizes.to_vec(),
            turn: 0,
        })
    }
}

impl Read for Chunked {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let size = self.sizes[self.turn % self.sizes.len()];
        self.turn += 1;
        let n = size.min(self.input.len() - self.at).min(buffer.len());
        buffer[..n].copy_from_slice(&self.input[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn answers_fast_and_general_lines_alike_and_in_order() {
    let shown = judge(b"e2 e4\n E2\te4 \r\n\na1 h8\r\nb1 c3");
    assert_eq!(
        shown.out(),
        "To get from e2 to e4 takes 2 knight moves.\n\
         To get from E2 to e4 takes 2 knight moves.\n\
         To get from a1 to h8 takes 6 knight moves.\n\
         To get from b1 to c3 takes 1 knight moves.\n"
    );
    assert_eq!((shown.messages(), shown.invalid_lines), ("", 0));
}

#[test]
fn bad_lines_are_numbered_and_the_rest_answered() {
    let shown = judge(b"i9 a1\n\ne2 e4\ne2\n");
    assert_eq!(shown.out(), "To get from e2 to e4 takes 2 knight moves.\n");
    assert_eq!(
        shown.messages(),
        "knight-moves: t:1: square \"i9\" is off the 8x8 board: expected a file a-h and a rank 1-8\n\
         knight-moves: t:4: expected two squares separated by spaces or tabs, found 1: \"e2\"\n"
    );
    assert_eq!(shown.invalid_lines, 2);
}

#[test]
fn lines_split_across_reads_are_answered_whole() {
    let input = b"e2 e4\nbad\n a1  b2 \r\nh8 a1";
    let whole = judge(input);
    for step in 1..8 {
        let split = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(input, &[step]));
        assert_eq!(split, whole, "step {step}");
    }
}

#[test]
fn a_long_line_is_skipped_wherever_the_reads_split_it() {
    let mut input = b"e2 e4\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 * READ_BUFFER_BYTES));
    input.extend_from_slice(b"\na1 h8\n");
    for step in [1000, READ_BUFFER_BYTES] {
        let shown = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&input, &[step]));
        assert_eq!(shown.invalid_lines, 1);
        assert_eq!(
            shown.out(),
            "To get from e2 to e4 takes 2 knight moves.\n\
             To get from a1 to h8 takes 6 knight moves.\n"
        );
        assert_eq!(
            shown.messages(),
            "knight-moves: t:2: line is longer than 4096 bytes; skipped\n"
        );
    }
}

#[test]
fn a_long_last_line_without_newline_is_reported_once() {
    let mut input = b"e2 e4\n".to_vec();
    input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES + 1));
    let shown = judge(&input);
    assert_eq!(shown.out(), "To get from e2 to e4 takes 2 knight moves.\n");
    assert_eq!(
        shown.messages(),
        "knight-moves: t:2: line is longer than 4096 bytes; skipped\n"
    );
    assert_eq!(shown.invalid_lines, 1);
}

/// Settings on `board` with the given engine, shape and route, nothing measured.
fn settings(board: Board, engine: Engine, shape: Shape, path: bool) -> AnswerSettings {
    AnswerSettings {
        problem: Problem::Uva439,
        search: SearchSettings {
            board,
            piece: crate::board::Piece::KNIGHT,
            engine: EngineChoice::Given(engine),
            max_nodes: Some(1_000_000),
        },
        output: OutputSettings {
            shape,
            path,
            draw: None,
            colour: false,
            columns: 80,
        },
        measure: Measure::Nothing,
        accelerate: true,
    }
}

/// NAKANJ's settings with the given shape and route.
fn nakanj(shape: Shape, path: bool) -> AnswerSettings {
    AnswerSettings {
        problem: Problem::Nakanj,
        ..settings(Board::STANDARD, Engine::Table, shape, path)
    }
}

/// NAKANJ's own answers: the bare number, routes named as typed.
const NUMBERS: Shape = Shape::Number(Naming::AsTyped);

/// The settings of a grid problem: CSES's (the corner grid) or KnightL's, with `engine`.
fn grid(kind: GridKind, engine: EngineChoice) -> AnswerSettings {
    let problem = match kind {
        GridKind::Corner => Problem::CsesGrid,
        GridKind::Leapers => Problem::Knightl,
    };
    let answers = settings(Board::STANDARD, Engine::Table, Shape::Grid(kind), false);
    AnswerSettings {
        problem,
        search: SearchSettings {
            engine,
            max_nodes: None,
            ..answers.search
        },
        ..answers
    }
}

/// CSES's grids, whether the accelerator writes them from the closed form or each number is
/// asked of the engine, are the same bytes ([`run_both_ways`] compares them), and up to 40
/// those of BFS; KnightL's, which the accelerator leaves to the engine, are the same whichever
/// engine searches.
#[test]
fn grids_are_the_same_from_the_accelerator_and_from_the_engines() {
    for side in (1..=40).chain([64, 1000]) {
        let input = format!("{side}\n").into_bytes();
        let read = || Box::new(io::Cursor::new(input.clone())) as Box<dyn Read>;
        let fastest = EngineChoice::FastestForEachBoard;
        let grid_by_formula = run_both_ways(grid(GridKind::Corner, fastest), read);
        assert_eq!(grid_by_formula.out().lines().count(), side as usize);
        if side <= 40 {
            let bfs = EngineChoice::Given(Engine::Bfs);
            assert_eq!(
                grid_by_formula,
                run_both_ways(grid(GridKind::Corner, bfs), read),
                "n = {side}"
            );
        }
        if side <= 12 {
            let (bidirectional, astar) = (Engine::Bidirectional, Engine::Astar);
            let leapers = |engine| grid(GridKind::Leapers, EngineChoice::Given(engine));
            assert_eq!(
                run_both_ways(leapers(bidirectional), read),
                run_both_ways(leapers(astar), read),
                "n = {side}"
            );
        }
    }
}

/// Which settings the accelerator takes: a table of settings and the answer expected.
#[test]
fn the_accelerator_takes_exactly_the_settings_it_answers_alike() {
    let standard = Board::STANDARD;
    let big = Board::new(1000, 1000).unwrap();
    let small = Board::new(3, 4).unwrap();
    let cases = [
        (
            settings(standard, Engine::Table, Shape::Sentence, false),
            Some("judge"),
        ),
        (
            settings(standard, Engine::Table, Shape::Sentence, true),
            Some("routes"),
        ),
        (
            settings(standard, Engine::Formula, Shape::Sentence, false),
            Some("formula"),
        ),
        (
            settings(big, Engine::Formula, Shape::Sentence, false),
            Some("formula"),
        ),
        (
            settings(small, Engine::Formula, Shape::Sentence, false),
            None,
        ),
        (settings(big, Engine::Formula, Shape::Sentence, true), None),
        (
            settings(standard, Engine::Table, Shape::Tsv { header: false }, false),
            None,
        ),
        (settings(standard, Engine::Table, Shape::Json, false), None),
        (
            settings(standard, Engine::Bfs, Shape::Sentence, false),
            None,
        ),
        (settings(big, Engine::Astar, Shape::Sentence, false), None),
        (nakanj(NUMBERS, false), Some("numbers")),
        (nakanj(NUMBERS, true), None),
        (nakanj(Shape::Tsv { header: false }, false), None),
        (nakanj(Shape::Number(Naming::Coordinates), false), None),
        (nakanj(Shape::Sentence, false), None),
        (
            grid(GridKind::Corner, EngineChoice::FastestForEachBoard),
            Some("grid"),
        ),
        (
            grid(GridKind::Corner, EngineChoice::Given(Engine::Formula)),
            Some("grid"),
        ),
        (
            grid(GridKind::Corner, EngineChoice::Given(Engine::Bfs)),
            None,
        ),
        (
            grid(
                GridKind::Leapers,
                EngineChoice::Given(Engine::Bidirectional),
            ),
            None,
        ),
    ];
    // A trick left out of the build (scripts/tricks.sh) leaves its settings to the general path.
    let tricks = [
        ("routes", cfg!(feature = "trick-route-table")),
        ("formula", cfg!(feature = "trick-formula-lines")),
        ("numbers", cfg!(feature = "trick-numbers")),
        ("grid", cfg!(feature = "trick-grid")),
    ];
    let built = |name: &&str| tricks.iter().all(|(trick, built)| trick != name || *built);
    for (settings, expected) in cases {
        let expected = expected.filter(built);
        let chosen = Accelerator::for_settings(&settings).map(|accelerator| match accelerator {
            Accelerator::JudgeSentences => "judge",
            Accelerator::JudgeRoutes(_) => "routes",
            Accelerator::FormulaSentences { .. } => "formula",
            Accelerator::JudgeNumbers => "numbers",
            Accelerator::KnightGrid => "grid",
        });
        assert_eq!(chosen, expected, "{settings:?}");
        let switched_off = AnswerSettings {
            accelerate: false,
            ..settings
        };
        assert!(Accelerator::for_settings(&switched_off).is_none());
        for measure in [Measure::Engine, Measure::AllEngines] {
            let measured = AnswerSettings {
                measure,
                ..settings
            };
            assert!(
                Accelerator::for_settings(&measured).is_none(),
                "{measure:?}"
            );
        }
        let drawn = AnswerSettings {
            output: OutputSettings {
                draw: Some(crate::format::DrawKind::Search),
                path: true,
                ..settings.output
            },
            ..settings
        };
        assert!(Accelerator::for_settings(&drawn).is_none());
    }
}

/// UTF-16 `bytes` (after the mark) as UTF-8, by std's decoder, not encoding_rs: each unpaired
/// surrogate becomes U+FFFD, and so does an odd last byte, together with a lead surrogate just
/// before it (one U+FFFD for both, as the Encoding Standard and Python decode).
fn utf8_twin(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Vec<u8> {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|pair| unit([pair[0], pair[1]]))
        .collect();
    let mut text: String = char::decode_utf16(units.iter().copied())
        .map(|decoded| decoded.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    let ends_in_lead_surrogate = units.last().is_some_and(|u| (0xd800..0xdc00).contains(u));
    if bytes.len() % 2 == 1 && !ends_in_lead_surrogate {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text.into_bytes()
}

/// The text of a source by the guide's rules on encodings, worked out apart from the reader:
/// after a UTF-8 byte-order mark, if it has one; after FF FE or FE FF, the text of its UTF-8
/// twin ([`utf8_twin`]), as the same text in UTF-8 would read; `None` when it is refused as
/// UTF-16 without a mark (its first four bytes are two ASCII-like characters each with a NUL
/// after, or each with a NUL before).
fn text_of(input: &[u8]) -> Option<Cow<'_, [u8]>> {
    let decode = |bytes: &[u8], unit: fn([u8; 2]) -> u16| {
        text_of(&utf8_twin(bytes, unit)).map(|text| Cow::Owned(text.into_owned()))
    };
    match input {
        [0xef, 0xbb, 0xbf, text @ ..] => Some(Cow::Borrowed(text)),
        [0xff, 0xfe, text @ ..] => decode(text, u16::from_le_bytes),
        [0xfe, 0xff, text @ ..] => decode(text, u16::from_be_bytes),
        [a, 0, b, 0, ..] | [0, a, 0, b, ..] if *a != 0 && *b != 0 => None,
        _ => Some(Cow::Borrowed(input)),
    }
}

/// The two squares of an answer, as typed.
type TypedPair = (Vec<u8>, Vec<u8>);

/// What the judge's settings should make of `input`, worked out line by line from the rules
/// in docs/GUIDE.md without the crate's parser: (the answers' squares, the number of bad lines).
fn expected_on_8x8(input: &[u8]) -> (Vec<TypedPair>, usize) {
    let mut answers = Vec::new();
    let mut bad = 0;
    let mut lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|last| last.is_empty()) {
        lines.pop(); // the text after the final newline is not a line
    }
    for line in lines {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() > 4096 {
            bad += 1;
            continue;
        }
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

/// Bytes that make near-miss lines likely, mixed with any byte at all.
fn input_bytes() -> impl Strategy<Value = Vec<u8>> {
    let interesting = prop::sample::select(b"abhAH18 09iz \t\t  \r\n\n\n\0\xff\xc3".to_vec());
    let byte = prop_oneof![4 => interesting, 1 => any::<u8>()];
    prop::collection::vec(byte, 0..400)
}

/// Any bytes through the judge's settings (with and without routes), read in `sizes`.
fn check_on_8x8(input: &[u8], sizes: &[usize]) -> Result<(), TestCaseError> {
    let plain = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(input, sizes));
    let Some(text) = text_of(input) else {
        prop_assert!(plain.refused, "refused as UTF-16");
        prop_assert!(plain.out.is_empty() && plain.messages.is_empty());
        return Ok(());
    };
    prop_assert!(!plain.refused);
    let (answers, bad) = expected_on_8x8(&text);
    let answered: Vec<&[u8]> = plain.out.split_inclusive(|&b| b == b'\n').collect();
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
    prop_assert_eq!(plain.invalid_lines as usize, bad);
    let message_lines = plain.messages().lines().count();
    prop_assert_eq!(message_lines, bad, "one message per bad line");
    let routes = settings(Board::STANDARD, Engine::Table, Shape::Sentence, true);
    let routed = run_both_ways(routes, || Chunked::boxed(input, sizes));
    prop_assert_eq!(routed.messages, plain.messages);
    Ok(())
}

/// Text from Windows: a UTF-8 byte-order mark before the first line is skipped, and UTF-16
/// after its mark is answered like the same text in UTF-8, however the reads split it (the mark
/// itself, a character, a surrogate pair); UTF-16 without a mark is refused once, whole.
#[test]
fn a_byte_order_mark_is_skipped_utf16_decoded_and_unmarked_utf16_refused() {
    let marked = b"\xef\xbb\xbfe2 e4\r\nA1 h8\r\n";
    for step in 1..6 {
        let shown = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(marked, &[step]));
        assert_eq!(
            shown.out(),
            "To get from e2 to e4 takes 2 knight moves.\nTo get from A1 to h8 takes 6 knight moves.\n",
            "step {step}"
        );
        assert!(!shown.refused && shown.messages.is_empty());
    }
    let text = "e2 e4\r\n\u{1F40E} a1\nA1 h8\r\ne2 e4";
    let as_utf8 = judge(text.as_bytes());
    assert_eq!(as_utf8.invalid_lines, 1, "the horse is not a square");
    let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    for with_mark in [
        [&b"\xff\xfe"[..], &little].concat(),
        [&b"\xfe\xff"[..], &big].concat(),
    ] {
        for step in [1, 2, 3, 5, 100] {
            let shown = run_both_ways(AnswerSettings::judge(), || {
                Chunked::boxed(&with_mark, &[step])
            });
            assert_eq!(shown, as_utf8, "step {step}");
        }
    }
    for unmarked in [&little, &big] {
        for step in [1, 3, 100] {
            let shown = run_both_ways(AnswerSettings::judge(), || {
                Chunked::boxed(unmarked, &[step])
            });
            assert!(shown.refused, "{unmarked:?}");
            assert_eq!((shown.out(), shown.invalid_lines), ("", 0));
        }
    }
    // A short first line is answered at once, not held back to tell its encoding.
    let shown = judge(b"a1\n");
    assert_eq!(shown.invalid_lines, 1);
}

/// UTF-16 code units that make a text's start interesting once decoded: a second mark, NULs,
/// the ASCII of queries and line ends, unpaired surrogates, and any other unit.
fn utf16_units() -> impl Strategy<Value = Vec<u16>> {
    let units: Vec<u16> = "abh18 09\t\r\n\0\u{feff}"
        .encode_utf16()
        .chain([0xd800, 0xdc00])
        .collect();
    let unit = prop_oneof![4 => prop::sample::select(units), 1 => any::<u16>()];
    prop::collection::vec(unit, 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// UTF-16 after its mark reads exactly as its UTF-8 twin, from its first character (a
    /// second mark, NULs that make it look like unmarked UTF-16) to an odd last byte, however
    /// the reads split either.
    #[test]
    fn utf16_with_a_mark_reads_as_its_utf8_twin(
        units in utf16_units(),
        big_endian in any::<bool>(),
        odd_byte in prop::option::of(any::<u8>()),
        sizes in prop::collection::vec(1usize..64, 1..4),
    ) {
        let mark: &[u8] = if big_endian { b"\xfe\xff" } else { b"\xff\xfe" };
        let unit: fn([u8; 2]) -> u16 = if big_endian { u16::from_be_bytes } else { u16::from_le_bytes };
        let bytes = |u: u16| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() };
        let text: Vec<u8> = units.iter().flat_map(|&u| bytes(u)).chain(odd_byte).collect();
        let twin = utf8_twin(&text, unit);
        let input = [mark, &text].concat();
        let as_utf16 = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&input, &sizes));
        if input.starts_with(b"\xff\xfe\x00\x00") {
            // UTF-32's little-endian mark: refused as UTF-32, which it is far likelier to be
            // than UTF-16 that starts with the character NUL.
            prop_assert!(as_utf16.refused);
            prop_assert_eq!((as_utf16.out(), as_utf16.invalid_lines), ("", 0));
            return Ok(());
        }
        let as_utf8 = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&twin, &sizes));
        prop_assert_eq!(as_utf16, as_utf8);
    }
}

/// A reader that hands out one part a read, an empty part being an end of input with more after
/// it, as a terminal gives after Ctrl-D.
struct Parts(std::collections::VecDeque<Vec<u8>>);

impl Read for Parts {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let part = self.0.pop_front().unwrap_or_default();
        buffer[..part.len()].copy_from_slice(&part);
        Ok(part.len())
    }
}

/// A source ends at its first end of input, UTF-16 as UTF-8: what comes after (typed after
/// Ctrl-D at a terminal) is not read as more of it, and no second Ctrl-D is waited for.
#[test]
fn nothing_is_read_after_the_end_of_a_source() {
    let little =
        |text: &str| -> Vec<u8> { text.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    let big = |text: &str| -> Vec<u8> { text.encode_utf16().flat_map(u16::to_be_bytes).collect() };
    for (first, after) in [
        (b"e2 e4\n".to_vec(), b"a1 h8\n".to_vec()),
        (
            [&b"\xff\xfe"[..], &little("e2 e4\n")].concat(),
            little("a1 h8\n"),
        ),
        ([&b"\xfe\xff"[..], &big("e2 e4\n")].concat(), big("a1 h8\n")),
    ] {
        let shown = run_both_ways(AnswerSettings::judge(), || {
            Box::new(Parts([first.clone(), Vec::new(), after.clone()].into()))
        });
        assert_eq!(
            shown.out(),
            "To get from e2 to e4 takes 2 knight moves.\n",
            "{first:?}"
        );
    }
}

/// Exactly 4096 bytes before the line end is within the limit with LF and with CRLF alike,
/// however the reads split the line; one more byte is not.
#[test]
fn the_length_limit_does_not_count_the_line_end() {
    for (length, end, bad) in [
        (4096, &b"\n"[..], 0),
        (4096, b"\r\n", 0),
        (4097, b"\n", 1),
        (4097, b"\r\n", 1),
    ] {
        let mut line = b"e2".to_vec();
        line.resize(length - 2, b' ');
        line.extend_from_slice(b"e4");
        line.extend_from_slice(end);
        for sizes in [&[4097][..], &[4096], &[4098], &[2], &[65536]] {
            let shown = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&line, sizes));
            assert_eq!(
                shown.invalid_lines, bad,
                "{length} {end:?} read in {sizes:?}"
            );
            assert_eq!(shown.out.is_empty(), bad == 1);
        }
    }
}

/// The limit counts a UTF-16 line's bytes once decoded to UTF-8, which its UTF-16 bytes are
/// not: a line of 4096 bytes in UTF-8 passes and one of 4097 does not, with LF or CRLF, made of
/// characters that take more bytes in UTF-16 (ASCII), as many (a horse, four) or fewer (a euro
/// sign, three in UTF-8 and two in UTF-16).
#[test]
fn the_length_limit_counts_decoded_utf16_as_utf8() {
    for filler in [' ', '\u{1F40E}', '€'] {
        for length in [4096, 4097] {
            for end in ["\n", "\r\n"] {
                let mut line = String::from("e2 ");
                while line.len() + filler.len_utf8() + 3 <= length {
                    line.push(filler);
                }
                line.push_str(&" ".repeat(length - 3 - line.len()));
                line.push_str(" e4");
                assert_eq!(line.len(), length);
                let text = format!("a1 b3\n{line}{end}h8 a1{end}{line}");
                let as_utf8 = judge(text.as_bytes());
                let too_long = as_utf8.messages().matches("longer than 4096 bytes").count();
                assert_eq!(too_long, if length == 4096 { 0 } else { 2 });
                let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
                let input = [&b"\xff\xfe"[..], &little].concat();
                for sizes in [&[1][..], &[3, 8191], &[8192], &[READ_BUFFER_BYTES]] {
                    let shown =
                        run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&input, sizes));
                    assert_eq!(shown, as_utf8, "{filler:?} {length} {end:?} {sizes:?}");
                }
            }
        }
    }
}

/// A case proptest once found: a line one byte over the limit, read two bytes at a time.
#[test]
fn a_line_one_byte_over_the_limit_read_in_small_pieces() {
    let mut line = b"e2".to_vec();
    line.resize(4097 - 2, b' ');
    line.extend_from_slice(b"e4\n");
    check_on_8x8(&line, &[2]).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_bytes_get_one_answer_per_valid_line(
        input in input_bytes(),
        sizes in prop::collection::vec(1usize..64, 1..4),
    ) {
        check_on_8x8(&input, &sizes)?;
    }

    #[test]
    fn long_lines_around_the_limit_are_counted_once(
        lines in prop::collection::vec((4090usize..4100, any::<bool>()), 1..4),
        sizes in prop::collection::vec(1usize..9000, 1..3),
    ) {
        let mut input = Vec::new();
        for (length, crlf) in lines {
            let mut line = b"e2".to_vec();
            line.resize(length - 2, b' ');
            line.extend_from_slice(b"e4");
            line.extend_from_slice(if crlf { b"\r\n" } else { b"\n" });
            input.extend_from_slice(&line);
        }
        check_on_8x8(&input, &sizes)?;
    }
}

/// The square `token` names on `board`, by the guide's rules, worked out without the crate's
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
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On other boards the default answers come from the accelerator's 8-byte-word reader and
    /// fixed-size writer when the read holds enough bytes, and from the general path when not:
    /// either way, every valid line gets exactly its sentence, and every other non-blank line
    /// one message.
    #[test]
    fn any_bytes_on_other_boards_get_their_exact_answers(
        input in board_lines(),
        sizes in prop::collection::vec(1usize..400, 1..4),
        board in prop::sample::select(vec![(1_000_000, 1_000_000), (1_000_000_000, 1_000_000_000), (30, 1000), (2, 50_000)]),
    ) {
        let board = Board::new(board.0, board.1).unwrap();
        let formula = settings(board, Engine::Formula, Shape::Sentence, false);
        let shown = run_both_ways(formula, || Chunked::boxed(&input, &sizes));
        let Some(text) = text_of(&input) else {
            prop_assert!(shown.refused, "refused as UTF-16");
            return Ok(());
        };
        let mut expected = Vec::new();
        let mut bad = 0;
        for line in text.split_inclusive(|&b| b == b'\n') {
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
                        let moves = match closed_form(board, from_square, to_square) {
                            ClosedForm::Moves(moves) => Some(moves),
                            ClosedForm::NoRoute => None,
                            ClosedForm::NotCovered => panic!("no search on these boards"),
                        };
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
        prop_assert_eq!(shown.invalid_lines as usize, bad);
        prop_assert_eq!(String::from_utf8_lossy(&shown.out), String::from_utf8_lossy(&expected));
    }
}

/// The moves in each answer of the judge's sentences, in order.
fn moves_in_sentences(out: &[u8]) -> Vec<u8> {
    out.split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| line[27])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Whatever bytes follow a valid count line, NAKANJ's answers are the judge's distances for
    /// exactly the lines UVa 439 would answer, in order, with the accelerator on and off (the
    /// count may be right, short or long), and every message names a line.
    #[test]
    fn nakanj_answers_every_well_formed_query_after_a_count(
        input in input_bytes(),
        sizes in prop::collection::vec(1usize..64, 1..4),
        count in 0u64..20,
    ) {
        prop_assume!(text_of(&input).is_some_and(|text| text.len() == input.len()));
        let mut counted = format!("{count}\n").into_bytes();
        counted.extend_from_slice(&input);
        let numbers = run_both_ways(nakanj(NUMBERS, false), || Chunked::boxed(&counted, &sizes));
        let sentences = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&input, &sizes));
        let expected: Vec<u8> = moves_in_sentences(&sentences.out)
            .into_iter()
            .flat_map(|digit| [digit, b'\n'])
            .collect();
        prop_assert_eq!(&numbers.out, &expected);
        prop_assert!(numbers.invalid_lines >= sentences.invalid_lines);
        prop_assert!(numbers.invalid_lines <= sentences.invalid_lines + 1, "one count message at most");
        for message in numbers.messages().lines() {
            prop_assert!(message.starts_with("knight-moves: t:"), "{}", message);
        }
    }
}

/// Lines that are mostly queries of 8×8, in the judge's shape or messier, with blank and bad
/// lines among them: what the accelerator takes in runs, and what it leaves to the general path.
fn query_lines() -> impl Strategy<Value = Vec<u8>> {
    let square = (0u8..8, 0u8..8).prop_map(|(file, rank)| vec![b'a' + file, b'1' + rank]);
    let line = prop_oneof![
        8 => (square.clone(), square.clone()).prop_map(|(from, to)| [from, b" ".to_vec(), to, b"\n".to_vec()].concat()),
        2 => (square.clone(), square).prop_map(|(from, to)| [b" ".to_vec(), from, b"\t ".to_vec(), to, b"\r\n".to_vec()].concat()),
        1 => Just(b"\n".to_vec()),
        1 => Just(b"i9 a1\n".to_vec()),
    ];
    prop::collection::vec(line, 0..60).prop_map(|lines| lines.concat())
}

/// The verdict of the pipeline with the checker as its sink, on `input` (read in `sizes`)
/// against `found`, with the accelerator on or off.
fn checked(settings: AnswerSettings, input: &[u8], sizes: &[usize], found: &[u8]) -> String {
    let checker = crate::sink::check::Checker::new(
        Box::new(io::Cursor::new(found.to_vec())),
        settings.problem.comparison(),
    );
    let mut pipeline = Pipeline::new(checker, Vec::new(), &settings);
    match LineReader::new().read("t", Chunked::boxed(input, sizes), &mut pipeline) {
        Ok(()) | Err(SourceError::Encoding(_)) => {}
        Err(error) => panic!("reading from memory: {error:?}"),
    }
    let (checker, _) = pipeline.into_parts();
    checker.finish().unwrap().describe("a.out")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Judging is the pipeline with another sink: for any input and the right answers with
    /// any edits, the verdict is the same with the accelerator on and off, and a file of the
    /// exact answers the pipeline writes is accepted.
    #[test]
    fn checking_is_answering_into_another_sink(
        input in query_lines(),
        sizes in prop::collection::vec(1usize..64, 1..4),
        edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(b" \r\n5x".to_vec())), 0..3),
        nakanj_count in prop::option::of(0u64..5),
    ) {
        let (settings, input) = match nakanj_count {
            None => (AnswerSettings::judge(), input),
            Some(count) => {
                let mut counted = format!("{count}\n").into_bytes();
                counted.extend_from_slice(&input);
                (AnswerSettings { problem: Problem::Nakanj, ..AnswerSettings::judge() }, counted)
            }
        };
        let written = run_both_ways(settings, || Chunked::boxed(&input, &sizes)).out;
        let accepted = checked(settings, &input, &sizes, &written);
        prop_assert!(accepted.starts_with("Accepted ("), "{}", accepted);
        let mut found = written.clone();
        for (index, byte) in edits {
            let at = index.index(found.len() + 1);
            found.insert(at, byte);
        }
        let fast = checked(settings, &input, &sizes, &found);
        let general = checked(AnswerSettings { accelerate: false, ..settings }, &input, &sizes, &found);
        prop_assert_eq!(fast, general);
    }
}

/// The formula's give-up for memory suggests leaving out `--path` only where a route was asked
/// for: without one, what ran out of memory was a search, which a lower limit bounds.
#[test]
fn running_out_of_memory_suggests_leaving_out_the_route_only_where_one_was_asked() {
    for (route_asked, hint) in [
        (true, "leave out --path, or lower --max-nodes"),
        (false, "lower --max-nodes"),
    ] {
        let message = GaveUpMessage {
            gave_up: GaveUp::OutOfMemory { expanded: 7 },
            engine: Engine::Formula,
            knight: false,
            route_asked,
        }
        .to_string();
        assert!(message.ends_with(&format!("; {hint}")), "{message}");
    }
}

/// Runs of lines of the judge's own shape, long enough for the accelerator's batches of eight,
/// any pair in either case, with a few bytes changed anywhere (so that a batch is refused at
/// every place in it, by any byte and by the bytes just outside each range).
fn judge_runs() -> impl Strategy<Value = Vec<u8>> {
    let line = (0u8..8, 0u8..8, 0u8..8, 0u8..8, any::<bool>(), any::<bool>()).prop_map(
        |(file, rank, to_file, to_rank, upper, to_upper)| {
            let case = |upper: bool| if upper { 0 } else { 0x20 };
            vec![
                (b'A' + file) | case(upper),
                b'1' + rank,
                b' ',
                (b'A' + to_file) | case(to_upper),
                b'1' + to_rank,
                b'\n',
            ]
        },
    );
    let change = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"@`iI09 \t\r\n\x80".to_vec()),
    ];
    (
        prop::collection::vec(line, 0..120),
        prop::collection::vec((any::<prop::sample::Index>(), change), 0..4),
    )
        .prop_map(|(lines, changes)| {
            let mut input = lines.concat();
            for (at, byte) in changes {
                if !input.is_empty() {
                    let at = at.index(input.len());
                    input[at] = byte;
                }
            }
            input
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Runs of judge lines, near misses among them, read in pieces of any size: the judge's
    /// sentences, with and without routes, are the general path's and the rules' (see
    /// [`check_on_8x8`]); NAKANJ's numbers, after a count that may end the queries inside a
    /// batch, are the general path's too.
    #[test]
    fn runs_of_judge_lines_are_answered_alike_in_batches_and_one_by_one(
        input in judge_runs(),
        sizes in prop::collection::vec(1usize..400, 1..4),
        count in 0u64..150,
    ) {
        check_on_8x8(&input, &sizes)?;
        let mut counted = format!("{count}\n").into_bytes();
        counted.extend_from_slice(&input);
        run_both_ways(nakanj(NUMBERS, false), || Chunked::boxed(&counted, &sizes));
    }
}

/// Messy lines as `benches/generate.c messy` lays them out (a blank before, a run of spaces or
/// tabs between, either case, CRLF), with now and then a line too long for a block, a blank
/// line or a few bytes changed: what the accelerator's block reader takes, and its edges.
fn messy_lines() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        20 => "( ?)[a-hA-H][1-8]( {1,4}|\t{1,4})[a-hA-H][1-8](\r?)\n",
        1 => "[a-h][1-8] {40,70}[a-h][1-8]\n",
        1 => Just("\n".to_string()),
    ];
    let change = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"@`iI09 \t\r\n\x80".to_vec()),
    ];
    (
        prop::collection::vec(line, 0..80),
        prop::collection::vec((any::<prop::sample::Index>(), change), 0..3),
    )
        .prop_map(|(lines, changes)| {
            let mut input = lines.concat().into_bytes();
            for (at, byte) in changes {
                if !input.is_empty() {
                    let at = at.index(input.len());
                    input[at] = byte;
                }
            }
            input
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Messy lines read in pieces of any size, so that blocks end anywhere in a line: the
    /// judge's sentences, with and without routes, and NAKANJ's numbers after a count, are the
    /// general path's and the rules' (see [`check_on_8x8`]).
    #[test]
    fn messy_lines_are_answered_alike_in_blocks_and_one_by_one(
        input in messy_lines(),
        sizes in prop::collection::vec(1usize..400, 1..4),
        count in 0u64..100,
    ) {
        check_on_8x8(&input, &sizes)?;
        let mut counted = format!("{count}\n").into_bytes();
        counted.extend_from_slice(&input);
        run_both_ways(nakanj(NUMBERS, false), || Chunked::boxed(&counted, &sizes));
    }
}

/// NAKANJ counts that end anywhere in a messy line's block and in the block of judge lines
/// after it, in reads of several
/// sizes: answered alike, the messages about the count too.
#[test]
fn counts_ending_within_a_block_of_judge_lines_are_answered_alike() {
    for count in 0..=24 {
        let mut input = format!("{count}\n c3 d4\n").into_bytes();
        for _ in 0..30 {
            input.extend_from_slice(b"a1 b2\n");
        }
        for sizes in [&[usize::MAX][..], &[7], &[61, 3]] {
            let shown = run_both_ways(nakanj(NUMBERS, false), || Chunked::boxed(&input, sizes));
            // Every query line is answered, those past the count too (with a message).
            assert_eq!(shown.out().lines().count(), 31);
        }
    }
}

/// Every pair of squares, in lower and upper case and laid out messily, in one file read
/// whole and in reads that split it at every offset of a batch: answered alike by the batches,
/// the blocks and the general path.
#[test]
fn every_pair_is_answered_alike_in_batches_and_by_the_general_path() {
    let mut input = Vec::new();
    let blanks = [" ", "\t", "  \t", "                 "];
    let pairs = crate::standard::Square::all()
        .flat_map(|from| crate::standard::Square::all().map(move |to| (from, to)));
    for (index, (from, to)) in pairs.enumerate() {
        input.extend_from_slice(format!("{from} {to}\n").as_bytes());
        input.extend_from_slice(format!("{} {to}\n", from.to_string().to_uppercase()).as_bytes());
        // Six to twenty-four bytes, in an order that changes from pair to pair: lines that
        // end at every place in a block.
        let (before, between) = (" ".repeat(index % 2), blanks[index / 2 % 4]);
        let end = ["\n", "\r\n"][index / 3 % 2];
        input.extend_from_slice(format!("{before}{from}{between}{to}{end}").as_bytes());
    }
    let routes = settings(Board::STANDARD, Engine::Table, Shape::Sentence, true);
    for sizes in [&[usize::MAX][..], &[7], &[48, 5], &[50, 1, 300]] {
        let plain = run_both_ways(AnswerSettings::judge(), || Chunked::boxed(&input, sizes));
        assert_eq!(plain.out().lines().count(), 3 * 64 * 64);
        assert_eq!(plain.invalid_lines, 0);
        run_both_ways(routes, || Chunked::boxed(&input, sizes));
        let mut counted = b"12288\n".to_vec();
        counted.extend_from_slice(&input);
        run_both_ways(nakanj(NUMBERS, false), || Chunked::boxed(&counted, sizes));
    }
}
