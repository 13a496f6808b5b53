//! The byte classes that 8×8 query lines are made of, sixteen bytes at a time (a block is four
//! such windows), and the portable code that computes them: word-at-a-time (SWAR), the specification the SSE2 code of
//! `standard/simd.rs` must match. `standard/read.rs` chooses between the two and holds them to each
//! other in its tests. Both classifiers take their type from here, and neither knows the other
//! or the reader: no circle between the accelerator's files.

use crate::standard::lanes::lanes_between;

/// The bytes of a 16-byte window that an 8×8 query line is made of, by class: bit i of each
/// mask is set when byte i is of that class (bits 16 and up are clear).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowClasses {
    /// Blanks, as `input::line::is_blank` defines them: spaces and tabs.
    /// The classifiers test for them sixteen bytes at once rather than call it; a test in
    /// `standard/read.rs` holds both to it on every byte.
    pub blanks: u64,
    /// `\n`.
    pub newlines: u64,
    /// `\r`.
    pub returns: u64,
    /// A square's first byte: `a` to `h` in either case.
    pub files: u64,
    /// A square's second byte: `1` to `8`.
    pub ranks: u64,
}

/// The window's classes in portable code, eight lanes of a `u64` at a time ([`lanes_between`]).
// Used where SSE2 is not, and the specification SSE2 is tested against (in `standard/read.rs`).
#[inline(always)]
pub fn classify_portably(window: &[u8; 16]) -> WindowClasses {
    let one = |byte: u8| move |word: u64| lanes_between(word, byte, byte);
    WindowClasses {
        blanks: window_bits(window, |word| one(b' ')(word) | one(b'\t')(word)),
        newlines: window_bits(window, one(b'\n')),
        returns: window_bits(window, one(b'\r')),
        // `| 0x20` folds A–Z onto a–z and no other byte into that range, and keeps each top bit.
        files: window_bits(window, |word| {
            lanes_between(word | 0x2020_2020_2020_2020, b'a', b'h')
        }),
        ranks: window_bits(window, |word| lanes_between(word, b'1', b'8')),
    }
}

/// Bit i set when lane i of the window, read as two 8-byte words, is marked by `mark` (in the
/// lane's top bit, as [`lanes_between`] marks lanes), for i below 16.
///
/// Multiplying the lanes' bits, moved to the bottom of each lane, by 0x0102040810204080
/// gathers lane k's bit into bit 56 + k (each lane's bit meets the multiplier's bit 56 − 7k
/// there; the other products fall on other bits without carrying into these), so the top byte
/// is the lanes' mask.
#[inline(always)]
fn window_bits(window: &[u8; 16], mark: impl Fn(u64) -> u64) -> u64 {
    let word_bits = |word: &[u8; 8]| {
        let marked = mark(u64::from_le_bytes(*word));
        ((marked >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
    };
    let (low, high) = window.split_at(8);
    // Both halves are 8 bytes long: the conversions cannot fail.
    let half = |bytes: &[u8]| <&[u8; 8]>::try_from(bytes).map_or(0, word_bits);
    half(low) | half(high) << 8
}

/// The bytes of a 64-byte block of several lines, by what the block reader
/// ([`crate::standard::read::BlockLines`]) needs of them: bit i of each mask is set when byte i is
/// of that class. Blanks have no mask of their own: a line's blanks are whatever is left of it
/// once its squares, its carriage return and its newline are placed, and `others` marks every
/// byte that is none of the five classes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockClasses {
    /// `\n`.
    pub newlines: u64,
    /// `\r`.
    pub returns: u64,
    /// A square's first byte: `a` to `h` in either case.
    pub files: u64,
    /// A square's second byte: `1` to `8`.
    pub ranks: u64,
    /// Every byte that is not a blank, a newline, a return, a file or a rank.
    pub others: u64,
}

/// The block's classes in portable code: the four 16-byte windows' classes
/// ([`classify_portably`]) side by side, the specification the SSE2 code is tested against.
#[inline(always)]
pub fn classify_block_portably(block: &[u8; 64]) -> BlockClasses {
    let mut classes = BlockClasses::default();
    for (index, window) in block.chunks_exact(16).enumerate() {
        let Ok(window) = <&[u8; 16]>::try_from(window) else {
            unreachable!("a block is four 16-byte windows");
        };
        let window = classify_portably(window);
        let known = window.blanks | window.newlines | window.returns | window.files | window.ranks;
        let place = |bits: u64| bits << (16 * index);
        classes.newlines |= place(window.newlines);
        classes.returns |= place(window.returns);
        classes.files |= place(window.files);
        classes.ranks |= place(window.ranks);
        classes.others |= place(!known & 0xffff);
    }
    classes
}
