//! The first step of the pipeline: sources read in large chunks and handed on as complete
//! lines, numbered from 1 in each source.
//!
//! Memory stays bounded whatever the input: one read buffer, and at most
//! [`MAX_LINE_BYTES`] of an unfinished line (and a CR) carried into the next read. A longer line is
//! reported as soon as it is seen and skipped up to its newline without being kept.
//!
//! What happens to the lines is up to the [`Lines`] they are handed to (the pipeline). After
//! every read it is told so, and writes its answers then: a program that writes one query and
//! waits gets its answer at once (a read from a pipe returns what is there), while a big file is
//! read in big chunks and answered in big writes.

pub(crate) mod line;

use std::io::{self, Read};

use memchr::memchr;

use crate::input::line::MAX_LINE_BYTES;

/// How much is read at once. Large enough that system calls cost little per line; small enough
/// that one chunk's answers (about seven times the input) stay under half a megabyte, which
/// keeps the judge file's peak memory under 4 MiB.
pub(crate) const READ_BUFFER_BYTES: usize = 64 * 1024;

/// Where the lines of a source go.
pub(crate) trait Lines {
    /// Takes every complete line (ending in a newline) at the start of `bytes`, adding each to
    /// `line_number` (the number of the last line taken), and returns how many bytes that
    /// took: the rest is the start of an unfinished line. Finding where lines end is left to
    /// this method, so that a reader that reads a line whole need not look for its end twice.
    fn take_complete_lines(
        &mut self,
        source: &str,
        bytes: &[u8],
        line_number: &mut u64,
    ) -> io::Result<usize>;

    /// Takes a source's last line, which has no newline.
    fn take_last_line(&mut self, source: &str, line_number: u64, line: &[u8]) -> io::Result<()>;

    /// Line `line_number` is longer than [`MAX_LINE_BYTES`] and is skipped.
    fn skip_long_line(&mut self, source: &str, line_number: u64) -> io::Result<()>;

    /// Everything read so far has been handed over: the time to write out what was made of it.
    fn end_of_read(&mut self, source: &str) -> io::Result<()>;

    /// A new source begins.
    fn start_source(&mut self);

    /// The source has ended after line `last_line`, every line handed over.
    fn end_source(&mut self, source: &str, last_line: u64) -> io::Result<()>;
}

/// Why reading one source stopped early.
#[derive(Debug)]
pub(crate) enum SourceError {
    /// The input could not be read: report it and go on with the next source.
    Read(io::Error),
    /// The input is text in an encoding this program does not read: report it once (not once
    /// a line) and go on with the next source.
    Encoding(Utf16),
    /// What was made of it could not be written (a closed pipe, a full disk): nothing more can
    /// be done.
    Write(io::Error),
}

/// What the first bytes of a source say about its encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    /// UTF-8 or ASCII, as expected.
    Text,
    /// UTF-8 after a byte-order mark (EF BB BF), which Windows editors write: skip it.
    Utf8WithMark,
    /// UTF-16, which no line of this program's input can be.
    Utf16(Utf16),
}

/// A UTF-16 source, as recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Utf16 {
    /// With a byte-order mark: FF FE or FE FF.
    Marked,
    /// Without one: ASCII characters with a NUL after (little-endian) or before (big-endian).
    LittleEndian,
    BigEndian,
}

impl std::fmt::Display for Utf16 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, iconv_name) = match self {
            Utf16::Marked => (
                "UTF-16 text (it starts with a UTF-16 byte-order mark)",
                "UTF-16",
            ),
            Utf16::LittleEndian => (
                "UTF-16 text (little-endian, without a byte-order mark)",
                "UTF-16LE",
            ),
            Utf16::BigEndian => (
                "UTF-16 text (big-endian, without a byte-order mark)",
                "UTF-16BE",
            ),
        };
        write!(
            f,
            "looks like {what}, and knight-moves reads UTF-8; convert it first, \
             e.g. iconv -f {iconv_name} -t UTF-8 FILE > FILE.utf8; skipped"
        )
    }
}

/// What `bytes`, the first of a source, say about its encoding; `None` while they could still
/// begin a byte-order mark or UTF-16 text and more may come (`at_end` says none will). Waits
/// for no byte it does not need, so that a program sending short lines is answered at once.
fn sniff(bytes: &[u8], at_end: bool) -> Option<Start> {
    const UTF8_MARK: &[u8] = b"\xef\xbb\xbf";
    if bytes.starts_with(UTF8_MARK) {
        return Some(Start::Utf8WithMark);
    }
    if bytes.starts_with(b"\xff\xfe") || bytes.starts_with(b"\xfe\xff") {
        return Some(Start::Utf16(Utf16::Marked));
    }
    // UTF-16 without a mark, as ASCII text has it: a NUL in every other byte.
    let nul_after = |at: usize| {
        bytes
            .get(at)
            .map(|&b| b != 0 && bytes.get(at + 1) == Some(&0))
    };
    let nul_before = |at: usize| {
        bytes
            .get(at)
            .map(|&b| b == 0 && bytes.get(at + 1).is_some_and(|&n| n != 0))
    };
    if bytes.len() >= 4 {
        if nul_after(0) == Some(true) && nul_after(2) == Some(true) {
            return Some(Start::Utf16(Utf16::LittleEndian));
        }
        if nul_before(0) == Some(true) && nul_before(2) == Some(true) {
            return Some(Start::Utf16(Utf16::BigEndian));
        }
        return Some(Start::Text);
    }
    // Fewer than four bytes: wait only while they could still become one of the above.
    let could_be_a_mark =
        !bytes.is_empty() && (UTF8_MARK.starts_with(bytes) || bytes == b"\xff" || bytes == b"\xfe");
    let could_be_utf16 = match bytes {
        [] => true,
        [_] => true,
        [first, second, ..] => (*first != 0 && *second == 0) || (*first == 0 && *second != 0),
    };
    match (could_be_a_mark || could_be_utf16) && !at_end {
        true => None,
        false => Some(Start::Text),
    }
}

/// Reads sources into lines, with one buffer for them all.
pub(crate) struct LineReader {
    buffer: Vec<u8>,
}

impl LineReader {
    pub(crate) fn new() -> LineReader {
        LineReader {
            buffer: vec![0; READ_BUFFER_BYTES],
        }
    }

    /// Hands every line of one source, named `source`, to `lines`. A final line without a
    /// newline is handed over too.
    pub(crate) fn read(
        &mut self,
        source: &str,
        mut reader: impl Read,
        lines: &mut impl Lines,
    ) -> Result<(), SourceError> {
        let buffer = &mut self.buffer;
        lines.start_source();
        // The number of the last line handed over; the line being read is the next.
        let mut line_number = 0u64;
        // Bytes of an unfinished line kept at the start of `buffer` for the next read.
        let mut carried = 0;
        // Inside a line already reported as too long: drop bytes until its newline.
        let mut skipping_long_line = false;
        // Until the first bytes have said what the encoding is.
        let mut at_start = true;
        loop {
            let read =
                read_retrying(&mut reader, &mut buffer[carried..]).map_err(SourceError::Read)?;
            let end = carried + read;
            let at_end = read == 0;
            let mut start = 0;
            if at_start {
                match sniff(&buffer[..end], at_end) {
                    None => {
                        carried = end;
                        continue;
                    }
                    Some(Start::Utf16(kind)) => return Err(SourceError::Encoding(kind)),
                    Some(Start::Utf8WithMark) => start = 3,
                    Some(Start::Text) => {}
                }
                at_start = false;
            } else if at_end {
                break; // what is carried is the last line, without its newline
            }
            if skipping_long_line {
                let Some(newline) = memchr(b'\n', &buffer[..end]) else {
                    continue;
                };
                start = newline + 1;
                line_number += 1;
                skipping_long_line = false;
            }
            let taken = lines
                .take_complete_lines(source, &buffer[start..end], &mut line_number)
                .map_err(SourceError::Write)?;
            let unfinished = start + taken..end;
            // The limit counts a line without its line end: an unfinished line one byte over
            // may still be the line and the CR of a CRLF.
            let over = unfinished.len().saturating_sub(MAX_LINE_BYTES);
            if over > 1 || (over == 1 && buffer[end - 1] != b'\r') {
                lines
                    .skip_long_line(source, line_number + 1)
                    .map_err(SourceError::Write)?;
                skipping_long_line = true;
                carried = 0;
            } else {
                carried = unfinished.len();
                buffer.copy_within(unfinished, 0);
            }
            lines.end_of_read(source).map_err(SourceError::Write)?;
            if at_end {
                break; // the first bytes were all there was: read no more
            }
        }
        if carried > 0 {
            line_number += 1;
            lines
                .take_last_line(source, line_number, &buffer[..carried])
                .map_err(SourceError::Write)?;
        }
        lines
            .end_source(source, line_number)
            .map_err(SourceError::Write)?;
        lines.end_of_read(source).map_err(SourceError::Write)
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
