//! The first step of the pipeline: sources read in large chunks and handed on as complete
//! lines, numbered from 1 in each source.
//!
//! Memory stays bounded whatever the input: one read buffer, and at most
//! [`MAX_LINE_BYTES`] of an unfinished line carried into the next read. A longer line is
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
/// that one chunk's answers (about seven times the input) stay around a megabyte.
pub(crate) const READ_BUFFER_BYTES: usize = 128 * 1024;

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
}

/// Why reading one source stopped early.
#[derive(Debug)]
pub(crate) enum SourceError {
    /// The input could not be read: report it and go on with the next source.
    Read(io::Error),
    /// What was made of it could not be written (a closed pipe, a full disk): nothing more can
    /// be done.
    Write(io::Error),
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
        // The number of the last line handed over; the line being read is the next.
        let mut line_number = 0u64;
        // Bytes of an unfinished line kept at the start of `buffer` for the next read.
        let mut carried = 0;
        // Inside a line already reported as too long: drop bytes until its newline.
        let mut skipping_long_line = false;
        loop {
            let read =
                read_retrying(&mut reader, &mut buffer[carried..]).map_err(SourceError::Read)?;
            if read == 0 {
                break;
            }
            let end = carried + read;
            let mut start = 0;
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
            if unfinished.len() > MAX_LINE_BYTES {
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
        }
        if carried > 0 {
            lines
                .take_last_line(source, line_number + 1, &buffer[..carried])
                .map_err(SourceError::Write)?;
        }
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
