//! The candidate's answers as the checker reads them: in large reads, with the last few
//! hundred bytes before the read position kept, so that a verdict can show the start of the
//! line in which the answers first differ.

use std::io::{self, Read};

/// How much is read at once: large reads make a file of answers cost little per line.
const READ_BYTES: usize = 1 << 20;

/// How many bytes before the read position stay in memory across reads (a verdict shows at
/// most [`super::verdict::LEAD_BYTES`] of a line's start).
const KEPT_BEHIND: usize = 256;

/// A candidate's answers, buffered.
pub(crate) struct Found {
    reader: Box<dyn Read>,
    buffer: Vec<u8>,
    /// The read position, and the end of what was read, in `buffer`.
    position: usize,
    end: usize,
    /// Whether bytes were dropped from the buffer's start (so the start of the answers is not
    /// in it any more).
    dropped: bool,
    at_end: bool,
}

impl Default for Found {
    /// No answers at all.
    fn default() -> Found {
        Found::new(Box::new(io::empty()))
    }
}

impl Found {
    pub(crate) fn new(reader: Box<dyn Read>) -> Found {
        Found {
            reader,
            buffer: Vec::new(),
            position: 0,
            end: 0,
            dropped: false,
            at_end: false,
        }
    }

    /// The bytes read but not yet taken; reads more when there are none, and returns none only
    /// at the end of the answers.
    pub(crate) fn available(&mut self) -> io::Result<&[u8]> {
        if self.position == self.end && !self.at_end {
            self.read_more()?;
        }
        Ok(&self.buffer[self.position..self.end])
    }

    /// The next `count` bytes (fewer only at the end of the answers), read but not taken.
    pub(crate) fn ahead(&mut self, count: usize) -> io::Result<&[u8]> {
        while self.end - self.position < count && !self.at_end {
            self.read_more()?;
        }
        Ok(&self.buffer[self.position..self.end.min(self.position + count)])
    }

    /// Takes `count` bytes of those [`Found::available`] returned.
    pub(crate) fn take(&mut self, count: usize) {
        self.position += count;
        debug_assert!(self.position <= self.end);
    }

    /// The next byte, taken; `None` at the end of the answers.
    pub(crate) fn next_byte(&mut self) -> io::Result<Option<u8>> {
        let byte = self.available()?.first().copied();
        if byte.is_some() {
            self.position += 1;
        }
        Ok(byte)
    }

    /// The bytes of the current line before the read position, and whether its start is cut
    /// off (it began before what is kept).
    pub(crate) fn line_so_far(&self) -> (&[u8], bool) {
        let behind = &self.buffer[..self.position];
        match memchr::memrchr(b'\n', behind) {
            Some(newline) => (&behind[newline + 1..], false),
            None => (behind, self.dropped),
        }
    }

    /// Skips the rest of the current line and its newline; says whether there was anything
    /// to skip (`false` at the end of the answers).
    pub(crate) fn skip_line(&mut self) -> io::Result<bool> {
        let mut any = false;
        loop {
            let available = self.available()?;
            if available.is_empty() {
                return Ok(any);
            }
            any = true;
            match memchr::memchr(b'\n', available) {
                Some(newline) => {
                    self.take(newline + 1);
                    return Ok(true);
                }
                None => {
                    let all = available.len();
                    self.take(all);
                }
            }
        }
    }

    fn read_more(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            // Asked, not assumed: under an address-space limit (`prlimit --as`) the system
            // may refuse it, which is a failure of the judge's to report, not an abort.
            let size = KEPT_BEHIND + READ_BYTES;
            let refused = |_| io::Error::new(io::ErrorKind::OutOfMemory, "no memory to read into");
            self.buffer.try_reserve_exact(size).map_err(refused)?;
            self.buffer.resize(size, 0);
        }
        // The bytes not yet taken stay, after as many before them as are kept.
        let kept = self.position.min(KEPT_BEHIND);
        if self.position > kept {
            self.buffer.copy_within(self.position - kept..self.end, 0);
            self.dropped = true;
        }
        self.end -= self.position - kept;
        self.position = kept;
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.at_end = true;
                    return Ok(());
                }
                Ok(read) => {
                    self.end += read;
                    return Ok(());
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out one byte a read, to cross every buffer edge.
    struct Trickle(Vec<u8>, usize);

    impl Read for Trickle {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            match self.0.get(self.1) {
                Some(&byte) if !buffer.is_empty() => {
                    buffer[0] = byte;
                    self.1 += 1;
                    Ok(1)
                }
                _ => Ok(0),
            }
        }
    }

    #[test]
    fn the_line_so_far_survives_reads() {
        let mut found = Found::new(Box::new(Trickle(b"ab\ncdef".to_vec(), 0)));
        for _ in 0..5 {
            found.next_byte().unwrap();
        }
        assert_eq!(found.line_so_far(), (&b"cd"[..], false));
        assert!(found.skip_line().unwrap());
        assert_eq!(found.next_byte().unwrap(), None);
        assert!(!found.skip_line().unwrap());
    }
}
