//! A block's byte classes (SSE2, the x86-64 baseline, or AVX2 where the processor has it), the
//! check of a batch of judge lines and the judge's sentence in vectors (SSE2): the one place the
//! accelerator uses `std::arch`. Everywhere else, and as the
//! specification this must match, portable SWAR code does the same: `standard/classes.rs` and
//! `standard/batch.rs`, whose property tests (in `standard/read.rs` and `standard/batch.rs`)
//! compare them on random inputs.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_insert_epi16,
    _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_setzero_si128,
    _mm_subs_epu8,
};

use crate::standard::batch::{BYTES, FOLD, LEAST, MOST, line_pattern};
use crate::standard::write::{SENTENCE_TEMPLATE_WORDS, SENTENCE_WORDS_BYTES};

use crate::standard::classes::BlockClasses;

/// The classes of a block of 64 bytes ([`crate::standard::classes::classify_block_portably`], the
/// specification): four vectors of 16, each compared for the five classes, the five
/// classes of each gathered by one `movemask` each into its 16 bits of the block's masks.
/// Classing 64 bytes at once is what lets one classification serve the seven or so messy lines
/// a block holds.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unused_unsafe)] // the intrinsics below are safe to call on newer compilers
pub fn classify_block(block: &[u8; 64]) -> BlockClasses {
    // SAFETY: SSE2 is part of x86-64, so these instructions exist on every x86-64 processor;
    // each load reads 16 of the 64 bytes `block` borrows (at 0, 16, 32 and 48), unaligned loads
    // being allowed.
    unsafe {
        let every = |byte: u8| _mm_set1_epi8(byte as i8);
        let between = |lanes: __m128i, low: u8, high: u8| {
            _mm_and_si128(
                _mm_cmpgt_epi8(lanes, every(low - 1)),
                _mm_cmplt_epi8(lanes, every(high + 1)),
            )
        };
        let mut classes = BlockClasses::default();
        let mut known = 0;
        for index in 0..4 {
            let Some(window) = block[16 * index..].first_chunk::<16>() else {
                unreachable!("64 bytes hold four vectors");
            };
            let bytes = _mm_loadu_si128(window.as_ptr().cast::<__m128i>());
            let equal = |byte: u8| _mm_cmpeq_epi8(bytes, every(byte));
            let bits = |lanes: __m128i| u64::from(_mm_movemask_epi8(lanes) as u16) << (16 * index);
            let newlines = equal(b'\n');
            let returns = equal(b'\r');
            // `| 0x20` folds A–Z onto a–z and no other byte into that range.
            let files = between(_mm_or_si128(bytes, every(0x20)), b'a', b'h');
            let ranks = between(bytes, b'1', b'8');
            let blanks = _mm_or_si128(equal(b' '), equal(b'\t'));
            let line_ends = _mm_or_si128(newlines, returns);
            let squares = _mm_or_si128(files, ranks);
            classes.newlines |= bits(newlines);
            classes.returns |= bits(returns);
            classes.files |= bits(files);
            classes.ranks |= bits(ranks);
            known |= bits(_mm_or_si128(blanks, _mm_or_si128(line_ends, squares)));
        }
        classes.others = !known;
        classes
    }
}

/// [`classify_block`] with AVX2, two 32-byte vectors for the block instead of four of 16: half
/// the comparisons and `movemask`s, which are most of a messy line's classing. AVX2 is not part
/// of the x86-64 baseline, so the caller asks the processor first
/// ([`crate::standard::read`]'s `classify_block`); the portable code stays the specification, and
/// a property test holds this to it where the processor has AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub unsafe fn classify_block_avx2(block: &[u8; 64]) -> BlockClasses {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8, _mm256_loadu_si256,
        _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
    };
    // SAFETY: the caller has made sure the processor has AVX2; each load reads 32 of the 64
    // bytes `block` borrows (at 0 and 32), unaligned loads being allowed.
    unsafe {
        let every = |byte: u8| _mm256_set1_epi8(byte as i8);
        // Signed comparisons, as in the SSE2 code: a byte from 0x80 up is below every bound.
        let between = |lanes: __m256i, low: u8, high: u8| {
            _mm256_and_si256(
                _mm256_cmpgt_epi8(lanes, every(low - 1)),
                _mm256_cmpgt_epi8(every(high + 1), lanes),
            )
        };
        let mut classes = BlockClasses::default();
        let mut known = 0;
        for index in 0..2 {
            let Some(half) = block[32 * index..].first_chunk::<32>() else {
                unreachable!("64 bytes hold two 32-byte vectors");
            };
            let bytes = _mm256_loadu_si256(half.as_ptr().cast::<__m256i>());
            let equal = |byte: u8| _mm256_cmpeq_epi8(bytes, every(byte));
            let bits =
                |lanes: __m256i| u64::from(_mm256_movemask_epi8(lanes) as u32) << (32 * index);
            let newlines = equal(b'\n');
            let returns = equal(b'\r');
            let files = between(_mm256_or_si256(bytes, every(0x20)), b'a', b'h');
            let ranks = between(bytes, b'1', b'8');
            let blanks = _mm256_or_si256(equal(b' '), equal(b'\t'));
            let line_ends = _mm256_or_si256(newlines, returns);
            let squares = _mm256_or_si256(files, ranks);
            classes.newlines |= bits(newlines);
            classes.returns |= bits(returns);
            classes.files |= bits(files);
            classes.ranks |= bits(ranks);
            known |= bits(_mm256_or_si256(blanks, _mm256_or_si256(line_ends, squares)));
        }
        classes.others = !known;
        classes
    }
}

/// [`crate::standard::batch::is_judge_batch_portably`] on three 16-byte vectors: each byte, its
/// files folded, is outside its range exactly when a saturating subtraction of its least from it,
/// or of it from its most, leaves something; all 48 are gathered into one mask and one test.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unused_unsafe)] // the intrinsics below are safe to call on newer compilers
pub fn is_judge_batch(lines: &[u8; BYTES]) -> bool {
    // A vector starts 0, 4 or 2 bytes into a line (16 and 32 bytes into the batch).
    const fn patterns(line: &[u8; 6]) -> [[u8; 16]; 3] {
        [
            line_pattern(line, 0),
            line_pattern(line, 4),
            line_pattern(line, 2),
        ]
    }
    const FOLDS: [[u8; 16]; 3] = patterns(FOLD);
    const LEASTS: [[u8; 16]; 3] = patterns(LEAST);
    const MOSTS: [[u8; 16]; 3] = patterns(MOST);
    // SAFETY: SSE2 is part of x86-64, so these instructions exist on every x86-64 processor;
    // each load reads 16 of the 48 bytes `lines` borrows (at 0, 16 and 32), or 16 bytes of a
    // pattern array, unaligned loads being allowed.
    unsafe {
        let load = |bytes: &[u8; 16]| _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>());
        let mut outside = _mm_setzero_si128();
        for index in 0..3 {
            let Some(bytes) = lines[16 * index..].first_chunk::<16>() else {
                unreachable!("48 bytes hold three vectors");
            };
            let bytes = _mm_or_si128(load(bytes), load(&FOLDS[index]));
            let below = _mm_subs_epu8(load(&LEASTS[index]), bytes);
            let above = _mm_subs_epu8(bytes, load(&MOSTS[index]));
            outside = _mm_or_si128(outside, _mm_or_si128(below, above));
        }
        _mm_movemask_epi8(_mm_cmpeq_epi8(outside, _mm_setzero_si128())) == 0xffff
    }
}

/// [`crate::standard::write::judge_sentence_words`] in three 16-byte vectors: the template's, with
/// the first square's two bytes, the second's, and the blank and digit of the moves each put in
/// with one `pinsrw` (a 16-bit insert), where the words take a shift, a mask and an `or` for each,
/// and eight constants that do not all stay in registers.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unused_unsafe)] // the intrinsics below are safe to call on newer compilers
pub fn judge_sentence_vectors(line: u64, digit: u8) -> [[u8; 16]; 3] {
    /// The template's bytes: [`SENTENCE_TEMPLATE_WORDS`] as vectors (lane 5 of the second is
    /// put in whole, so its blank comes with the digit).
    const TEMPLATE: [[u8; 16]; 3] = {
        let words = SENTENCE_TEMPLATE_WORDS;
        let mut vectors = [[0; 16]; 3];
        let mut at = 0;
        while at < SENTENCE_WORDS_BYTES {
            vectors[at / 16][at % 16] = words[at / 8].to_le_bytes()[at % 8];
            at += 1;
        }
        vectors
    };
    // SAFETY: SSE2 is part of x86-64, so these instructions exist on every x86-64 processor;
    // each load reads one 16-byte array of the template, unaligned loads being allowed, and
    // the vectors are turned into bytes by value (every bit pattern is bytes).
    unsafe {
        let load = |bytes: &[u8; 16]| _mm_loadu_si128(bytes.as_ptr().cast::<__m128i>());
        // Bytes 12–13, the first square: 16-bit lane 6 of the first vector.
        let first = _mm_insert_epi16::<6>(load(&TEMPLATE[0]), line as u16 as i32);
        // Bytes 18–19, the second square (the line's bytes 3–4): lane 1 of the second; bytes
        // 26–27, the blank before the moves and their digit: lane 5.
        let second = _mm_insert_epi16::<1>(load(&TEMPLATE[1]), (line >> 24) as u16 as i32);
        let moves_lane = i32::from(b' ') | i32::from(digit) << 8;
        let second = _mm_insert_epi16::<5>(second, moves_lane);
        [
            std::mem::transmute::<__m128i, [u8; 16]>(first),
            std::mem::transmute::<__m128i, [u8; 16]>(second),
            TEMPLATE[2],
        ]
    }
}
