//! Byte classes of a 16-byte window with SSE2, the x86-64 baseline: the one place the
//! accelerator uses `std::arch`. Everywhere else, and as the specification these must match,
//! the portable SWAR code in `fast/read.rs` does the same (a test compares them on random
//! windows and the property tests run both).

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{
    __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
};

/// Bit i set when byte i of `window` is a blank (space or tab); bit i of the second when it is
/// a newline.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
#[allow(unused_unsafe)] // the intrinsics below are safe to call on newer compilers
pub(crate) fn blanks_and_newlines(window: &[u8; 16]) -> (u64, u64) {
    // SAFETY: SSE2 is part of x86-64, so these instructions exist on every x86-64 processor;
    // the load reads exactly the 16 bytes `window` borrows, unaligned loads being allowed.
    unsafe {
        let bytes = _mm_loadu_si128(window.as_ptr().cast::<__m128i>());
        let equal = |byte: u8| _mm_cmpeq_epi8(bytes, _mm_set1_epi8(byte as i8));
        let blanks = _mm_or_si128(equal(b' '), equal(b'\t'));
        let newlines = equal(b'\n');
        (
            u64::from(_mm_movemask_epi8(blanks) as u16),
            u64::from(_mm_movemask_epi8(newlines) as u16),
        )
    }
}
