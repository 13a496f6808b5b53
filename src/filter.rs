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
use crate::board::Board;
use crate::engine::GaveUp;
use crate::line::{LineError, MAX_LINE_BYTES, Query, parse_line};
use crate::measure::Measurements;
use crate::shortcut::{exact_query_line, scan_board_line, scan_query_line};

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
                if let Some(line) = scan_board_line(rest, self.board) {
                    *finished_lines += 1;
                    if !(self.answerer).answer_board_line(&mut self.pending, &line, rest) {
                        self.answer(source, *finished_lines, &line.query)?;
                    }
                    position += line.length;
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
}
