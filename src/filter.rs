//! The streaming filter: reads input in large chunks, answers every complete line in a chunk,
//! and writes the chunk's answers at once.
//!
//! Memory stays bounded whatever the input: one read buffer, the answers of one chunk, and at
//! most [`MAX_LINE_BYTES`] of an unfinished line carried into the next read. A longer line is
//! reported as soon as it is seen and skipped up to its newline without being kept.
//!
//! Answers are written after every read, not after every line: a program that writes one query
//! and waits gets its answer at once (a read from a pipe returns what is there), while a big file
//! is read in big chunks and answered in big writes.

use std::fmt::Display;
use std::io::{self, Read, Write};

use memchr::memchr;

use crate::answer::Answerer;
use crate::board::{Board, Position};
use crate::engine::GaveUp;
use crate::line::{LineError, MAX_LINE_BYTES, Query, parse_line};
use crate::measure::Measurements;
use crate::square::Square;

/// How much is read at once. Large enough that system calls cost little per line; small enough
/// that one chunk's answers (about seven times the input) stay around a megabyte.
const READ_BUFFER_BYTES: usize = 128 * 1024;

/// Why filtering one source stopped early.
#[derive(Debug)]
pub enum FilterError {
    /// The input could not be read: report it and go on with the next source.
    Read(io::Error),
    /// The answers could not be written: nothing more can be done (a closed pipe, a full disk).
    Write(io::Error),
}

/// Answers queries from any number of sources, in order, onto one output.
pub struct Filter<W: Write, M: Write> {
    input: Vec<u8>,
    sink: Sink<W, M>,
}

impl<W: Write, M: Write> Filter<W, M> {
    /// A filter reading squares of `board`, answering with `answerer`, writing answers to `out`
    /// and one message per bad line to `messages` (stderr).
    pub fn new(out: W, messages: M, board: Board, answerer: Answerer) -> Self {
        Filter {
            input: vec![0; READ_BUFFER_BYTES],
            sink: Sink {
                out,
                messages,
                board,
                is_standard_board: board.is_standard(),
                pending: answerer.preamble(),
                answerer,
                invalid_lines: 0,
            },
        }
    }

    /// Answers every line of one source, named `source` in messages (a file name or `<stdin>`).
    ///
    /// A final line without a newline is answered too. Lines are numbered from 1 in each source.
    pub fn filter(&mut self, source: &str, mut reader: impl Read) -> Result<(), FilterError> {
        let Filter { input, sink } = self;
        // Lines finished so far; the line being read is `finished_lines + 1`.
        let mut finished_lines = 0u64;
        // Bytes of an unfinished line kept at the start of `input` for the next read.
        let mut carried = 0;
        // Inside a line already reported as too long: drop bytes until its newline.
        let mut skipping_long_line = false;
        loop {
            let read =
                read_retrying(&mut reader, &mut input[carried..]).map_err(FilterError::Read)?;
            if read == 0 {
                break;
            }
            let end = carried + read;
            let mut start = 0;
            if skipping_long_line {
                let Some(newline) = memchr(b'\n', &input[..end]) else {
                    continue;
                };
                start = newline + 1;
                finished_lines += 1;
                skipping_long_line = false;
            }
            let answered = sink
                .answer_lines(source, &input[start..end], &mut finished_lines)
                .map_err(FilterError::Write)?;
            let unfinished = start + answered..end;
            if unfinished.len() > MAX_LINE_BYTES {
                sink.report(source, finished_lines + 1, &LineError::TooLong)
                    .map_err(FilterError::Write)?;
                skipping_long_line = true;
                carried = 0;
            } else {
                carried = unfinished.len();
                input.copy_within(unfinished, 0);
            }
            sink.flush().map_err(FilterError::Write)?;
            sink.measure(source);
        }
        if carried > 0 {
            sink.answer_line(source, finished_lines + 1, &input[..carried])
                .map_err(FilterError::Write)?;
        }
        sink.flush().map_err(FilterError::Write)?;
        sink.measure(source);
        Ok(())
    }

    /// Reports, after every answer so far, a problem with a whole source (one that cannot be
    /// opened or read). Writes nothing to the output; a failure to write the answers is returned.
    pub fn report_source_error(&mut self, source: &str, error: &dyn Display) -> io::Result<()> {
        self.sink.flush()?;
        self.sink.write_message(format_args!("{source}: {error}"));
        Ok(())
    }

    /// The engines' figures so far, when the answerer measures them (`--stats`, `--compare`).
    pub fn measurements(&self) -> Option<&Measurements> {
        self.sink.answerer.measurements()
    }

    /// How many lines were reported as bad so far.
    pub fn invalid_lines(&self) -> u64 {
        self.sink.invalid_lines
    }

    /// The output and the message writer, for tests that filter into memory.
    pub fn into_writers(self) -> (W, M) {
        (self.sink.out, self.sink.messages)
    }
}

/// The writing side of the filter: the answers of the chunk being read, and where they go.
struct Sink<W: Write, M: Write> {
    out: W,
    messages: M,
    board: Board,
    is_standard_board: bool,
    answerer: Answerer,
    /// Answers not yet written to `out`.
    pending: Vec<u8>,
    invalid_lines: u64,
}

impl<W: Write, M: Write> Sink<W, M> {
    /// Answers every complete line in `bytes`, counting them in `finished_lines`, and returns
    /// how many bytes that consumed: the rest is an unfinished line.
    ///
    /// This is the hot path. Nearly every line of a judge file is a well-formed query, so each line
    /// is first read by [`scan_query_line`] in one pass with no search for its end; only a line
    /// it does not take (a blank or bad line) is cut at its newline and given to the general
    /// parser, which reports it.
    ///
    /// The loop is compiled twice: once for the default options, calling the plain answer
    /// directly, and once for any other options. Choosing once a chunk, not once a line, keeps
    /// the judge's case as fast as it was before there were options (13% fewer instructions,
    /// counted with callgrind).
    fn answer_lines(
        &mut self,
        source: &str,
        bytes: &[u8],
        finished_lines: &mut u64,
    ) -> io::Result<usize> {
        if self.answerer.is_plain() {
            self.answer_lines_as::<true>(source, bytes, finished_lines)
        } else {
            self.answer_lines_as::<false>(source, bytes, finished_lines)
        }
    }

    /// [`Sink::answer_lines`] for plain answers (`PLAIN`) or for any options.
    fn answer_lines_as<const PLAIN: bool>(
        &mut self,
        source: &str,
        bytes: &[u8],
        finished_lines: &mut u64,
    ) -> io::Result<usize> {
        // The shortest line that gets an answer, "a1 b2\n", is six bytes and gets 43.
        self.pending.reserve(bytes.len() / 6 * 43);
        let mut position = 0;
        loop {
            let rest = &bytes[position..];
            // The shortcuts read 8×8 squares only; the plain answerer is used on 8×8 only.
            let shortcut = if PLAIN || self.is_standard_board {
                exact_query_line(rest).or_else(|| scan_query_line(rest))
            } else {
                None
            };
            if let Some(line) = shortcut {
                *finished_lines += 1;
                if PLAIN {
                    Answerer::answer_plain(&mut self.pending, line.squares, line.texts);
                } else if !(self.answerer).answer_squares(
                    &mut self.pending,
                    line.squares,
                    line.texts,
                ) {
                    self.answer(source, *finished_lines, &line.query(rest))?;
                }
                position += line.length;
                continue;
            }
            if !PLAIN && !self.is_standard_board {
                if let Some((query, length)) = scan_board_line(rest, self.board) {
                    *finished_lines += 1;
                    self.answer(source, *finished_lines, &query)?;
                    position += length;
                    continue;
                }
            }
            let Some(length) = memchr(b'\n', rest) else {
                return Ok(position);
            };
            *finished_lines += 1;
            self.answer_line(source, *finished_lines, &rest[..length])?;
            position += length + 1;
        }
    }

    /// Answers or reports one line (without its newline) through the general parser.
    fn answer_line(&mut self, source: &str, line_number: u64, line: &[u8]) -> io::Result<()> {
        match parse_line(line, self.board) {
            Ok(Some(query)) => self.answer(source, line_number, &query),
            Ok(None) => Ok(()),
            Err(error) => self.report(source, line_number, &error),
        }
    }

    /// Answers one query, or reports that its search gave up.
    #[inline]
    fn answer(&mut self, source: &str, line_number: u64, query: &Query) -> io::Result<()> {
        match (self.answerer).answer(&mut self.pending, query, source, line_number) {
            Ok(()) => Ok(()),
            Err(GaveUp { max_nodes }) => {
                self.report(source, line_number, &LineError::GaveUp { max_nodes })
            }
        }
    }

    /// Measures the engines on the queries answered since the last call, if they are measured,
    /// and reports each query on which they disagree.
    fn measure(&mut self, source: &str) {
        let Some(measurements) = self.answerer.measurements_mut() else {
            return;
        };
        for disagreement in measurements.measure_batch() {
            let line_number = disagreement.line_number;
            let description = disagreement.describe();
            self.write_message(format_args!("{source}:{line_number}: {description}"));
        }
    }

    /// Reports a bad line. The answers before it are written first, so that on a terminal, where
    /// stdout and stderr mix, the message appears where the line would have been answered.
    fn report(&mut self, source: &str, line_number: u64, error: &LineError) -> io::Result<()> {
        self.invalid_lines += 1;
        self.flush()?;
        self.write_message(format_args!("{source}:{line_number}: {error}"));
        Ok(())
    }

    /// Writes one message line, prefixed with the program's name, in a single write so that
    /// messages from several programs sharing a terminal do not interleave mid-line.
    ///
    /// A failure to write a message is ignored: there is nowhere left to report it, and the
    /// answers on stdout matter more.
    fn write_message(&mut self, message: std::fmt::Arguments<'_>) {
        let line = format!("knight-moves: {message}\n");
        let _ = self.messages.write_all(line.as_bytes());
        let _ = self.messages.flush();
    }

    /// Writes the pending answers and flushes them, so a waiting reader sees them now.
    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            self.out.write_all(&self.pending)?;
            self.pending.clear();
        }
        self.out.flush()
    }
}

/// A query line read by a shortcut: its squares, where their texts start in the line, and
/// the line's length with its newline. The texts are two bytes each on 8×8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ShortcutLine {
    squares: (Square, Square),
    /// The squares as typed.
    texts: ([u8; 2], [u8; 2]),
    text_starts: (usize, usize),
    length: usize,
}

impl ShortcutLine {
    /// The line as a query, for answerers other than the plain one.
    fn query<'a>(&self, bytes: &'a [u8]) -> Query<'a> {
        let (from, to) = self.text_starts;
        Query {
            from: self.squares.0.position(),
            to: self.squares.1.position(),
            from_text: &bytes[from..from + 2],
            to_text: &bytes[to..to + 2],
        }
    }
}

/// Reads an 8×8 query line of the judge's exact shape, `xx yy\n`, from the start of `bytes`:
/// six bytes checked in place, with no loop. Judge input is nearly all such lines, and this
/// shortcut nearly halves the time to read them compared with [`scan_query_line`] alone
/// (measured with `../shared/bench/throughput.sh`: ratio 1.2 with it, 1.7 without).
#[inline(always)]
fn exact_query_line(bytes: &[u8]) -> Option<ShortcutLine> {
    let [from_file, from_rank, b' ', to_file, to_rank, b'\n', ..] = *bytes else {
        return None;
    };
    Some(ShortcutLine {
        squares: (
            Square::from_bytes(from_file, from_rank)?,
            Square::from_bytes(to_file, to_rank)?,
        ),
        texts: ([from_file, from_rank], [to_file, to_rank]),
        text_starts: (0, 3),
        length: 6,
    })
}

/// Reads a well-formed 8×8 query line from the start of `bytes`, newline included, in one pass:
/// blanks, a square, blanks, a square, blanks, an optional carriage return, the newline.
/// Returns `None` for any other line, which the general parser then reads: this function is only
/// a shortcut and never decides that a line is bad.
///
/// It accepts exactly the query lines [`parse_line`] accepts on 8×8 (a unit test and a property
/// test hold it to that). Blanks are spaces and tabs, so no scan runs past the newline.
#[inline(always)]
fn scan_query_line(bytes: &[u8]) -> Option<ShortcutLine> {
    let skip_blanks = |mut at: usize| {
        while let Some(b' ' | b'\t') = bytes.get(at) {
            at += 1;
        }
        at
    };
    let square_at = |at: usize| match bytes.get(at..at + 2) {
        Some(&[file, rank]) => Square::from_bytes(file, rank).map(|sq| (sq, [file, rank])),
        _ => None,
    };
    let start = skip_blanks(0);
    let (from, from_text) = square_at(start)?;
    let second = skip_blanks(start + 2);
    if second == start + 2 {
        return None;
    }
    let (to, to_text) = square_at(second)?;
    let mut end = skip_blanks(second + 2);
    if bytes.get(end) == Some(&b'\r') {
        end += 1;
    }
    // A line over the limit is bad even when well formed: leave it to the general parser.
    if bytes.get(end) != Some(&b'\n') || end > MAX_LINE_BYTES {
        return None;
    }
    Some(ShortcutLine {
        squares: (from, to),
        texts: (from_text, to_text),
        text_starts: (start, second),
        length: end + 1,
    })
}

/// Reads a well-formed query line on any board from the start of `bytes`, newline included, in
/// one pass, as [`scan_query_line`] does on 8×8: the shortcut for boards of other sizes, whose
/// squares are longer. `None` for anything else, which the general parser then reads and, if it
/// is bad, reports: this function never decides that a line is bad, and it accepts exactly the
/// lines [`parse_line`] accepts (a property test holds it to that).
#[inline(always)]
fn scan_board_line(bytes: &[u8], board: Board) -> Option<(Query<'_>, usize)> {
    let skip_blanks = |mut at: usize| {
        while let Some(b' ' | b'\t') = bytes.get(at) {
            at += 1;
        }
        at
    };
    let start = skip_blanks(0);
    let (from, from_end) = scan_square(bytes, start, board)?;
    let second = skip_blanks(from_end);
    if second == from_end {
        return None;
    }
    let (to, to_end) = scan_square(bytes, second, board)?;
    let mut end = skip_blanks(to_end);
    if bytes.get(end) == Some(&b'\r') {
        end += 1;
    }
    if bytes.get(end) != Some(&b'\n') || end > MAX_LINE_BYTES {
        return None;
    }
    let query = Query {
        from,
        to,
        from_text: &bytes[start..from_end],
        to_text: &bytes[second..to_end],
    };
    Some((query, end + 1))
}

/// Reads a square of `board` at `at`: letters, then a rank without leading zeros, ending at a
/// blank, a line end or the end of `bytes`. Returns it and where it ends, or `None` for anything
/// unusual (including squares off the board), which the general parser then reads.
///
/// One loop for the letters and one for the digits, with no overflow to guard against: more
/// than 7 letters or 10 digits name no square of any board, so they go to the general parser.
#[inline(always)]
fn scan_square(bytes: &[u8], at: usize, board: Board) -> Option<(Position, usize)> {
    let mut end = at;
    let mut file_number = 0u64;
    // `| 0x20` folds A–Z onto a–z and no other byte into that range. Wrapping arithmetic: a run
    // long enough to wrap is refused by its length below.
    while end < bytes.len() && (bytes[end] | 0x20).wrapping_sub(b'a') < 26 {
        let letter = (bytes[end] | 0x20) - b'a';
        file_number = file_number
            .wrapping_mul(26)
            .wrapping_add(u64::from(letter) + 1);
        end += 1;
    }
    let digits_at = end;
    let mut rank_number = 0u64;
    while end < bytes.len() && bytes[end].wrapping_sub(b'0') < 10 {
        let digit = bytes[end] - b'0';
        rank_number = rank_number.wrapping_mul(10).wrapping_add(u64::from(digit));
        end += 1;
    }
    let (letters, digits) = (digits_at - at, end - digits_at);
    let well_sized = (1..=7).contains(&letters) && (1..=10).contains(&digits);
    let leading_zero = digits > 1 && bytes[digits_at] == b'0';
    let ends_here = matches!(bytes.get(end), None | Some(b' ' | b'\t' | b'\r' | b'\n'));
    let on_board = (1..=u64::from(board.files())).contains(&file_number)
        && (1..=u64::from(board.ranks())).contains(&rank_number);
    (well_sized && !leading_zero && ends_here && on_board).then(|| {
        (
            Position::new(file_number as u32 - 1, rank_number as u32 - 1),
            end,
        )
    })
}

/// One `read`, tried again when a signal interrupted it before anything was read.
fn read_retrying(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            result => return result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Filters `input` as one source named "t" and returns (stdout, stderr, bad lines).
    fn filter(input: &[u8]) -> (String, String, u64) {
        let mut filter = Filter::new(Vec::new(), Vec::new(), Board::STANDARD, Answerer::default());
        filter.filter("t", input).expect("memory never fails");
        let invalid = filter.invalid_lines();
        let (out, messages) = filter.into_writers();
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(messages).unwrap(),
            invalid,
        )
    }

    #[test]
    fn answers_fast_and_general_lines_alike_and_in_order() {
        let (out, messages, invalid) = filter(b"e2 e4\n E2\te4 \r\n\na1 h8\r\nb1 c3");
        assert_eq!(
            out,
            "To get from e2 to e4 takes 2 knight moves.\n\
             To get from E2 to e4 takes 2 knight moves.\n\
             To get from a1 to h8 takes 6 knight moves.\n\
             To get from b1 to c3 takes 1 knight moves.\n"
        );
        assert_eq!((messages.as_str(), invalid), ("", 0));
    }

    #[test]
    fn bad_lines_are_numbered_and_the_rest_answered() {
        let (out, messages, invalid) = filter(b"i9 a1\n\ne2 e4\ne2\n");
        assert_eq!(out, "To get from e2 to e4 takes 2 knight moves.\n");
        assert_eq!(
            messages,
            "knight-moves: t:1: square \"i9\" is off the 8x8 board: expected a file a-h and a rank 1-8\n\
             knight-moves: t:4: expected two squares separated by spaces or tabs, found 1: \"e2\"\n"
        );
        assert_eq!(invalid, 2);
    }

    /// A reader that hands out its input a few bytes at a time, as a slow pipe does.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(self.0.len()).min(buffer.len());
            buffer[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn lines_split_across_reads_are_answered_whole() {
        let input = b"e2 e4\nbad\n a1  b2 \r\nh8 a1";
        let whole = filter(input);
        for step in 1..8 {
            let mut filter =
                Filter::new(Vec::new(), Vec::new(), Board::STANDARD, Answerer::default());
            filter.filter("t", Trickle(input, step)).unwrap();
            let (out, messages) = filter.into_writers();
            assert_eq!(String::from_utf8(out).unwrap(), whole.0, "step {step}");
            assert_eq!(String::from_utf8(messages).unwrap(), whole.1, "step {step}");
        }
    }

    #[test]
    fn a_long_line_is_skipped_wherever_the_reads_split_it() {
        let mut input = b"e2 e4\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 3 * READ_BUFFER_BYTES));
        input.extend_from_slice(b"\na1 h8\n");
        for step in [1000, READ_BUFFER_BYTES] {
            let mut filter =
                Filter::new(Vec::new(), Vec::new(), Board::STANDARD, Answerer::default());
            filter.filter("t", Trickle(&input, step)).unwrap();
            assert_eq!(filter.invalid_lines(), 1);
            let (out, messages) = filter.into_writers();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "To get from e2 to e4 takes 2 knight moves.\n\
                 To get from a1 to h8 takes 6 knight moves.\n"
            );
            assert_eq!(
                String::from_utf8(messages).unwrap(),
                "knight-moves: t:2: line is longer than 4096 bytes; skipped\n"
            );
        }
    }

    #[test]
    fn a_long_last_line_without_newline_is_reported_once() {
        let mut input = b"e2 e4\n".to_vec();
        input.extend(std::iter::repeat_n(b' ', MAX_LINE_BYTES + 1));
        let (out, messages, invalid) = filter(&input);
        assert_eq!(out, "To get from e2 to e4 takes 2 knight moves.\n");
        assert_eq!(
            messages,
            "knight-moves: t:2: line is longer than 4096 bytes; skipped\n"
        );
        assert_eq!(invalid, 1);
    }

    /// The shortcuts must take a line exactly when the general parser takes it, with the same
    /// answer: otherwise a line's fate would hang on which path read it.
    fn assert_shortcuts_agree_with_the_parser(line: &[u8]) {
        let mut with_newline = line.to_vec();
        with_newline.push(b'\n');
        let parsed = parse_line(line, Board::STANDARD).ok().flatten();
        let scanned = scan_query_line(&with_newline);
        let scanned_query = scanned.map(|s| (s.query(&with_newline), s.length));
        assert_eq!(
            scanned_query,
            parsed.map(|q| (q, line.len() + 1)),
            "{:?}",
            line
        );
        if let Some(exact) = exact_query_line(&with_newline) {
            assert_eq!(Some(exact), scanned, "{:?}", line);
        }
    }

    #[test]
    fn shortcuts_agree_with_the_parser_on_near_misses() {
        let lines: &[&[u8]] = &[
            b"e2 e4",
            b"E2 H8",
            b"e2  e4",
            b"e2\te4",
            b" e2 e4 ",
            b"e2 e4\r",
            b"e2 e4 \r",
            b"e2 e4\r ",
            b"e2 e4\r\r",
            b"e2e4",
            b"e2 e4 e6",
            b"e2",
            b"",
            b" ",
            b"\r",
            b"i9 a1",
            b"e2 e44",
            b"e22 e4",
            b"e2 \re4",
            b"\te2\te4\t",
            b"e2\x00e4",
            b"e2 e\xff",
        ];
        for line in lines {
            assert_shortcuts_agree_with_the_parser(line);
        }
    }

    proptest::proptest! {
        #[test]
        fn shortcuts_agree_with_the_parser_on_any_line(
            line in proptest::collection::vec(
                proptest::sample::select(b"aehAH0189 \t\r\xff".to_vec()), 0..12)
        ) {
            assert_shortcuts_agree_with_the_parser(&line);
        }
    }

    /// The any-board shortcut must take a line exactly when the general parser takes it.
    fn assert_board_shortcut_agrees_with_the_parser(line: &[u8], board: Board) {
        let mut with_newline = line.to_vec();
        with_newline.push(b'\n');
        let parsed = parse_line(line, board).ok().flatten();
        let scanned = scan_board_line(&with_newline, board);
        assert_eq!(
            scanned,
            parsed.map(|q| (q, line.len() + 1)),
            "{:?} on {board}",
            line
        );
    }

    #[test]
    fn the_board_shortcut_agrees_with_the_parser_on_near_misses() {
        let board = Board::new(30, 1000).unwrap();
        let lines: &[&[u8]] = &[
            b"a1 ad1000",
            b"AD1000\tb7",
            b" a1  b3 \r",
            b"ae1 a1",
            b"a1001 a1",
            b"a0 a1",
            b"a01 a1",
            b"aaaaaaaa1 a1",
            b"a12345678901 a1",
            b"a1 b",
            b"1 a1",
            b"a1b a1",
            b"a1 b3 c5",
            b"a1\rb3",
        ];
        for line in lines {
            assert_board_shortcut_agrees_with_the_parser(line, board);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_board_shortcut_agrees_with_the_parser_on_any_line(
            line in proptest::collection::vec(
                proptest::sample::select(b"abzAZ0129 \t\r\xff".to_vec()), 0..16),
            files in 1u32..40,
            ranks in 1u32..40,
            huge in proptest::bool::ANY,
        ) {
            let board = if huge {
                Board::new(Board::MAX_SIDE, Board::MAX_SIDE).unwrap()
            } else {
                Board::new(files, ranks).unwrap()
            };
            assert_board_shortcut_agrees_with_the_parser(&line, board);
        }
    }
}
