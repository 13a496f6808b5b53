//! Eight bytes at a time: the arithmetic that lets the big-board shortcut read a square's
//! letters and digits without a loop over bytes.
//!
//! A `u64` loaded little-endian from eight bytes holds them as eight *lanes*, the first byte in
//! the lowest. Each function here works on all lanes at once with no carry or borrow crossing
//! from one lane into the next, which is what makes it exact; the comments say why none does.
//!
//! Why bother: on a big board a square is several letters and digits (`bdwgn999999`), and
//! reading them a byte at a time cost most of a line's time, largely in mispredicted loop exits,
//! since the lengths vary from line to line (profiled with `valgrind --tool=callgrind
//! --branch-sim=yes`). Here the lengths come from a mask, so no branch depends on them.

/// Eight copies of a byte, one a lane.
const fn every_lane(byte: u8) -> u64 {
    u64::from_le_bytes([byte; 8])
}

/// The top bit of every lane whose byte lies in `low..=high`, no other bit; `high` < 128.
#[inline(always)]
pub fn lanes_between(word: u64, low: u8, high: u8) -> u64 {
    debug_assert!(low <= high && high < 128);
    lanes_within(word, every_lane(low), every_lane(high))
}

/// The top bit of every lane whose byte lies between the same lanes of `lows` and `highs`,
/// inclusive, no other bit: a range of its own for each lane, each within 0..=127.
///
/// Only the low seven bits of each lane take part in the sums, so no lane overflows into the
/// next: `low7 + (128 - low)` and `(128 + high) - low7` both stay within 0..=255. The first has
/// its top bit set exactly when `low7 >= low`, the second when `low7 <= high`, and bytes of
/// 128 or more (whose top bit is set) are dropped by the last mask.
#[inline(always)]
pub fn lanes_within(word: u64, lows: u64, highs: u64) -> u64 {
    debug_assert!((lows | highs) & every_lane(0x80) == 0);
    let low7 = word & every_lane(0x7f);
    let at_least_low = low7 + (every_lane(128) - lows);
    let at_most_high = (every_lane(128) + highs) - low7;
    at_least_low & at_most_high & !word & every_lane(0x80)
}

/// How many lanes, from the first, are marked in `mask` (as [`lanes_between`] marks them):
/// the length of the run the word starts with, 0 to 8.
#[inline(always)]
pub fn leading_lanes(mask: u64) -> usize {
    ((!mask & every_lane(0x80)).trailing_zeros() / 8) as usize
}

/// The number written by the first `count` lanes (1 to 8) of `word`, most significant first, in
/// base `base` (at most 256), after each lane has had `zero` taken from it: `b'0'` for decimal
/// digits; for letters, the byte before `a`, so that `a` is 1 and `z` is 26, as in the
/// bijective base-26 numbering of files.
///
/// The lanes are first moved to the top of the word, so that the empty lanes below them count
/// as leading zeros; then neighbouring lanes are combined pairwise, three times: 8 digits,
/// 4 two-digit numbers in 16-bit lanes, 2 four-digit numbers in 32-bit lanes, 1 number. Each
/// partial number fits its wider lane: below base² in 16 bits and base⁴ in 32 bits for base
/// 26 (and 10), and the final one is below 26⁸.
#[inline(always)]
pub fn lanes_value(word: u64, count: usize, zero: u8, base: u64) -> u64 {
    debug_assert!((1..=8).contains(&count));
    // Subtracting `zero` from each kept lane borrows nothing: each is at least `zero` (it is a
    // digit or a letter); lanes past `count`, which may borrow, lie above them and are shifted out.
    let values = word.wrapping_sub(every_lane(zero)) << (8 * (8 - count));
    let pairs = (values & 0x00ff_00ff_00ff_00ff) * base + ((values >> 8) & 0x00ff_00ff_00ff_00ff);
    let quads =
        (pairs & 0x0000_ffff_0000_ffff) * (base * base) + ((pairs >> 16) & 0x0000_ffff_0000_ffff);
    (quads & 0xffff_ffff) * (base * base * base * base) + (quads >> 32)
}

/// The decimal digits of `number`, below 10⁸, as ASCII in eight lanes with the first digit
/// in the first lane, and how many digits there are; the lanes after the last digit hold `0`s.
///
/// The inverse of [`lanes_value`], by the same halving run backwards: the number is split
/// into two four-digit halves in 32-bit lanes, each of those into two two-digit pairs in
/// 16-bit lanes, and each pair into two digits in 8-bit lanes. Each step divides by
/// multiplying and shifting, which is exact in the range it is used on (below 10⁴ for 100,
/// below 100 for 10, checked for every value by a test); no product outgrows its lane, so
/// the shift only brings bits of the next lane into the low lane's top, which the mask
/// clears.
#[inline(always)]
pub fn decimal_lanes(number: u64) -> ([u8; 8], usize) {
    debug_assert!(number < 100_000_000);
    let halves = (number / 10_000) | ((number % 10_000) << 32);
    let hundreds = ((halves * 5243) >> 19) & 0x0000_007f_0000_007f;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000f_000f_000f_000f;
    let digits = tens | ((pairs - tens * 10) << 8);
    // The number's leading zeros are the empty lanes at the start; "0" keeps one.
    let leading_zeros = (digits.trailing_zeros() / 8).min(7);
    let text = (digits >> (8 * leading_zeros)) | every_lane(b'0');
    (text.to_le_bytes(), 8 - leading_zeros as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(bytes: &[u8]) -> u64 {
        let mut lanes = [0u8; 8];
        lanes[..bytes.len()].copy_from_slice(bytes);
        u64::from_le_bytes(lanes)
    }

    #[test]
    fn lanes_between_marks_exactly_the_bytes_in_range_for_every_byte() {
        for byte in 0..=255u8 {
            for neighbour in [0u8, b'0', b'a', b'z', 0x7f, 0x80, 0xff] {
                let mask = lanes_between(word(&[neighbour, byte, neighbour]), b'0', b'9');
                let marked = (mask >> 15) & 1 == 1;
                assert_eq!(marked, byte.is_ascii_digit(), "{byte:#x} by {neighbour:#x}");
                let others = mask & !(0x80 << 8);
                assert_eq!(others != 0, neighbour.is_ascii_digit(), "{neighbour:#x}");
            }
        }
    }

    #[test]
    fn leading_lanes_counts_the_run_at_the_start() {
        let cases: [(&[u8], usize); 5] = [
            (b"", 0),
            (b"x123", 0),
            (b"123 4", 3),
            (b"1234567", 7),
            (b"12345678", 8),
        ];
        for (bytes, run) in cases {
            let mask = lanes_between(word(bytes), b'0', b'9');
            assert_eq!(leading_lanes(mask), run, "{bytes:?}");
        }
    }

    #[test]
    fn the_divisions_by_multiplying_are_exact_where_used() {
        for x in 0..10_000u64 {
            assert_eq!((x * 5243) >> 19, x / 100, "{x}");
        }
        for y in 0..100u64 {
            assert_eq!((y * 103) >> 10, y / 10, "{y}");
        }
    }

    #[test]
    fn decimal_lanes_writes_numbers_without_leading_zeros() {
        let numbers = (0..100_000u64).chain([99_999_999, 10_000_000, 12_345_678, 10_000_001]);
        for number in numbers {
            let (text, count) = decimal_lanes(number);
            assert_eq!(&text[..count], number.to_string().as_bytes(), "{number}");
            let value = lanes_value(u64::from_le_bytes(text), count, b'0', 10);
            assert_eq!(value, number);
        }
    }

    proptest::proptest! {
        #[test]
        fn decimal_lanes_writes_any_number_below_a_hundred_million(number in 0u64..100_000_000) {
            let (text, count) = decimal_lanes(number);
            let expected = number.to_string();
            proptest::prop_assert_eq!(&text[..count], expected.as_bytes());
        }

        #[test]
        fn lanes_value_reads_decimal_numbers(number in 0u64..100_000_000, junk in proptest::num::u64::ANY) {
            let digits = number.to_string();
            let count = digits.len();
            // The lanes after the number hold junk, which must not change it.
            let mut lanes = junk.to_le_bytes();
            lanes[..count].copy_from_slice(digits.as_bytes());
            let value = lanes_value(u64::from_le_bytes(lanes), count, b'0', 10);
            proptest::prop_assert_eq!(value, number);
        }

        #[test]
        fn lanes_value_reads_bijective_base_26(letters in "[a-z]{1,8}", junk in proptest::num::u64::ANY) {
            let expected = letters.bytes().fold(0u64, |n, letter| n * 26 + u64::from(letter - b'a' + 1));
            let mut lanes = junk.to_le_bytes();
            lanes[..letters.len()].copy_from_slice(letters.as_bytes());
            let value = lanes_value(u64::from_le_bytes(lanes), letters.len(), b'a' - 1, 26);
            proptest::prop_assert_eq!(value, expected);
        }
    }
}
