//! The judge's input, read once for two readers: the checker answers it as it streams, and the
//! problem's strict validator ([`validate`]) reads the same bytes in a thread beside it. An
//! input the problem's validator refuses is not the problem's, and a checker that judged a
//! candidate on it would blame or pass them for the judge's mistake: the protocols make it a
//! judge failure (`knight-moves checker`).
//!
//! One reading rather than two: a second pass would cost as much again on a judge file of
//! millions of lines, and IN may be a pipe, which cannot be read twice. The bytes go to the
//! validator through a channel of a few buffers, so memory stays bounded whatever the input's
//! size. A validator ends before the input only to refuse it; then the reading ends too, at
//! once (an input that never ends, `yes`, refused on its first line, ends the judging there),
//! since nothing the judging finds can matter any more.

use std::io::{self, BufRead, Read};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};

use crate::board::Board;
use crate::problem::Problem;
use crate::problem::validate::{self, Refusal};

/// How many buffers the reading may be ahead of the validator.
const BUFFERS_AHEAD: usize = 2;

/// The bytes gathered before they go to the validator. Handing them over costs waking its
/// thread, which on a virtual machine takes tens of microseconds: in buffers of 64 KiB, a
/// fifth more time on a judge file; in a mebibyte, a few percent.
const BATCH_BYTES: usize = 1 << 20;

/// Reads `input` with `read`, and validates the same bytes as `problem` states its input (on
/// `board`) beside it: `read`'s result, and the validator's. The validator sees what `read`
/// read, and then the rest of `input`, so that it judges the whole input even where `read`
/// stopped early; where the validator refuses the input, `read` finds its end there. The
/// error is the system's refusal of a thread.
pub(crate) fn read_validated<R: Read, T>(
    problem: Problem,
    board: Board,
    input: R,
    read: impl FnOnce(&mut Teed<R>) -> T,
) -> io::Result<(T, Result<(), Refusal>)> {
    let (sender, receiver) = sync_channel(BUFFERS_AHEAD);
    let (give_back, given_back) = channel();
    std::thread::scope(|scope| {
        let validator = std::thread::Builder::new()
            .name("validate the input".to_owned())
            .spawn_scoped(scope, move || {
                validate::validate(problem, board, Received::new(receiver, give_back))
            })?;
        let mut teed = Teed {
            input,
            validator: Some(sender),
            given_back,
            batch: Vec::new(),
            failed: None,
        };
        let result = read(&mut teed);
        // The rest of the input, for the validator alone, unless it has decided already.
        let mut rest = vec![0; crate::input::READ_BUFFER_BYTES];
        while teed.validator.is_some() {
            match teed.read(&mut rest) {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    teed.failed = Some(error);
                    break;
                }
            }
        }
        teed.hand_over();
        let failed = teed.failed.take();
        // The channel closes here: the validator reads the end of the input.
        drop(teed);
        let validated = match validator.join() {
            Ok(validated) => validated,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        // A read that failed where only the validator was reading is its failure to read.
        let validated = match (validated, failed) {
            (Ok(()), Some(error)) => Err(Refusal::Read(error)),
            (validated, _) => validated,
        };
        Ok((result, validated))
    })
}

/// The input, handing a copy of each buffer it reads to the validator.
pub(crate) struct Teed<R> {
    input: R,
    /// Where the bytes go; `None` once the validator has stopped taking them.
    validator: Option<SyncSender<Vec<u8>>>,
    /// The buffers the validator has read, to fill again: a handful, reused, where a fresh
    /// buffer for each read would cost the system a page fault every few kilobytes.
    given_back: Receiver<Vec<u8>>,
    /// The bytes read since the last hand-over.
    batch: Vec<u8>,
    /// A failed read of the rest of the input, after the reader's own reading ended.
    failed: Option<io::Error>,
}

impl<R> Teed<R> {
    /// Sends the bytes gathered to the validator, and takes a buffer it gave back (or a new
    /// one) to gather the next.
    fn hand_over(&mut self) {
        let Some(validator) = &self.validator else {
            return;
        };
        if self.batch.is_empty() {
            return;
        }
        let mut next = self.given_back.try_recv().unwrap_or_default();
        next.clear();
        let batch = std::mem::replace(&mut self.batch, next);
        if validator.send(batch).is_err() {
            // The validator has decided: it needs no more.
            self.validator = None;
        }
    }
}

impl<R: Read> Read for Teed<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        // The validator refused the input: nothing more of it is read.
        if self.validator.is_none() {
            return Ok(0);
        }
        let count = self.input.read(buffer)?;
        self.batch.extend_from_slice(&buffer[..count]);
        if self.batch.len() >= BATCH_BYTES || count == 0 {
            self.hand_over();
        }
        Ok(count)
    }
}

/// The validator's side of the channel: the buffers in the order they were read, then the
/// end of the input when the channel closes.
struct Received {
    receiver: Receiver<Vec<u8>>,
    /// Where a buffer read goes back to be filled again.
    give_back: Sender<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
}

impl Received {
    fn new(receiver: Receiver<Vec<u8>>, give_back: Sender<Vec<u8>>) -> Received {
        Received {
            receiver,
            give_back,
            buffer: Vec::new(),
            at: 0,
        }
    }
}

impl Read for Received {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let held = self.fill_buf()?;
        let count = held.len().min(out.len());
        out[..count].copy_from_slice(&held[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl BufRead for Received {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.at == self.buffer.len() {
            match self.receiver.recv() {
                Ok(buffer) => {
                    let read = std::mem::replace(&mut self.buffer, buffer);
                    self.at = 0;
                    // Gone only where the reading has ended.
                    let _ = self.give_back.send(read);
                }
                // Closed: the end of the input.
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, count: usize) {
        self.at = (self.at + count).min(self.buffer.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The validator sees every byte the reader read, and the rest the reader left: a reader
    /// that stops after one buffer of a long valid input still has it validated whole, and
    /// an invalid line past where the reader stopped is found.
    #[test]
    fn the_validator_sees_the_whole_input_whatever_the_reader_reads() {
        let valid = "e2 e4\n".repeat(100_000);
        let invalid = format!("{valid}E2 e4\n");
        for (input, expected_valid) in [(&valid, true), (&invalid, false)] {
            for stop_after in [0, 1, usize::MAX] {
                let (read, validated) =
                    read_validated(Problem::Uva439, Board::STANDARD, input.as_bytes(), |teed| {
                        let mut buffer = vec![0; 1000];
                        let mut total = 0;
                        for _ in 0..stop_after {
                            match teed.read(&mut buffer).unwrap() {
                                0 => break,
                                count => total += count,
                            }
                        }
                        total
                    })
                    .unwrap();
                assert!(read <= input.len());
                assert_eq!(validated.is_ok(), expected_valid, "{stop_after}");
            }
        }
    }

    /// A validator that refuses ends the reading there too: an input that never ends is
    /// refused on its first line, and read no further than a few batches.
    #[test]
    fn the_reading_ends_once_the_validator_refuses() {
        let endless = io::repeat(b'A');
        let (read, validated) = read_validated(Problem::Uva439, Board::STANDARD, endless, |teed| {
            let mut buffer = vec![0; 64 * 1024];
            let mut total = 0;
            loop {
                match teed.read(&mut buffer).unwrap() {
                    0 => break total,
                    count => total += count,
                }
            }
        })
        .unwrap();
        assert!(read <= (BUFFERS_AHEAD + 3) * BATCH_BYTES, "{read}");
        let Err(Refusal::Invalid(invalid)) = validated else {
            panic!("{validated:?}")
        };
        assert_eq!((invalid.line, invalid.column), (1, 1));
    }
}
