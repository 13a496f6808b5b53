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
use std::ops::Range;

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE};
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
    Encoding(UnreadEncoding),
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
    /// UTF-16 after its byte-order mark (FF FE little-endian, FE FF big-endian), which Windows
    /// PowerShell 5.1's `>` and `Out-File` write: decoded to UTF-8 as it is read, in the byte
    /// order the mark says.
    Utf16WithMark(&'static Encoding),
    /// UTF-16 without a byte-order mark, which cannot be told from other bytes for sure, or
    /// UTF-32 after its mark (FF FE 00 00, 00 00 FE FF), which the decoder does not read:
    /// refused with a hint.
    Unread(UnreadEncoding),
}

impl Start {
    /// Where the text begins in the first bytes of UTF-8 that start so: after its mark, if it
    /// has one. UTF-16 without a mark is refused.
    fn utf8_text_start(self) -> Result<usize, UnreadEncoding> {
        match self {
            Start::Text => Ok(0),
            Start::Utf8WithMark => Ok(3),
            Start::Unread(kind) => Err(kind),
            Start::Utf16WithMark(_) => {
                unreachable!("UTF-16 with its mark is decoded first, and UTF-8 holds no FF or FE")
            }
        }
    }
}

/// Text in an encoding knight-moves recognises but does not read, refused with the command
/// that converts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UnreadEncoding {
    /// UTF-16 without a byte-order mark, as recognised: ASCII characters with a NUL after
    /// (little-endian) or before (big-endian).
    LittleEndianUtf16,
    BigEndianUtf16,
    /// UTF-32 after its byte-order mark: FF FE 00 00 (little-endian) or 00 00 FE FF
    /// (big-endian). (encoding_rs, which decodes UTF-16, reads no UTF-32: no web page uses it.)
    LittleEndianUtf32,
    BigEndianUtf32,
}

impl std::fmt::Display for UnreadEncoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (what, iconv_name, powershell_name) = match self {
            UnreadEncoding::LittleEndianUtf16 => (
                "looks like UTF-16 text (little-endian, without a byte-order mark)",
                "UTF-16LE",
                "Unicode",
            ),
            UnreadEncoding::BigEndianUtf16 => (
                "looks like UTF-16 text (big-endian, without a byte-order mark)",
                "UTF-16BE",
                "BigEndianUnicode",
            ),
            // iconv's UTF-32 reads the byte order from the mark, and drops it.
            UnreadEncoding::LittleEndianUtf32 => (
                "is UTF-32 text (little-endian, after its byte-order mark FF FE 00 00)",
                "UTF-32",
                "UTF32",
            ),
            UnreadEncoding::BigEndianUtf32 => (
                "is UTF-32 text (big-endian, after its byte-order mark 00 00 FE FF)",
                "UTF-32",
                "BigEndianUTF32",
            ),
        };
        write!(
            f,
            "{what}, and knight-moves reads UTF-8, or UTF-16 that starts with its byte-order \
             mark; convert it first, e.g. iconv -f {iconv_name} -t UTF-8 FILE > FILE.utf8, or \
             in PowerShell Get-Content -Encoding {powershell_name} FILE | Set-Content -Encoding \
             utf8 FILE.utf8"
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
    // UTF-32's marks first: the little-endian one starts as UTF-16's does (FF FE), and a
    // UTF-16 text that starts with the character NUL is no text of queries.
    const UTF32LE_MARK: &[u8] = b"\xff\xfe\x00\x00";
    const UTF32BE_MARK: &[u8] = b"\x00\x00\xfe\xff";
    if bytes.starts_with(UTF32LE_MARK) {
        return Some(Start::Unread(UnreadEncoding::LittleEndianUtf32));
    }
    if bytes.starts_with(UTF32BE_MARK) {
        return Some(Start::Unread(UnreadEncoding::BigEndianUtf32));
    }
    let could_be_utf32_mark = UTF32LE_MARK.starts_with(bytes) || UTF32BE_MARK.starts_with(bytes);
    if could_be_utf32_mark && bytes.len() < 4 && !at_end {
        return None;
    }
    if bytes.starts_with(b"\xff\xfe") {
        return Some(Start::Utf16WithMark(UTF_16LE));
    }
    if bytes.starts_with(b"\xfe\xff") {
        return Some(Start::Utf16WithMark(UTF_16BE));
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
            return Some(Start::Unread(UnreadEncoding::LittleEndianUtf16));
        }
        if nul_before(0) == Some(true) && nul_before(2) == Some(true) {
            return Some(Start::Unread(UnreadEncoding::BigEndianUtf16));
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

/// A decoder from UTF-16 (`UTF_16LE` or `UTF_16BE`) that starts with its byte-order mark to
/// UTF-8, without the mark. The byte order is told, not left to encoding_rs_io to find from the
/// mark: it looks for one only in three bytes or more, so a file of the mark alone would pass
/// through undecoded, as a line of two bytes. Invalid UTF-16 (a lone surrogate) becomes U+FFFD,
/// which no query contains, so such a line is reported like any bad line.
fn utf16_decoder<R: Read>(encoding: &'static Encoding, reader: R) -> impl Read {
    // The decoder of a named encoding removes that encoding's mark (one, the first).
    encoding_rs_io::DecodeReaderBytesBuilder::new()
        .encoding(Some(encoding))
        .build(EndsOnce {
            reader,
            ended: false,
        })
}

/// A reader that stops at the first end of input, as the UTF-8 path does. encoding_rs_io's
/// decoder reads once more after an end before it ends too: at a terminal that would wait for a
/// second Ctrl-D, and take what is typed after the first as more of this source.
struct EndsOnce<R> {
    reader: R,
    ended: bool,
}

impl<R: Read> Read for EndsOnce<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.ended {
            return Ok(0);
        }
        let read = self.reader.read(buffer)?;
        self.ended = read == 0 && !buffer.is_empty();
        Ok(read)
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
    /// newline is handed over too. The first bytes say the encoding (see [`sniff`]): UTF-8,
    /// after a byte-order mark or not, is read as it is; UTF-16 after its mark is decoded to
    /// UTF-8 first, and then read as the same text in UTF-8 is; UTF-16 without one is refused.
    ///
    /// When the answers cannot be written, the read ends there, and `lines` is still told that
    /// it ended ([`Lines::end_of_read`]), so that what it keeps besides the answers (the
    /// engines' figures) covers every line taken.
    pub(crate) fn read(
        &mut self,
        source: &str,
        reader: impl Read,
        lines: &mut impl Lines,
    ) -> Result<(), SourceError> {
        let read = self.read_all(source, reader, lines);
        if let Err(SourceError::Write(_)) = read {
            let _ = lines.end_of_read(source); // it fails to write again: the first error says why
        }
        read
    }

    /// [`LineReader::read`] but for what is done when the answers cannot be written.
    fn read_all(
        &mut self,
        source: &str,
        mut reader: impl Read,
        lines: &mut impl Lines,
    ) -> Result<(), SourceError> {
        lines.start_source();
        let sniffed = sniff_start(&mut reader, &mut self.buffer).map_err(SourceError::Read)?;
        let (Start::Utf16WithMark(encoding), read, _) = sniffed else {
            return self.read_utf8(source, reader, sniffed, lines);
        };
        // The decoder removes the mark itself: hand it what was read, then the rest. What it
        // decodes starts as the same text in UTF-8 would, and is sniffed again: a second mark
        // (U+FEFF) is skipped, and NULs between the characters are refused, as in UTF-8.
        let read_so_far = io::Cursor::new(self.buffer[..read].to_vec());
        let mut decoded = utf16_decoder(encoding, read_so_far.chain(reader));
        let sniffed = sniff_start(&mut decoded, &mut self.buffer).map_err(SourceError::Read)?;
        self.read_utf8(source, decoded, sniffed, lines)
    }

    /// Hands every line of `reader`, UTF-8 whose first bytes are at the start of the buffer, to
    /// `lines`; `sniffed` is what [`sniff_start`] made of them.
    fn read_utf8(
        &mut self,
        source: &str,
        reader: impl Read,
        (start, read, at_end): (Start, usize, bool),
        lines: &mut impl Lines,
    ) -> Result<(), SourceError> {
        let text_start = start.utf8_text_start().map_err(SourceError::Encoding)?;
        self.read_lines(source, reader, (text_start..read, at_end), lines)
    }

    /// Hands every line of `reader` to `lines`, starting with the bytes `first` of the buffer,
    /// already read (and whether they were all there is).
    fn read_lines(
        &mut self,
        source: &str,
        mut reader: impl Read,
        first: (Range<usize>, bool),
        lines: &mut impl Lines,
    ) -> Result<(), SourceError> {
        let buffer = &mut self.buffer;
        let mut first = Some(first);
        // The number of the last line handed over; the line being read is the next.
        let mut line_number = 0u64;
        // Bytes of an unfinished line kept at the start of `buffer` for the next read.
        let mut carried = 0;
        // Inside a line already reported as too long: drop bytes until its newline.
        let mut skipping_long_line = false;
        loop {
            let (mut start, end, at_end) = match first.take() {
                Some((bytes, at_end)) => (bytes.start, bytes.end, at_end),
                None => {
                    let read = read_retrying(&mut reader, &mut buffer[carried..])
                        .map_err(SourceError::Read)?;
                    if read == 0 {
                        break; // what is carried is the last line, without its newline
                    }
                    (0, carried + read, false)
                }
            };
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

/// An answer file as `check` reads it, by the inputs' rule on encodings: a UTF-8 byte-order
/// mark is skipped, UTF-16 after its mark is decoded, and UTF-16 without one is an error of kind
/// `InvalidData` whose message says how to convert it. The first bytes are read only when the
/// answers are first read, and no more of them than it takes to tell.
pub(crate) struct AnswerText<'a> {
    /// The answer file until its first bytes are read.
    unread: Option<Box<dyn Read + 'a>>,
    /// The answers as UTF-8, once the encoding is known.
    text: Box<dyn Read + 'a>,
}

impl<'a> AnswerText<'a> {
    pub(crate) fn new(reader: impl Read + 'a) -> AnswerText<'a> {
        AnswerText {
            unread: Some(Box::new(reader)),
            text: Box::new(io::empty()),
        }
    }

    /// Reads the first bytes of `reader` and sets `text` to read the rest as UTF-8.
    fn open(&mut self, mut reader: Box<dyn Read + 'a>) -> io::Result<()> {
        let mut first = [0; 4];
        let (mut start, mut read, _) = sniff_start(&mut reader, &mut first)?;
        if let Start::Utf16WithMark(encoding) = start {
            // As for inputs: decoded, and what is decoded sniffed again as UTF-8 is.
            let read_so_far = io::Cursor::new(first[..read].to_vec());
            reader = Box::new(utf16_decoder(encoding, read_so_far.chain(reader)));
            (start, read, _) = sniff_start(&mut reader, &mut first)?;
        }
        let text_start = start
            .utf8_text_start()
            .map_err(|kind| io::Error::new(io::ErrorKind::InvalidData, kind.to_string()))?;
        self.text = Box::new(io::Cursor::new(first[text_start..read].to_vec()).chain(reader));
        Ok(())
    }
}

impl Read for AnswerText<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if let Some(reader) = self.unread.take() {
            self.open(reader)?;
        }
        self.text.read(buffer)
    }
}

/// Reads the first bytes of `reader` into `buffer` until they say how the source starts (see
/// [`sniff`]): that, how many bytes were read, and whether they were all there is.
fn sniff_start(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<(Start, usize, bool)> {
    let mut read = 0;
    loop {
        let more = read_retrying(reader, &mut buffer[read..])?;
        read += more;
        if let Some(start) = sniff(&buffer[..read], more == 0) {
            return Ok((start, read, more == 0));
        }
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
