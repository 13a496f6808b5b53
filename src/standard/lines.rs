//! The accelerator's 8×8 loops: the judge's lines read and answered, a batch of eight of the
//! judge's shape at a time (`batch.rs`), others a 64-byte block at a time (`read.rs`), each
//! answer written by a small type a kind of answer (`Sentences`, `Routes`, `Numbers`) into room
//! checked once (`write.rs`). `fast/` chooses when they run and holds them to the general path.

use crate::standard::batch::{self, MOVE_DIGITS_BY_KEY, pair_key, squares_key};
use crate::standard::read::{
    self, BLOCK, BLOCK_AND_ONE, BlockLines, checked_judge_line, exact_query_line, scan_query_line,
};
#[cfg(target_arch = "x86_64")]
use crate::standard::simd;
use crate::standard::write::{
    self, ROUTE_AT, ROUTED_SENTENCE_ROOM, Room, RoomFiller, RouteText, SENTENCE,
    SENTENCE_WORDS_BYTES, append_route_text, append_sentence_over_template, fill_room,
    fill_room_by,
};
use crate::standard::{DISTANCES, Square};

/// How much of the input one call of the program's `fast::Accelerator::answer_run` answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answered {
    /// Bytes taken, up to and including the last answered line's newline.
    pub bytes: usize,
    /// Lines answered.
    pub lines: u64,
}

impl Answered {
    /// Counts one more line answered, `length` bytes long with its newline.
    #[inline(always)]
    pub fn take(&mut self, length: usize) {
        self.bytes += length;
        self.lines += 1;
    }
}

/// What the 8×8 loops write for each line they read: one implementation a variant. A trait
/// with an `inline(always)` method, not a closure, so that both loops get the answer's code in
/// place: a closure called from both, for routes, was left out of line, and `--path` took 20%
/// longer.
pub trait JudgeAnswer {
    /// Appends the answer to `line`.
    fn write(&mut self, line: &read::StandardLine);

    /// Appends the answers to a batch of lines of the judge's exact shape, checked by
    /// [`is_judge_batch`]: the first [`batch::BYTES`] bytes of `window`.
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]);

    /// Appends the answers to the lines `lines` reads from a block, at most `most_lines` of
    /// them, in room checked once for the most a block holds ([`block_answers`]); says how
    /// many it answered.
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered;
}

/// The most lines a block holds: the shortest answered line, the judge's, is six bytes long.
const BLOCK_LINES: usize = BLOCK / batch::LINE_BYTES;

/// Appends the answers to the lines `lines` reads, at most `most_lines`, each by `append`,
/// in `ROOM` bytes checked once ([`fill_room_by`]): the room a block's lines need, which
/// [`BlockAnswers`] fills. Checking the room once a line cost a messy line six instructions
/// (scripts/count-instructions.sh).
#[inline(always)]
fn block_answers<const ROOM: usize>(
    out: &mut Vec<u8>,
    lines: BlockLines<'_>,
    most_lines: u64,
    append: impl FnMut(&mut Room<'_, ROOM>, &read::StandardLine),
) -> Answered {
    let block = BlockAnswers {
        lines,
        most_lines,
        append,
    };
    fill_room_by(out, block)
}

/// A block's lines and how to answer them, for [`block_answers`]: one at a time, at most
/// `most_lines` (a type, not a closure, so that the loop is always inlined: [`fill_room_by`]).
struct BlockAnswers<'a, A> {
    lines: BlockLines<'a>,
    most_lines: u64,
    append: A,
}

impl<const ROOM: usize, A> RoomFiller<ROOM> for BlockAnswers<'_, A>
where
    A: FnMut(&mut Room<'_, ROOM>, &read::StandardLine),
{
    type Filled = Answered;

    #[inline(always)]
    fn fill(self, room: &mut Room<'_, ROOM>) -> Answered {
        let BlockAnswers {
            mut lines,
            most_lines,
            mut append,
        } = self;
        // At most BLOCK_LINES: so the compiler sees that the room holds every answer.
        let most_lines = most_lines.min(BLOCK_LINES as u64);
        let mut answered = Answered::default();
        while answered.lines < most_lines {
            let Some(line) = lines.next() else {
                break;
            };
            append(room, &line);
            answered.lines += 1;
        }
        answered.bytes = lines.bytes_read();
        answered
    }
}

/// The `line`th line of a batch's `window` as an 8-byte word (its last two lanes the next
/// line's).
#[inline(always)]
fn line_word(window: &[u8; batch::WINDOW], line: usize) -> u64 {
    let Some(word) = window[batch::LINE_BYTES * line..].first_chunk::<8>() else {
        unreachable!("a batch's window holds each line and two bytes more");
    };
    u64::from_le_bytes(*word)
}

/// SPOJ NAKANJ's answers: the distance and a newline.
pub struct Numbers<'a>(pub &'a mut Vec<u8>);

impl JudgeAnswer for Numbers<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let digit = MOVE_DIGITS_BY_KEY[pair_key(line.word)];
        self.0.extend_from_slice(&[digit, b'\n']);
    }

    /// Two bytes a line, looked up by the lines' keys, in room checked once.
    #[inline(always)]
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]) {
        fill_room::<{ 2 * batch::LINES }>(self.0, |room| {
            for line in 0..batch::LINES {
                let digit = MOVE_DIGITS_BY_KEY[pair_key(line_word(window, line))];
                room.append([digit, b'\n'], 2);
            }
        });
    }

    #[inline(always)]
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered {
        block_answers::<{ 2 * BLOCK_LINES }>(self.0, lines, most_lines, |room, line| {
            room.append([MOVE_DIGITS_BY_KEY[pair_key(line.word)], b'\n'], 2);
        })
    }
}

/// The judge's sentences.
pub struct Sentences<'a>(pub &'a mut Vec<u8>);

impl JudgeAnswer for Sentences<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let word = line.word;
        let digit = MOVE_DIGITS_BY_KEY[pair_key(word)];
        fill_room::<SENTENCE_WORDS_BYTES>(self.0, |room| {
            append_judge_sentence(room, word, digit, SENTENCE.len());
        });
    }

    /// Each sentence made from the line's word ([`append_judge_sentence`]), in room checked
    /// once for the eight.
    #[inline(always)]
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]) {
        const ROOM: usize = SENTENCE.len() * (batch::LINES - 1) + SENTENCE_WORDS_BYTES;
        fill_room::<ROOM>(self.0, |room| {
            for line in 0..batch::LINES {
                let word = line_word(window, line);
                let digit = MOVE_DIGITS_BY_KEY[pair_key(word)];
                append_judge_sentence(room, word, digit, SENTENCE.len());
            }
        });
    }

    #[inline(always)]
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered {
        const ROOM: usize = SENTENCE.len() * (BLOCK_LINES - 1) + SENTENCE_WORDS_BYTES;
        block_answers::<ROOM>(self.0, lines, most_lines, |room, line| {
            let digit = MOVE_DIGITS_BY_KEY[pair_key(line.word)];
            let (from, to) = line.texts();
            append_sentence_over_template(room, from, to, digit);
        })
    }
}

/// Whether `lines` are eight lines of the judge's exact shape
/// ([`batch::is_judge_batch_portably`], the specification): on x86-64 by SSE2 (`standard/simd.rs`),
/// three vectors' comparisons where the portable code takes six words' worth. Chosen here,
/// above both, so that neither knows the other.
#[inline(always)]
pub fn is_judge_batch(lines: &[u8; batch::BYTES]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-sse2") {
        return simd::is_judge_batch(lines);
    }
    batch::is_judge_batch_portably(lines)
}

/// Appends the judge's sentence for the judge line loaded as `word`, whose moves `digit`
/// writes, to `room`, keeping its first `keep` bytes: on x86-64 as three vectors
/// (`standard/simd.rs`), elsewhere as six words ([`write::judge_sentence_words`], the specification
/// the vectors are tested against).
#[inline(always)]
fn append_judge_sentence<const N: usize>(
    room: &mut Room<'_, N>,
    word: u64,
    digit: u8,
    keep: usize,
) {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-sse2") {
        let pieces = simd::judge_sentence_vectors(word, digit);
        return append_pieces(room, pieces, keep);
    }
    let pieces = write::judge_sentence_words(word, digit).map(u64::to_le_bytes);
    append_pieces(room, pieces, keep);
}

/// Appends the sentence's `pieces` to `room`, keeping its first `keep` bytes.
#[inline(always)]
fn append_pieces<const N: usize, const PIECE: usize, const PIECES: usize>(
    room: &mut Room<'_, N>,
    pieces: [[u8; PIECE]; PIECES],
    keep: usize,
) {
    for (index, bytes) in pieces.into_iter().enumerate() {
        room.append(bytes, keep.saturating_sub(index * PIECE).min(PIECE));
    }
}

/// The judge's sentences with the table engine's routes, from their precomputed texts.
pub struct Routes<'a> {
    pub out: &'a mut Vec<u8>,
    pub texts: &'a [RouteText; batch::KEYS],
}

impl JudgeAnswer for Routes<'_> {
    #[inline(always)]
    fn write(&mut self, line: &read::StandardLine) {
        let word = line.word;
        let key = pair_key(word);
        fill_room::<ROUTED_SENTENCE_ROOM>(self.out, |room| {
            append_judge_sentence(room, word, MOVE_DIGITS_BY_KEY[key], ROUTE_AT);
            append_route_text(room, line.texts(), &self.texts[key]);
        });
    }

    /// Each sentence as [`Sentences`] appends it, up to "moves", and the route's text
    /// ([`append_route_text`]), in room checked once for the eight.
    #[inline(always)]
    fn write_batch(&mut self, window: &[u8; batch::WINDOW]) {
        const ROOM: usize = ROUTED_SENTENCE_ROOM * batch::LINES;
        fill_room::<ROOM>(self.out, |room| {
            for line in 0..batch::LINES {
                let word = line_word(window, line);
                let key = pair_key(word);
                append_judge_sentence(room, word, MOVE_DIGITS_BY_KEY[key], ROUTE_AT);
                let texts = checked_judge_line(word).texts();
                append_route_text(room, texts, &self.texts[key]);
            }
        });
    }

    #[inline(always)]
    fn write_block(&mut self, lines: BlockLines<'_>, most_lines: u64) -> Answered {
        const ROOM: usize = ROUTED_SENTENCE_ROOM * BLOCK_LINES;
        let texts = self.texts;
        block_answers::<ROOM>(self.out, lines, most_lines, |room, line| {
            let key = pair_key(line.word);
            append_judge_sentence(room, line.word, MOVE_DIGITS_BY_KEY[key], ROUTE_AT);
            append_route_text(room, line.texts(), &texts[key]);
        })
    }
}

/// Writes the answers to 8×8 query lines with `answer` while the shortcuts take them, at most
/// `most_lines`.
///
/// Three loops: batches of eight lines of the judge's own shape ([`judge_batches`]); then, when a
/// batch is refused, its lines one by one while they are of that shape, which reads nothing else;
/// and [`other_judge_lines`] for any other well-formed line, which comes back here after a run of a
/// batch's worth of six-byte lines. Judge files stay in the first, messy ones mostly in the last,
/// and neither pays for the other's test on every line. The last is a function of its own, not
/// inlined, so that the first keep their values in registers: inlined, it made the judge's file
/// 5–10% slower.
#[inline(always)]
pub fn judge_lines(bytes: &[u8], most_lines: u64, answer: &mut impl JudgeAnswer) -> Answered {
    let mut answered = Answered::default();
    loop {
        if cfg!(feature = "trick-batches") {
            answered = judge_batches(bytes, answered, most_lines, answer);
        }
        let before = answered;
        for _ in 0..batch::LINES {
            if answered.lines >= most_lines {
                break;
            }
            let Some(line) = exact_query_line(&bytes[answered.bytes..]) else {
                break;
            };
            answer.write(&line);
            answered.take(line.length);
        }
        if answered == before {
            answered = other_judge_lines(bytes, answered, most_lines, answer);
            if answered == before {
                return answered;
            }
        }
    }
}

/// Goes on from what is `answered` as [`judge_lines`] does, a batch of eight lines of the
/// judge's own shape at a time, while there are such batches and `most_lines` allows.
#[inline(always)]
fn judge_batches(
    bytes: &[u8],
    mut answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    while most_lines - answered.lines >= batch::LINES as u64 {
        let Some(window) = bytes[answered.bytes..].first_chunk::<{ batch::WINDOW }>() else {
            break;
        };
        let Some(lines) = window.first_chunk::<{ batch::BYTES }>() else {
            unreachable!("a batch's window holds its lines");
        };
        if !is_judge_batch(lines) {
            break;
        }
        answer.write_batch(window);
        answered.bytes += batch::BYTES;
        answered.lines += batch::LINES as u64;
    }
    answered
}

/// Goes on from what is `answered` as [`judge_lines`] does with lines of any shape, until a
/// run of a batch's worth of lines of six bytes, which may be of the judge's shape, or a line
/// the shortcuts do not take.
///
/// The lines are read a block at a time ([`BlockLines`]), the block starting at the next
/// line, and again from a new block where one stops; a line no block takes (a bad line, one
/// longer than a block, one near the end of the read) is read on its own by
/// [`scan_query_line`], which declines it if it is bad. The block's one classification serves
/// its seven or so messy lines, where a window a line cost each about fifty instructions.
///
/// A run, not one such line: a messy file has them now and then (`xx\tyy` or `xx yy`), and
/// going back to [`judge_lines`] for each, to find no batch there, cost messy lines 5
/// instructions each (scripts/count-instructions.sh).
#[inline(never)]
fn other_judge_lines(
    bytes: &[u8],
    answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    #[cfg(target_arch = "x86_64")]
    if cfg!(feature = "trick-avx2") && has_avx2_loop_features() {
        // SAFETY: the processor has AVX2, BMI1 and POPCNT, just asked.
        return unsafe { other_judge_lines_avx2(bytes, answered, most_lines, answer) };
    }
    other_judge_lines_baseline(bytes, answered, most_lines, answer)
}

/// Whether this processor has what [`other_judge_lines_avx2`] is compiled for: AVX2, BMI1
/// and POPCNT. (Asking costs a load and a test: std keeps the answer.)
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn has_avx2_loop_features() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("popcnt")
}

/// [`other_judge_lines_baseline`] compiled for processors with AVX2, BMI1 and POPCNT (every
/// processor with AVX2 has the other two), which [`other_judge_lines`] runs where the
/// processor has them. The code is the same; what the compiler may do with it is not: the
/// block's classes by AVX2 inlined where the baseline calls them out of line and passes them
/// back through memory, `tzcnt` with no move before it to define a zero's count, a count of
/// bits in one instruction where the baseline takes a dozen, and fewer values spilled: a
/// messy line in about seven tenths of the baseline's instructions (docs/PERFORMANCE.md). The
/// baseline copy is held to it by a test.
///
/// # Safety
/// The processor must have AVX2, BMI1 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,popcnt")]
unsafe fn other_judge_lines_avx2(
    bytes: &[u8],
    answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    other_judge_lines_baseline(bytes, answered, most_lines, answer)
}

/// [`other_judge_lines`] for any x86-64 processor, or any other.
#[inline(always)]
fn other_judge_lines_baseline(
    bytes: &[u8],
    mut answered: Answered,
    most_lines: u64,
    answer: &mut impl JudgeAnswer,
) -> Answered {
    let mut six_byte_run = 0;
    while answered.lines < most_lines {
        let rest = &bytes[answered.bytes..];
        let block = rest.first_chunk::<BLOCK_AND_ONE>();
        if let Some(block) = block.filter(|_| cfg!(feature = "trick-blocks")) {
            let lines = BlockLines::new(block);
            let block = answer.write_block(lines, most_lines - answered.lines);
            if block.lines != 0 {
                answered.lines += block.lines;
                answered.bytes += block.bytes;
                // Lines of the judge's shape fill a block with ten of them.
                if block.bytes == batch::LINE_BYTES * block.lines as usize
                    && block.lines >= batch::LINES as u64
                {
                    break;
                }
                six_byte_run = 0;
                continue; // the next line starts a new block
            }
        }
        // No line of the block taken: the next line is bad, longer than a block, or near the
        // end of the read.
        let Some(line) = scan_query_line(rest) else {
            break;
        };
        answer.write(&line);
        answered.take(line.length);
        six_byte_run = if line.length == batch::LINE_BYTES {
            six_byte_run + 1
        } else {
            0
        };
        if six_byte_run == batch::LINES {
            break;
        }
    }
    answered
}

/// The text of the table engine's route, for every pair, by the pair's key.
pub fn route_texts() -> Box<[RouteText; batch::KEYS]> {
    let mut route = Vec::new();
    let mut text = |from, to| {
        route.clear();
        route.extend(DISTANCES.route(from, to));
        RouteText::new(&route)
    };
    let placeholder = text(Square::A1, Square::A1);
    let mut texts = Box::new([placeholder; batch::KEYS]);
    for from in Square::all() {
        for to in Square::all() {
            texts[squares_key(from, to)] = text(from, to);
        }
    }
    texts
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Lines of the judge's shape after a messy line: a block of them is read whole, and after
    /// the first block of eight or more (a messy line and nine judge lines, then ten) the
    /// messy loop hands the lines back to the batches. The same in both copies, with a space
    /// between the squares or a tab (which the batches refuse, so the loop takes them again).
    #[test]
    #[cfg_attr(
        not(feature = "trick-blocks"),
        ignore = "how the blocks hand lines back: this build has no blocks (trick-blocks)"
    )]
    fn judge_lines_after_a_messy_line_go_back_to_the_batches() {
        for judge_line in [&b"a1 b2\n"[..], b"a1\tb2\n"] {
            let mut bytes = b" c3 d4\n".to_vec();
            for _ in 0..100 {
                bytes.extend_from_slice(judge_line);
            }
            let mut expected = b"To get from c3 to d4 takes 2 knight moves.\n".to_vec();
            for _ in 0..19 {
                expected.extend_from_slice(b"To get from a1 to b2 takes 4 knight moves.\n");
            }
            let answered = Answered {
                bytes: 7 + 19 * batch::LINE_BYTES,
                lines: 20,
            };
            let mut out = Vec::new();
            let start = Answered::default();
            let by_baseline =
                other_judge_lines_baseline(&bytes, start, u64::MAX, &mut Sentences(&mut out));
            assert_eq!((by_baseline, &out), (answered, &expected));
            if has_avx2_loop_features() {
                out.clear();
                // SAFETY: the processor has AVX2, BMI1 and POPCNT, just asked.
                let by_avx2 = unsafe {
                    other_judge_lines_avx2(&bytes, start, u64::MAX, &mut Sentences(&mut out))
                };
                assert_eq!((by_avx2, &out), (answered, &expected));
            }
        }
    }

    /// On every pair, in either case, the sentence in SSE2 vectors is the sentence in words,
    /// the portable specification (held to the template's sentence in `standard/write.rs`).
    #[test]
    fn sentence_vectors_are_the_sentence_words_on_every_pair() {
        for from in Square::all() {
            for to in Square::all() {
                let digit = b'0' + DISTANCES.moves(from, to);
                for upper in [0, 0x20] {
                    let (from_text, to_text) = (from.name(), to.name());
                    let line = [
                        from_text[0] & !upper,
                        from_text[1],
                        b' ',
                        to_text[0],
                        to_text[1],
                        b'\n',
                        0,
                        0,
                    ];
                    let word = u64::from_le_bytes(line);
                    let words: Vec<u8> = write::judge_sentence_words(word, digit)
                        .iter()
                        .flat_map(|word| word.to_le_bytes())
                        .collect();
                    assert_eq!(
                        simd::judge_sentence_vectors(word, digit).concat(),
                        words,
                        "{from} {to}"
                    );
                }
            }
        }
    }

    /// The SSE2 batch check agrees with the portable one on every byte value in every place
    /// of batches of judge lines.
    #[test]
    fn both_batch_checks_agree_on_every_byte_in_every_place() {
        for line in [b"e2 e4\n", b"A1 H8\n", b"h8 a1\n"] {
            let batch = batch::tests::batch_of(line);
            for at in 0..batch::BYTES {
                for byte in 0..=u8::MAX {
                    let mut changed = batch;
                    changed[at] = byte;
                    assert_eq!(
                        simd::is_judge_batch(&changed),
                        batch::is_judge_batch_portably(&changed),
                        "{at} {byte}"
                    );
                }
            }
        }
    }

    proptest::proptest! {
        /// The SSE2 check and the portable one agree on batches of judge lines with a few
        /// bytes changed, to anything or to the bytes at the edges of the ranges.
        #[test]
        fn both_batch_checks_agree(
            pairs in proptest::collection::vec((0..64usize, 0..64usize, proptest::bool::ANY), batch::LINES),
            changes in proptest::collection::vec((0..batch::BYTES, proptest::prop_oneof![
                proptest::num::u8::ANY,
                proptest::sample::select(b"aAhH@`iI0189 \t\n\r\x80\xe1".to_vec()),
            ]), 0..3),
        ) {
            let mut batch = [0; batch::BYTES];
            for (line, &(from, to, upper)) in batch.chunks_exact_mut(6).zip(&pairs) {
                let square = |index| Square::from_index(index).unwrap();
                let (from, to) = (square(from).name(), square(to).name());
                let mut word = [from[0], from[1], b' ', to[0], to[1], b'\n'];
                if upper {
                    word[0] &= !0x20;
                }
                line.copy_from_slice(&word);
            }
            for (at, byte) in changes {
                batch[at] = byte;
            }
            proptest::prop_assert_eq!(simd::is_judge_batch(&batch), batch::is_judge_batch_portably(&batch));
        }

        /// The copy of the messy lines' loop compiled for AVX2, BMI1 and POPCNT, which this
        /// processor runs if it can (and so every test through the program), and the baseline
        /// copy that other processors run write the same answers and stop at the same place,
        /// for each kind of answer: on messy lines with now and then a byte changed, and with
        /// a limit on the lines.
        #[test]
        fn both_copies_of_the_messy_loop_agree(
            lines in proptest::collection::vec(
                "( ?)[a-hA-H][1-8]( {1,4}|\t{1,4})[a-hA-H][1-8](\r?)", 1..40),
            changes in proptest::collection::vec((0usize..400, proptest::prop_oneof![
                proptest::num::u8::ANY,
                proptest::sample::select(b"aAhH@`iI0189 \t\n\r\x80".to_vec()),
            ]), 0..3),
            most_lines in proptest::prop_oneof![proptest::strategy::Just(u64::MAX), 0..45u64],
        ) {
            let mut bytes: Vec<u8> = lines.join("\n").into_bytes();
            bytes.push(b'\n');
            let unchanged = changes.is_empty();
            for (at, byte) in changes {
                if at < bytes.len() {
                    bytes[at] = byte;
                }
            }
            let texts = route_texts();
            type Copy = fn(&[u8], Answered, u64, &mut Vec<u8>, Option<&[RouteText; batch::KEYS]>, bool) -> Answered;
            let baseline: Copy = |bytes, answered, most, out, routes, numbers| match (routes, numbers) {
                (Some(texts), _) => other_judge_lines_baseline(bytes, answered, most, &mut Routes { out, texts }),
                (None, true) => other_judge_lines_baseline(bytes, answered, most, &mut Numbers(out)),
                (None, false) => other_judge_lines_baseline(bytes, answered, most, &mut Sentences(out)),
            };
            #[cfg(target_arch = "x86_64")]
            let wide: Copy = |bytes, answered, most, out, routes, numbers| {
                // SAFETY: called only where the processor has AVX2, BMI1 and POPCNT, asked below.
                unsafe {
                    match (routes, numbers) {
                        (Some(texts), _) => other_judge_lines_avx2(bytes, answered, most, &mut Routes { out, texts }),
                        (None, true) => other_judge_lines_avx2(bytes, answered, most, &mut Numbers(out)),
                        (None, false) => other_judge_lines_avx2(bytes, answered, most, &mut Sentences(out)),
                    }
                }
            };
            #[cfg(target_arch = "x86_64")]
            if has_avx2_loop_features() {
                for (routes, numbers) in [(None, false), (None, true), (Some(&*texts), false)] {
                    let (mut out_baseline, mut out_wide) = (Vec::new(), Vec::new());
                    let start = Answered::default();
                    let by_baseline = baseline(&bytes, start, most_lines, &mut out_baseline, routes, numbers);
                    let by_wide = wide(&bytes, start, most_lines, &mut out_wide, routes, numbers);
                    proptest::prop_assert_eq!(by_baseline, by_wide);
                    // Not a pass that compared nothing: a well-formed first line is answered.
                    if unchanged && most_lines > 0 {
                        proptest::prop_assert!(by_baseline.lines > 0);
                    }
                    proptest::prop_assert_eq!(out_baseline, out_wide);
                }
            }
        }

    }
}
