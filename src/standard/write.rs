//! The accelerator's writers: the same sentences as the program's `format::sentence`, byte for
//! byte, with no loop and no variable-length copy. `fast/held.rs` holds them to the
//! general writers.

use std::mem::MaybeUninit;

use crate::standard::Square;

/// The judge's answer with blanks to fill: the squares at bytes 12–13 and 18–19, the number of
/// moves at byte 27. "moves" stays plural even for one move, as the judge expects.
pub const SENTENCE: [u8; 43] = *b"To get from xx to yy takes n knight moves.\n";

/// Bytes [`judge_sentence_words`] gives: the sentence's 43 and 5 to spare, so that the
/// sentence is six 8-byte words.
pub const SENTENCE_WORDS_BYTES: usize = 48;

/// The judge's sentence with zeros where the squares and the moves' digit go, in the words
/// of [`judge_sentence_words`].
pub const SENTENCE_TEMPLATE_WORDS: [u64; SENTENCE_WORDS_BYTES / 8] = {
    let mut bytes = [0; SENTENCE_WORDS_BYTES];
    let mut at = 0;
    while at < SENTENCE.len() {
        bytes[at] = match at {
            12 | 13 | 18 | 19 | 27 => 0,
            _ => SENTENCE[at],
        };
        at += 1;
    }
    bytes[27] = 0;
    let mut words = [0; 6];
    let mut word = 0;
    while word < 6 {
        let mut lanes = [0; 8];
        let mut lane = 0;
        while lane < 8 {
            lanes[lane] = bytes[8 * word + lane];
            lane += 1;
        }
        words[word] = u64::from_le_bytes(lanes);
        word += 1;
    }
    words
};

/// The judge's sentence for a line of the judge's exact shape loaded as the 8-byte `line` (lanes
/// 0–1 the first square's text, 3–4 the second's) and the `digit` of its moves, as six 8-byte words
/// to store one after the other; the last five bytes are spare, left for the next sentence to
/// overwrite.
///
/// Each word is a word of the template or-ed with the line's lanes moved into place: no byte
/// is copied on its own. Three words are the template's alone.
// The specification of the SSE2 code (`standard/simd.rs`), which x86-64 runs instead.
#[inline(always)]
pub fn judge_sentence_words(line: u64, digit: u8) -> [u64; SENTENCE_WORDS_BYTES / 8] {
    debug_assert!(digit.is_ascii_digit(), "a one-digit distance");
    let from = line & 0xffff; // bytes 0–1, to bytes 12–13: lanes 4–5 of word 1
    let to = (line >> 24) & 0xffff; // bytes 3–4, to bytes 18–19: lanes 2–3 of word 2
    [
        SENTENCE_TEMPLATE_WORDS[0],
        SENTENCE_TEMPLATE_WORDS[1] | from << 32,
        SENTENCE_TEMPLATE_WORDS[2] | to << 16,
        SENTENCE_TEMPLATE_WORDS[3] | u64::from(digit) << 24, // byte 27: lane 3 of word 3
        SENTENCE_TEMPLATE_WORDS[4],
        SENTENCE_TEMPLATE_WORDS[5],
    ]
}

/// Appends the judge's sentence for the squares' texts `from` and `to` (as typed) and the
/// `digit` of its moves: the whole sentence copied from [`SENTENCE`] (as three 16-byte stores
/// on x86-64), then the squares and the digit stored over its blanks. Six stores and nothing
/// to compute, where putting the squares into the template's vectors first
/// ([`judge_sentence_words`] and its SSE2 twin) took a messy line fourteen shuffles and moves
/// as the compiler laid them out (scripts/count-instructions.sh).
#[inline(always)]
pub fn append_sentence_over_template<const N: usize>(
    room: &mut Room<'_, N>,
    from: [u8; 2],
    to: [u8; 2],
    digit: u8,
) {
    /// [`SENTENCE`] and five bytes to spare, left for the next answer to overwrite.
    const PADDED: [u8; SENTENCE_WORDS_BYTES] = {
        let mut bytes = [0; SENTENCE_WORDS_BYTES];
        let mut at = 0;
        while at < SENTENCE.len() {
            bytes[at] = SENTENCE[at];
            at += 1;
        }
        bytes
    };
    let start = room.len();
    room.append(PADDED, SENTENCE.len());
    room.patch(start + 12, from);
    room.patch(start + 18, to);
    room.patch(start + 27, [digit]);
}

/// The spare capacity at the end of an output buffer, `N` bytes of it, written front to back by
/// fixed-size copies with no check of its own each: [`fill_room`] makes sure of the room once,
/// and adds what was written to the buffer.
///
/// Appending each answer with `extend_from_slice` checks the buffer's capacity and moves its length
/// once an answer; in a batch of eight judge lines the room is checked once, and where the copies
/// land at offsets known when compiling (the judge's sentences), nothing is left to check. Each
/// copy is of a fixed size, at least what is kept of it, as in the program's
/// `fast::board_lines::push_sentence_by_windows`: what it writes past the end is overwritten by the
/// next.
pub struct Room<'a, const N: usize> {
    bytes: &'a mut [MaybeUninit<u8>; N],
    /// How many bytes from the start are kept: every byte before this one has been written.
    len: usize,
}

impl<const N: usize> Room<'_, N> {
    /// Copies all of `bytes` at the end of what is kept, and keeps the first `keep` of them.
    #[inline(always)]
    pub fn append<const M: usize>(&mut self, bytes: [u8; M], keep: usize) {
        assert!(keep <= M, "keeping bytes not written");
        self.bytes[self.len..self.len + M].copy_from_slice(&bytes.map(MaybeUninit::new));
        self.len += keep;
    }

    /// Copies `bytes` over kept bytes, from `at`.
    #[inline(always)]
    pub fn patch<const M: usize>(&mut self, at: usize, bytes: [u8; M]) {
        assert!(at + M <= self.len, "patching bytes not kept");
        self.bytes[at..at + M].copy_from_slice(&bytes.map(MaybeUninit::new));
    }

    /// How many bytes are kept.
    #[inline(always)]
    fn len(&self) -> usize {
        self.len
    }
}

/// Lets `fill` write into `N` bytes of room at the end of `out`, and appends what it kept. See
/// [`Room`] for why.
#[inline(always)]
pub fn fill_room<const N: usize>(out: &mut Vec<u8>, fill: impl FnOnce(&mut Room<'_, N>)) {
    /// A closure as a [`RoomFiller`].
    struct Closure<F>(F);
    impl<const N: usize, F: FnOnce(&mut Room<'_, N>)> RoomFiller<N> for Closure<F> {
        type Filled = ();
        #[inline(always)]
        fn fill(self, room: &mut Room<'_, N>) {
            (self.0)(room);
        }
    }
    fill_room_by(out, Closure(fill));
}

/// What writes into a [`Room`], for [`fill_room_by`]: a closure does ([`fill_room`]), and so
/// may a type whose `fill` is always inlined, where a closure may not be.
pub trait RoomFiller<const N: usize> {
    /// What the filler says when done.
    type Filled;

    /// Writes into `room`.
    fn fill(self, room: &mut Room<'_, N>) -> Self::Filled;
}

/// Lets `filler` write into `N` bytes of room at the end of `out`, and appends what it kept;
/// returns what `filler` says. [`fill_room`] for a filler whose work is too large for the
/// compiler to inline it as a closure (it inlines a closure only when small, and there is no
/// way to ask for it): out of line, a block's loop in `standard/lines.rs` kept its values in memory
/// and lost the AVX2 code its caller is compiled for (docs/PERFORMANCE.md).
#[inline(always)]
pub fn fill_room_by<const N: usize, F: RoomFiller<N>>(out: &mut Vec<u8>, filler: F) -> F::Filled {
    out.reserve(N);
    let Some(bytes) = out.spare_capacity_mut().first_chunk_mut::<N>() else {
        unreachable!("the room was reserved");
    };
    let mut room = Room { bytes, len: 0 };
    let filled = filler.fill(&mut room);
    let kept = room.len;
    // SAFETY: `Room::append` writes at least the bytes it adds to `len`, right at `len`,
    // `patch` writes only below `len`, and nothing else changes `len`, so every byte before
    // `kept` has been written; those bytes are the start of `out`'s spare capacity, as the
    // room is (`kept` ≤ N ≤ the spare capacity, the slices' bounds checks see to it). So the
    // new length covers written bytes.
    unsafe { out.set_len(out.len() + kept) };
    filled
}

/// The end of a routed answer on 8×8, from the colon on, with every square in lower case:
/// `: e2 c3 e4.` and the newline. No 8×8 route is longer than 6 moves, so the text fits in
/// 24 bytes in place: copying it is one fixed-size move, with no heap and no loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RouteText {
    bytes: [u8; RouteText::CAPACITY],
    len: u8,
}

impl RouteText {
    /// ": " and 7 squares with a space between each, ".\n".
    const CAPACITY: usize = 2 + 7 * 3 - 1 + 2;

    /// The text for `route`, which holds both ends (one square for a route of no moves).
    pub fn new(route: &[Square]) -> RouteText {
        assert!(
            (1..=7).contains(&route.len()),
            "an 8x8 route has 1 to 7 squares"
        );
        let mut text = RouteText {
            bytes: [0; RouteText::CAPACITY],
            len: 0,
        };
        let mut put = |bytes: &[u8]| {
            let at = usize::from(text.len);
            text.bytes[at..at + bytes.len()].copy_from_slice(bytes);
            text.len += bytes.len() as u8;
        };
        put(b":");
        for square in route {
            put(b" ");
            put(&square.name());
        }
        put(b".\n");
        text
    }

    #[cfg(test)]
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

/// Bytes a judge sentence with an 8×8 route takes at most in a [`Room`]: the sentence up to
/// "moves" (41 bytes, appended as 48), then the route's text at its full size.
pub const ROUTED_SENTENCE_ROOM: usize = ROUTE_AT + RouteText::CAPACITY;

/// Where a route's text goes in the judge's sentence: over its full stop and newline.
pub const ROUTE_AT: usize = SENTENCE.len() - 2;

/// Appends the text of `route`, with the squares' typed `texts` at its ends, to the judge's
/// sentence appended up to "moves" in `room` (the kept bytes ending there), as
/// `format::sentence::push_sentence_with_route` writes it.
/// Fixed-size copies: the route's 24 bytes, then the last square's text and the first's over
/// them, the first last, so that it wins where they are one square (a route of no moves), as
/// the general writer has it. Appending the route's pieces one by one took half as long again
/// as the whole plain answer.
#[inline(always)]
pub fn append_route_text<const N: usize>(
    room: &mut Room<'_, N>,
    (from, to): ([u8; 2], [u8; 2]),
    route: &RouteText,
) {
    let start = room.len();
    room.append(route.bytes, usize::from(route.len));
    let end = room.len();
    room.patch(end - 4, to);
    room.patch(start + 2, from);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// The room adds what was appended and kept, after what the buffer held, patched where
    /// patched, and grows the buffer when it is short of room.
    #[test]
    fn a_room_adds_what_was_appended_and_kept() {
        for capacity in [0, 5, 20, 100] {
            let mut out = Vec::with_capacity(capacity);
            out.extend_from_slice(b"ab");
            fill_room::<12>(&mut out, |room| {
                room.append(*b"cdef", 2);
                room.append(*b"EFGH", 4);
                room.append(*b"ijklmn", 2);
                room.patch(1, *b"XY");
            });
            assert_eq!(out, b"abcXYFGHij");
            fill_room::<4>(&mut out, |room| room.append(*b"xy", 2));
            assert_eq!(out, b"abcXYFGHijxy");
            fill_room::<4>(&mut out, |_| {});
            assert_eq!(out, b"abcXYFGHijxy");
        }
    }

    #[test]
    #[should_panic(expected = "patching bytes not kept")]
    fn a_room_refuses_a_patch_past_what_it_keeps() {
        fill_room::<8>(&mut Vec::new(), |room| {
            room.append(*b"abcd", 2);
            room.patch(1, *b"xy");
        });
    }

    #[test]
    #[should_panic(expected = "keeping bytes not written")]
    fn a_room_refuses_to_keep_more_than_it_wrote() {
        fill_room::<8>(&mut Vec::new(), |room| room.append(*b"ab", 3));
    }

    #[test]
    fn route_texts_hold_the_longest_route() {
        let longest: Vec<Square> = ["a1", "b3", "c5", "d7", "f8", "g6", "h8"]
            .map(square)
            .into();
        assert_eq!(
            RouteText::new(&longest).as_bytes(),
            b": a1 b3 c5 d7 f8 g6 h8.\n"
        );
        assert_eq!(RouteText::new(&[square("f6")]).as_bytes(), b": f6.\n");
    }
}
