//! Eight judge lines at once: the check that 48 bytes are exactly eight lines of the judge's
//! own shape, `xx yy\n`, and the key that names a line's pair of squares from its bytes.
//!
//! Judge files are nearly all such lines, and a line of that shape has its bytes at fixed
//! places, so eight of them are checked with one comparison of each byte against the least and
//! the most it may be: no search for a newline, no branch a line. The lines are then answered
//! one by one from their 8-byte words (see `standard/lines.rs`), with no check left to make.
//!
//! The portable code here is the specification; on x86-64 the check runs on SSE2 vectors
//! (`standard/simd.rs`), chosen in `standard/lines.rs`, whose tests hold the two to each other.

use crate::standard::lanes::lanes_within;
use crate::standard::{DISTANCES, Square};

/// Lines in a batch.
pub const LINES: usize = 8;

/// The bytes of a line of the judge's own shape, `xx yy\n`.
pub const LINE_BYTES: usize = 6;

/// Bytes of a batch's lines: eight of six bytes.
pub const BYTES: usize = LINES * LINE_BYTES;

/// How many keys [`pair_key`] gives: one for each pair of squares.
pub const KEYS: usize = 4096;

/// Bytes a batch is read from: its lines, and two bytes more, so that the last line too can be
/// loaded as one 8-byte word (its last two lanes, the next line's, are never looked at).
pub const WINDOW: usize = BYTES + 2;

/// The least and the most each byte of a judge line may be, its files folded to lower case
/// (`| 0x20`, which folds A–Z onto a–z and no other byte into that range); the line repeated
/// for the 48 bytes of a batch, starting at `phase` bytes into a line.
pub const fn line_pattern(line: &[u8; 6], phase: usize) -> [u8; 16] {
    let mut pattern = [0; 16];
    let mut at = 0;
    while at < 16 {
        pattern[at] = line[(phase + at) % 6];
        at += 1;
    }
    pattern
}

/// The least each byte of a line may be, its most, and the bits that fold its files.
pub const LEAST: &[u8; 6] = b"a1 a1\n";
pub const MOST: &[u8; 6] = b"h8 h8\n";
pub const FOLD: &[u8; 6] = &[0x20, 0, 0, 0x20, 0, 0];

/// Whether `lines` are eight lines of the judge's exact shape: each `xx yy\n` with a file `a`–`h`
/// (either case) and a rank `1`–`8` for each square. What
/// [`crate::standard::read::exact_query_line`] checks of one line, for eight: every such line is a
/// query the general parser reads the same (its tests hold it to that).
///
/// In portable code, the specification of the SSE2 code (`standard/simd.rs`), which
/// `standard/lines.rs` chooses on x86-64: the 48 bytes as six 8-byte words, each checked lane by
/// lane against its least and most ([`lanes_within`]). A word starts 0, 2 or 4 bytes into a
/// line, so three patterns serve all six.
#[inline(always)]
pub fn is_judge_batch_portably(lines: &[u8; BYTES]) -> bool {
    let lane_word = |line: &[u8; 6], phase: usize| {
        u64::from_le_bytes(*line_pattern(line, phase).first_chunk::<8>().unwrap())
    };
    let mut outside = 0;
    for (index, word) in lines.chunks_exact(8).enumerate() {
        let phase = index * 8 % 6;
        let word = u64::from_le_bytes(word.try_into().unwrap()) | lane_word(FOLD, phase);
        let within = lanes_within(word, lane_word(LEAST, phase), lane_word(MOST, phase));
        outside |= !within & 0x8080_8080_8080_8080;
    }
    outside == 0
}

/// The key of a judge line's two squares, from the line loaded as an 8-byte word (lanes 0–1
/// the first square, 3–4 the second): a number below 4096 that names the pair, whatever the
/// case of the files.
///
/// The low three bits of a file `a`–`h` (in either case) and of a rank `1`–`8` differ for each
/// of the eight, so the four bytes' low three bits name the pair. One multiplication gathers
/// those twelve bits into the word's top twelve: the multiplier's three bits move the four
/// fields under the top, and the other products fall below bit 52 or onto bits that keep the
/// result one-to-one (found by a search, and checked for every pair by a test).
#[inline(always)]
pub const fn pair_key(word: u64) -> usize {
    const FIELDS: u64 = 0x0000_0007_0700_0707;
    const GATHER: u64 = 0x0020_0001_0400_0000;
    ((word & FIELDS).wrapping_mul(GATHER) >> 52) as usize
}

/// The judge line for `from` and `to` in lower case as an 8-byte word, as a batch loads it.
const fn line_word(from: Square, to: Square) -> u64 {
    texts_word(from.name(), to.name())
}

/// A judge line of two squares' texts as an 8-byte word, as a batch loads it.
const fn texts_word(from: [u8; 2], to: [u8; 2]) -> u64 {
    u64::from_le_bytes([from[0], from[1], b' ', to[0], to[1], b'\n', 0, 0])
}

/// The [`pair_key`] of two squares.
pub const fn squares_key(from: Square, to: Square) -> usize {
    pair_key(line_word(from, to))
}

/// The fewest knight moves for each pair, by its [`pair_key`], as the digit that writes it (no
/// 8×8 distance is over 6): the batch's lookup, 4 KB built at compile time from [`DISTANCES`].
/// A digit rather than the number saves adding `0` to each.
pub static MOVE_DIGITS_BY_KEY: [u8; KEYS] = {
    let mut table = [0; KEYS];
    let mut from = 0;
    while from < Square::COUNT {
        let mut to = 0;
        while to < Square::COUNT {
            let (Some(from_square), Some(to_square)) =
                (Square::from_index(from), Square::from_index(to))
            else {
                panic!("every index below Square::COUNT is a square");
            };
            let key = pair_key(line_word(from_square, to_square));
            table[key] = b'0' + DISTANCES.moves(from_square, to_square);
            to += 1;
        }
        from += 1;
    }
    table
};

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::standard::read::exact_query_line;

    pub fn batch_of(line: &[u8; 6]) -> [u8; BYTES] {
        let mut batch = [0; BYTES];
        for chunk in batch.chunks_exact_mut(6) {
            chunk.copy_from_slice(line);
        }
        batch
    }

    /// Every pair, in every mix of cases, has a key of its own, and the digit of its moves.
    #[test]
    fn every_pair_has_its_own_key_in_any_case() {
        let mut seen = vec![None; KEYS];
        for from in Square::all() {
            for to in Square::all() {
                let word = line_word(from, to);
                let key = pair_key(word);
                assert_eq!(seen[key].replace((from, to)), None, "{from} {to}");
                assert_eq!(MOVE_DIGITS_BY_KEY[key], b'0' + DISTANCES.moves(from, to));
                for case in [0x20, 0x20 << 24, 0x20 | 0x20 << 24] {
                    assert_eq!(pair_key(word & !case), key, "{from} {to} {case:#x}");
                }
                assert_eq!(squares_key(from, to), key);
            }
        }
    }

    /// The batch check takes eight lines exactly when the one-line reader takes each, for
    /// every byte value in every place of a batch of judge lines (`standard/lines.rs` holds the SSE2
    /// check to this one).
    #[test]
    fn a_batch_is_taken_exactly_when_each_line_is() {
        for line in [b"e2 e4\n", b"A1 H8\n", b"h8 a1\n"] {
            let batch = batch_of(line);
            assert!(is_judge_batch_portably(&batch));
            for at in 0..BYTES {
                for byte in 0..=u8::MAX {
                    let mut changed = batch;
                    changed[at] = byte;
                    let each_line = changed.chunks_exact(6).all(|line| {
                        let mut padded = line.to_vec();
                        padded.extend_from_slice(b"\0\0");
                        exact_query_line(&padded).is_some()
                    });
                    assert_eq!(is_judge_batch_portably(&changed), each_line, "{at} {byte}");
                }
            }
        }
    }
}
