//! The accelerator's readers: each takes a well-formed query line in one pass, with no search
//! for its end and no general parsing.
//!
//! Each is only a shortcut: it returns `None` for anything unusual, and the general parser
//! (the program's `input::line::parse_line`) then reads the line and, if it is bad,
//! reports it. So each must accept exactly the lines the general parser accepts, with the same
//! squares; `fast/held.rs` holds them to that, on near misses and on random lines.

use crate::standard::Square;
use crate::standard::classes::BlockClasses;
use crate::standard::lanes::lanes_within;

/// The longest line the readers take, in bytes before its line end: the input's own limit
/// (`input::line::MAX_LINE_BYTES`, held equal by a test in `fast/held.rs`), so that no line the
/// general path would report is answered here.
pub const LONGEST_LINE: usize = 4096;

/// Blanks, as the input's grammar has them (`input::line::is_blank`, held equal by a test in
/// `fast/held.rs`): spaces and tabs.
#[inline(always)]
pub fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t')
}

/// An 8×8 query line read by a shortcut: its squares' texts as typed (two bytes each on 8×8,
/// checked), as the line of the judge's shape would hold them loaded as an 8-byte word (lanes
/// 0–1 and 3–4, the other lanes meaningless), and the line's length with its newline.
///
/// The word, not the squares: the answers are looked up by its key
/// ([`crate::standard::batch::pair_key`]) and written from it, as the batches do with the lines
/// they load, so a reader of any shape only puts the texts where a judge line has them.
#[derive(Clone, Copy, Debug)]
pub struct StandardLine {
    pub word: u64,
    pub length: usize,
}

impl StandardLine {
    /// A line of `length` bytes whose squares' texts are `from` and `to`.
    #[inline(always)]
    fn new(from: [u8; 2], to: [u8; 2], length: usize) -> StandardLine {
        let word = u64::from(u16::from_le_bytes(from)) | u64::from(u16::from_le_bytes(to)) << 24;
        StandardLine { word, length }
    }

    /// The squares' texts, as typed.
    #[inline(always)]
    pub fn texts(&self) -> ([u8; 2], [u8; 2]) {
        let text_in_lanes = |lane: u32| ((self.word >> (8 * lane)) as u16).to_le_bytes();
        (text_in_lanes(0), text_in_lanes(3))
    }

    /// The squares the texts name.
    pub fn squares(&self) -> (Square, Square) {
        let square = |[file, rank]: [u8; 2]| Square::from_checked_bytes(file, rank);
        let (from, to) = self.texts();
        (square(from), square(to))
    }
}

/// Lines are the same when their texts and lengths are: the word's other lanes do not count.
impl PartialEq for StandardLine {
    fn eq(&self, other: &StandardLine) -> bool {
        (self.texts(), self.length) == (other.texts(), other.length)
    }
}

impl Eq for StandardLine {}

/// Reads an 8×8 query line of the judge's exact shape, `xx yy\n`, from the start of `bytes`:
/// the six bytes checked at once, as lanes of one 8-byte word, with one branch. Judge input is
/// nearly all such lines, and this shortcut reads them in much less time than
/// [`scan_query_line`] alone (the batches, which check eight at once, are priced by
/// `scripts/tricks.sh`: docs/PERFORMANCE.md, "What each trick buys"). `None` for any other line, and within 8 bytes of the end of
/// `bytes`: [`scan_query_line`] then reads it.
#[inline(always)]
pub fn exact_query_line(bytes: &[u8]) -> Option<StandardLine> {
    // Lane by lane, the least and the most each byte of the line may be, its files folded to
    // lower case; the last two lanes belong to the next line, and are not looked at.
    const LEAST: u64 = u64::from_le_bytes(*b"a1 a1\n\0\0");
    const MOST: u64 = u64::from_le_bytes(*b"h8 h8\n\0\0");
    const FOLD_FILES: u64 = u64::from_le_bytes([0x20, 0, 0, 0x20, 0, 0, 0, 0]);
    const LINE: u64 = 0x0000_8080_8080_8080;
    let word = u64::from_le_bytes(*bytes.first_chunk::<8>()?);
    let lanes = word | FOLD_FILES;
    if lanes_within(lanes, LEAST, MOST) & LINE != LINE {
        return None;
    }
    Some(checked_judge_line(word))
}

/// The line of the judge's exact shape loaded as the 8-byte `word`, once its six bytes are
/// known to be of that shape (by [`exact_query_line`] or a batch's check,
/// [`crate::standard::lines::is_judge_batch`]): its texts, with no check.
#[inline(always)]
pub fn checked_judge_line(word: u64) -> StandardLine {
    StandardLine { word, length: 6 }
}

/// Reads a well-formed 8×8 query line from the start of `bytes`, newline included, in one pass:
/// blanks, a square, blanks, a square, blanks, an optional carriage return, the newline.
/// Returns `None` for any other line, which the general parser then reads: this function is only
/// a shortcut and never decides that a line is bad.
///
/// It accepts exactly the query lines the program's `input::line::parse_line` accepts on
/// 8×8 (a unit test and a property test hold it to that). Blanks are the input's
/// ([`is_blank`]: spaces and tabs), so no scan runs past the newline.
// `inline(always)` into `other_judge_lines`, its one caller on the hot path, which is kept out
// of the judge's own loop (see `standard/lines.rs`): inlined there, it made the judge file slower.
#[inline(always)]
pub fn scan_query_line(bytes: &[u8]) -> Option<StandardLine> {
    let skip_blanks = |mut at: usize| {
        while bytes.get(at).is_some_and(|&byte| is_blank(byte)) {
            at += 1;
        }
        at
    };
    let square_at = |at: usize| square_at(bytes, at);
    let start = skip_blanks(0);
    let (_, from_text) = square_at(start)?;
    let second = skip_blanks(start + 2);
    if second == start + 2 {
        return None;
    }
    let (_, to_text) = square_at(second)?;
    let text_end = skip_blanks(second + 2);
    let end = text_end + usize::from(bytes.get(text_end) == Some(&b'\r'));
    // A line over the limit (not counting its line end) is bad even when well formed: leave it
    // to the general parser.
    if bytes.get(end) != Some(&b'\n') || text_end > LONGEST_LINE {
        return None;
    }
    Some(StandardLine::new(from_text, to_text, end + 1))
}

/// The bytes a block reader ([`BlockLines`]) classes at once: a few messy judge lines.
pub const BLOCK: usize = 64;

/// What a block reader ([`BlockLines`]) is handed: a block and the byte after it.
pub const BLOCK_AND_ONE: usize = BLOCK + 1;

/// The block's classes: on x86-64 by AVX2 where the processor has it, else by SSE2
/// (`standard/simd.rs`), elsewhere by the portable code (`standard/classes.rs`). (Asking the
/// processor costs a load and a test a block: std keeps the answer.)
#[inline(always)]
fn classify_block(block: &[u8; BLOCK]) -> BlockClasses {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-avx2") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, just asked.
        return unsafe { crate::standard::simd::classify_block_avx2(block) };
    }
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-sse2") {
        return crate::standard::simd::classify_block(block);
    }
    crate::standard::classes::classify_block_portably(block)
}

/// The well-formed 8×8 query lines at the start of a 64-byte block, read one after another
/// from one classification of the whole block, where [`scan_query_line`] reads a line a byte
/// at a time and branches on every blank, as unpredictably as the file.
///
/// The checks that do not depend on where a line ends are made once for the block
/// ([`BlockLines::new`]): every byte is a blank, a newline, a return, a file or a rank; every
/// file is followed by a rank and every rank follows a file; no file follows a rank (squares
/// touching); a return is followed by a newline. A byte that breaks one of these marks a
/// fault, at its own place or the next, within its own line, so the lines whose newline comes
/// before the first fault are all made of blanks, squares, and a return right before the
/// newline. What is left for each line ([`BlockLines::next`]) is to hold exactly two squares:
/// its first two files before its newline and the third after it, found as the lowest bits of
/// the files' mask, a few operations and one branch, whatever its blanks are. That is exactly
/// the grammar the program's `input::line::parse_line` accepts on 8×8 for a line
/// shorter than the block (and so under [`LONGEST_LINE`]); the tests hold them to each other.
///
/// It stops at the first line it does not take: a bad line, or one whose newline is past the
/// block, which the caller reads from a new block or with [`scan_query_line`].
pub struct BlockLines<'a> {
    /// The block and the byte after it: a square's two bytes read from any place below
    /// [`BLOCK`] (its place masked to the block) then lie in these bytes with no check at
    /// run time, where a check cost a messy line four instructions.
    block: &'a [u8; BLOCK_AND_ONE],
    /// The lines not read yet.
    unread: Unread,
}

/// The lines of a block not read yet, as a [`BlockLines`] reader has them.
#[derive(Clone, Copy)]
struct Unread {
    /// Their newlines, before the block's first fault.
    newlines: u64,
    /// Their files.
    files: u64,
    /// Where the first of them starts.
    start: u32,
}

impl Unread {
    /// The first of these lines, whether it is well formed (two squares before its newline,
    /// and no third), and the lines after it. Of a line not well formed, both are of no use;
    /// they are made all the same, from bytes of the block, so that a caller may decide with
    /// no branch.
    #[inline(always)]
    fn first_line(self, block: &[u8; BLOCK_AND_ONE]) -> (StandardLine, bool, Unread) {
        let without_lowest = |bits: u64| bits & bits.wrapping_sub(1);
        let newline = self.newlines.trailing_zeros(); // 64 when there is none
        let first = self.files.trailing_zeros();
        let after_first = without_lowest(self.files);
        let second = after_first.trailing_zeros();
        let after_second = without_lowest(after_first);
        let well_formed = (second < newline) & (newline < after_second.trailing_zeros());
        // Each square is one 16-bit load, put in its lanes. A well-formed line's squares lie
        // before its newline, in the block, so masking their places changes nothing for
        // them; it keeps the place of a square not there (64) within the block, and lets the
        // compiler see that both bytes are in `block`, with no check at run time.
        let square_text = |at: u32| match block[at as usize % BLOCK..].first_chunk::<2>() {
            Some(&text) => u64::from(u16::from_le_bytes(text)),
            None => unreachable!("a place below the block and the next byte are in its bytes"),
        };
        // The next newline is past the last, or 64: the end is never before the start.
        let end = newline + 1;
        let line = StandardLine {
            word: square_text(first) | square_text(second) << 24,
            length: (end - self.start) as usize,
        };
        let after = Unread {
            newlines: without_lowest(self.newlines),
            files: after_second,
            start: end,
        };
        (line, well_formed, after)
    }
}

impl<'a> BlockLines<'a> {
    /// The lines at the start of `block`, a line's start.
    #[inline(always)]
    pub fn new(block: &'a [u8; BLOCK_AND_ONE]) -> BlockLines<'a> {
        let Some(first_block) = block.first_chunk::<BLOCK>() else {
            unreachable!("a block and one byte hold a block");
        };
        let BlockClasses {
            newlines,
            returns,
            files,
            ranks,
            others,
        } = classify_block(first_block);
        let faults = others
            | (files << 1 ^ ranks) // a file without its rank, or a rank without its file
            | (ranks << 1 & files) // squares touching
            | (returns << 1 & !newlines); // a return not right before the newline
        // The bits below the first fault: all of them when there is none.
        let before_fault = (faults & faults.wrapping_neg()).wrapping_sub(1);
        BlockLines {
            block,
            unread: Unread {
                newlines: newlines & before_fault,
                files,
                start: 0,
            },
        }
    }

    /// The next line, or `None` when it is not well formed or its newline is not in the block
    /// before the first fault (then `None` for good: the caller moves on to a new block).
    #[inline(always)]
    #[allow(clippy::should_implement_trait)] // an iterator's `next`, with no need of the trait
    pub fn next(&mut self) -> Option<StandardLine> {
        let (line, well_formed, after) = self.unread.first_line(self.block);
        if !well_formed {
            return None;
        }
        self.unread = after;
        Some(line)
    }

    /// The bytes of the lines read so far, their newlines included.
    #[inline(always)]
    pub fn bytes_read(&self) -> usize {
        self.unread.start as usize
    }
}

/// The 8×8 square whose two bytes start at `at`, with its text as typed.
#[inline(always)]
fn square_at(bytes: &[u8], at: usize) -> Option<(Square, [u8; 2])> {
    match bytes.get(at..at + 2) {
        Some(&[file, rank]) => Square::from_bytes(file, rank).map(|square| (square, [file, rank])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard::classes::{WindowClasses, classify_block_portably, classify_portably};

    proptest::proptest! {
        /// The SSE2 masks of a block and the portable ones agree: on any bytes, and on the
        /// bytes at the edges of the classes.
        #[test]
        fn both_ways_of_classing_a_block_agree(
            any in proptest::collection::vec(proptest::num::u8::ANY, BLOCK),
            edges in proptest::collection::vec(proptest::sample::select(
                b" \t\n\r\x00\x08\x0b\x1f\x21\x89\x8a\xa0\xc1\xe1\xe8\xff@AHI`ahi0189".to_vec()), BLOCK)
        ) {
            for bytes in [any, edges] {
                let block = bytes.first_chunk::<BLOCK>().unwrap();
                proptest::prop_assert_eq!(classify_block(block), classify_block_portably(block));
                #[cfg(target_arch = "x86_64")]
                {
                    let sse2 = crate::standard::simd::classify_block(block);
                    proptest::prop_assert_eq!(sse2, classify_block_portably(block));
                }
            }
        }
    }

    /// Every byte value, at every place in the window, is marked in exactly its classes (the
    /// portable classes; the SSE2 block classes are held to them above).
    #[test]
    fn each_class_marks_exactly_its_bytes() {
        for byte in 0..=u8::MAX {
            let expected = |class: &dyn Fn(u8) -> bool| {
                (0..16).fold(0, |bits, at| bits | u64::from(class(byte)) << at)
            };
            let all_of_it = WindowClasses {
                blanks: expected(&is_blank),
                newlines: expected(&|b| b == b'\n'),
                returns: expected(&|b| b == b'\r'),
                files: expected(&|b| {
                    b.is_ascii_alphabetic() && (b'a'..=b'h').contains(&(b | 0x20))
                }),
                ranks: expected(&|b| (b'1'..=b'8').contains(&b)),
            };
            let only = |at: usize, bits: u64| bits & 1 << at;
            for at in 0..16 {
                let mut window = [b'x'; 16];
                window[at] = byte;
                let single = WindowClasses {
                    blanks: only(at, all_of_it.blanks),
                    newlines: only(at, all_of_it.newlines),
                    returns: only(at, all_of_it.returns),
                    files: only(at, all_of_it.files),
                    ranks: only(at, all_of_it.ranks),
                };
                assert_eq!(classify_portably(&window), single, "{byte:#x} at {at}");
            }
            let window = [byte; 16];
            assert_eq!(classify_portably(&window), all_of_it, "{byte:#x}");
        }
    }
}
