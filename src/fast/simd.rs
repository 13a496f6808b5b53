//! Byte classes of a 16-byte window with SSE2, the x86-64 baseline: the one place the
//! accelerator uses `std::arch`. Everywhere else, and as the specification this must match,
//! the portable SWAR code in `fast/classes.rs` does the same (a property test in `fast/read.rs`
//! compares them on random windows, and the reader's tests run both).

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8, _mm_loadu_si128,
    _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
};

use crate::fast::classes::WindowClasses;

/// The classes of the window's bytes: one comparison or two a class, and one `movemask` to
/// gather each class's 16 bits.
///
/// The ranges compare bytes as signed: every range here lies within 1..=127, so bytes of 128
/// and up, negative as signed, fall below every range's low end, as they should.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unused_unsafe)] // the intrinsics below are safe to call on newer compilers
pub(crate) fn classify(window: &[u8; 16]) -> WindowClasses {
    // SAFETY: SSE2 is part of x86-64, so these instructions exist on every x86-64 processor;
    // the load reads exactly the 16 bytes `window` borrows, unaligned loads being allowed.
    unsafe {
        let bytes = _mm_loadu_si128(window.as_ptr().cast::<__m128i>());
        let every = |byte: u8| _mm_set1_epi8(byte as i8);
        let equal = |byte: u8| _mm_cmpeq_epi8(bytes, every(byte));
        let between = |lanes: __m128i, low: u8, high: u8| {
            _mm_and_si128(
                _mm_cmpgt_epi8(lanes, every(low - 1)),
                _mm_cmplt_epi8(lanes, every(high + 1)),
            )
        };
        let bits = |lanes: __m128i| u64::from(_mm_movemask_epi8(lanes) as u16);
        WindowClasses {
            blanks: bits(_mm_or_si128(equal(b' '), equal(b'\t'))),
            newlines: bits(equal(b'\n')),
            returns: bits(equal(b'\r')),
            // `| 0x20` folds A–Z onto a–z and no other byte into that range.
            files: bits(between(_mm_or_si128(bytes, every(0x20)), b'a', b'h')),
            ranks: bits(between(bytes, b'1', b'8')),
        }
    }
}
