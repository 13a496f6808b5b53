//! The accelerator held to the general path: its 8×8 readers take exactly the lines the
//! general parser takes, with the same squares, and its writers write what the general
//! writers write, on near misses, every byte in every place, random lines and every pair.

#![cfg(test)]

use crate::board::{Board, Position};
use crate::format::sentence::tests::query;
use crate::format::sentence::{push_sentence, push_sentence_with_route};
use crate::input::line::{TypedPair, parse_line};
use crate::standard::Square;
use crate::standard::read::{
    BLOCK, BLOCK_AND_ONE, BlockLines, StandardLine, exact_query_line, scan_query_line,
};
use crate::standard::write::{
    ROUTE_AT, ROUTED_SENTENCE_ROOM, Room, RouteText, SENTENCE, SENTENCE_WORDS_BYTES,
    append_route_text, fill_room, judge_sentence_words,
};

/// The 8×8 readers keep their own copies of the input's limits, since the library cannot
/// see the program's `input` module: the copies must be the same rules.
#[test]
fn the_8x8_readers_keep_the_input_s_line_limit_and_blanks() {
    assert_eq!(
        crate::standard::read::LONGEST_LINE,
        crate::input::line::MAX_LINE_BYTES
    );
    for byte in 0..=u8::MAX {
        assert_eq!(
            crate::standard::read::is_blank(byte),
            crate::input::line::is_blank(byte),
            "{byte}"
        );
    }
}

/// The shortcuts must take a line exactly when the general parser takes it, with the same
/// answer: otherwise a line's fate would hang on which path read it.
fn assert_shortcuts_agree_with_the_parser(line: &[u8]) {
    let mut with_newline = line.to_vec();
    with_newline.push(b'\n');
    let parsed = parse_line(line, Board::STANDARD).ok().flatten();
    let scanned = scan_query_line(&with_newline);
    let as_read = |line: StandardLine| {
        let (from, to) = line.squares();
        let texts = (line.texts().0.to_vec(), line.texts().1.to_vec());
        ((from.position(), to.position()), texts, line.length)
    };
    let from_parser = |query: TypedPair| {
        let texts = (query.from_text.to_vec(), query.to_text.to_vec());
        ((query.from, query.to), texts, line.len() + 1)
    };
    assert_eq!(scanned.map(as_read), parsed.map(from_parser), "{:?}", line);
    assert_eq!(
        exact_query_line(&with_newline),
        None,
        "{line:?}: too near the end"
    );
    // Followed by more lines, or long runs of blanks, the line is read the same.
    for after in [
        &b"a1 b2\n"[..],
        b"\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t",
        b"          \r\n",
    ] {
        let mut followed = with_newline.clone();
        followed.extend_from_slice(after);
        followed.extend_from_slice(after);
        followed.extend_from_slice(after);
        assert_eq!(
            scan_query_line(&followed),
            scanned,
            "{line:?} then {after:?}"
        );
        // The exact reader takes the judge's shape, six bytes, and nothing else.
        let judge_shape = scanned.filter(|line| line.length == 6 && followed[2] == b' ');
        assert_eq!(
            exact_query_line(&followed),
            judge_shape,
            "{line:?} then {after:?}"
        );
    }
}

/// The lines a block reader reads from `bytes` (at least a block and a byte long), in
/// order, until it stops.
fn block_lines(bytes: &[u8]) -> Vec<StandardLine> {
    let block = bytes
        .first_chunk::<BLOCK_AND_ONE>()
        .expect("a block's worth of bytes and one");
    let mut lines = BlockLines::new(block);
    std::iter::from_fn(|| lines.next()).collect()
}

/// The block reader on `lines` (each without its newline, padded to a block with more
/// lines): it reads the lines the general parser accepts, with the same squares, texts and
/// lengths, and stops only at a line the parser refuses or one whose newline lies past the
/// block: so a well-formed line is never sent to the slower readers while in the block.
fn assert_block_reader_agrees_with_the_parser(lines: &[&[u8]]) {
    let mut bytes = Vec::new();
    for line in lines {
        bytes.extend_from_slice(line);
        bytes.push(b'\n');
    }
    while bytes.len() < BLOCK_AND_ONE {
        bytes.extend_from_slice(b" A1\t\tb3\r\n");
    }
    let read = block_lines(&bytes);
    let mut at = 0;
    for (index, line) in bytes.split_inclusive(|&byte| byte == b'\n').enumerate() {
        let text = &line[..line.len() - 1];
        let in_block = at + line.len() <= BLOCK && line.ends_with(b"\n");
        let parsed = parse_line(text, Board::STANDARD).ok().flatten();
        match (read.get(index), parsed) {
            (Some(line_read), Some(query)) => {
                assert!(in_block, "{bytes:?}: line {index} read past the block");
                let (from, to) = line_read.squares();
                assert_eq!((from.position(), to.position()), (query.from, query.to));
                let texts = line_read.texts();
                assert_eq!(
                    (&texts.0[..], &texts.1[..]),
                    (query.from_text, query.to_text)
                );
                assert_eq!(line_read.length, line.len(), "{bytes:?}: line {index}");
            }
            (Some(_), None) => panic!("{bytes:?}: line {index} read, the parser refuses it"),
            (None, parsed) => {
                assert!(
                    parsed.is_none() || !in_block,
                    "{bytes:?}: line {index} is well formed and in the block"
                );
                return;
            }
        }
        at += line.len();
    }
}

/// Every byte value in every place of a few messy lines, after a well-formed line and
/// before others, read from a block as the parser reads them.
#[test]
fn the_block_reader_agrees_with_the_parser_on_every_byte_in_every_place() {
    for template in [&b"e2 e4"[..], b"\tB7  h1 \r", b" a8\t\t\t\tH2\r", b"h8\th8"] {
        for at in 0..template.len() {
            for byte in 0..=u8::MAX {
                let mut changed = template.to_vec();
                changed[at] = byte;
                assert_block_reader_agrees_with_the_parser(&[b"a1 b2", &changed, b" c3 d5"]);
                assert_block_reader_agrees_with_the_parser(&[&changed, b"c3  D5\r"]);
            }
        }
    }
}

#[test]
fn the_block_reader_agrees_with_the_parser_on_near_misses() {
    let lines: &[&[u8]] = &[
        b"e2 e4 e6",
        b"e2e4",
        b"e2",
        b"",
        b" ",
        b"\r",
        b"e2 e4\r\r",
        b"e2 \re4",
        b"e2 e4\r ",
        b"1e e4",
        b"e2 4e",
        b"ee22 e4",
        b"e2 e44",
        b"i9 a1",
        b"e2\x00e4",
    ];
    for line in lines {
        assert_block_reader_agrees_with_the_parser(&[b"a1 b2", line, b"c3 d5"]);
        assert_block_reader_agrees_with_the_parser(&[line]);
    }
    // A line whose newline is the block's last byte, and one that runs past it.
    let long: &[u8] = b"a1                                                 b2";
    for padding in 0..12 {
        let padded = [&b" "[..].repeat(padding)[..], long].concat();
        assert_block_reader_agrees_with_the_parser(&[b"c3 d5", &padded]);
    }
}

proptest::proptest! {
    /// Random messy lines, as `benches/generate.c messy` makes them, with now and then a
    /// byte changed: the block reader reads them as the parser does.
    #[test]
    fn the_block_reader_agrees_with_the_parser_on_messy_lines(
        lines in proptest::collection::vec(
            "( ?)[a-hA-H][1-8]( {1,4}|\t{1,4})[a-hA-H][1-8](\r?)", 1..10),
        changes in proptest::collection::vec((0usize..80, proptest::prop_oneof![
            proptest::num::u8::ANY,
            proptest::sample::select(b"aAhH@`iI0189 \t\n\r\x80".to_vec()),
        ]), 0..2),
    ) {
        let mut bytes: Vec<u8> = lines.join("\n").into_bytes();
        for (at, byte) in changes {
            if at < bytes.len() {
                bytes[at] = byte;
            }
        }
        let lines: Vec<&[u8]> = bytes.split(|&byte| byte == b'\n').collect();
        assert_block_reader_agrees_with_the_parser(&lines);
    }
}

#[test]
fn shortcuts_agree_with_the_parser_on_near_misses() {
    let lines: &[&[u8]] = &[
        b"e2 e4",
        b"E2 H8",
        b"e2  e4",
        b"e2\te4",
        b" e2 e4 ",
        b"e2 e4\r",
        b"e2 e4 \r",
        b"e2 e4\r ",
        b"e2 e4\r\r",
        b"e2e4",
        b"e2 e4 e6",
        b"e2",
        b"",
        b" ",
        b"\r",
        b"i9 a1",
        b"e2 e44",
        b"e22 e4",
        b"e2 \re4",
        b"\te2\te4\t",
        b"e2\x00e4",
        b"e2 e\xff",
    ];
    for line in lines {
        assert_shortcuts_agree_with_the_parser(line);
    }
}

/// Every byte value in every place of a judge line, and of a messy one, read by the
/// shortcuts as the parser reads the changed line: each place is checked on its own, so
/// this covers every way one byte can be wrong.
#[test]
fn shortcuts_agree_with_the_parser_on_every_byte_in_every_place() {
    for line in [&b"e2 e4"[..], b"\tB7  h1 \r", b" a8\t\tH2"] {
        for at in 0..line.len() {
            for byte in 0..=u8::MAX {
                if byte == b'\n' {
                    continue; // the line would end there: another test's business
                }
                let mut changed = line.to_vec();
                changed[at] = byte;
                assert_shortcuts_agree_with_the_parser(&changed);
            }
        }
    }
}

proptest::proptest! {
    #[test]
    fn shortcuts_agree_with_the_parser_on_any_line(
        line in proptest::collection::vec(
            proptest::sample::select(b"aehAH0189 \t\r\xff".to_vec()), 0..12)
    ) {
        assert_shortcuts_agree_with_the_parser(&line);
    }
}

/// The judge's sentence from the words, as the accelerator appends it (on x86-64 from
/// vectors, which `standard/lines.rs` holds to the words), keeping `keep` bytes.
fn append_words<const N: usize>(
    room: &mut Room<'_, N>,
    texts: ([u8; 2], [u8; 2]),
    digit: u8,
    keep: usize,
) {
    let word =
        u64::from(u16::from_le_bytes(texts.0)) | u64::from(u16::from_le_bytes(texts.1)) << 24;
    for (index, sentence_word) in judge_sentence_words(word, digit).into_iter().enumerate() {
        room.append(
            sentence_word.to_le_bytes(),
            keep.saturating_sub(8 * index).min(8),
        );
    }
}

/// On every pair of 8×8, as typed in lower and upper case (so that a route of no moves has
/// its two ends in different cases), the sentence's words and the precomputed route texts
/// write what the general writers write.
#[test]
fn judge_sentences_and_route_texts_match_the_general_writers_on_every_pair() {
    let mut route = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            route.clear();
            route.extend(crate::standard::DISTANCES.route(from, to));
            let moves = crate::standard::DISTANCES.moves(from, to);
            let positions: Vec<Position> = route.iter().map(|s| s.position()).collect();
            let (from_name, to_name) = (from.to_string(), to.to_string().to_uppercase());
            let typed = query(&from_name, &to_name);
            let texts = (
                from.name(),
                [to.name()[0].to_ascii_uppercase(), to.name()[1]],
            );
            let digit = b'0' + moves;

            let (mut fast, mut general) = (b"before\n".to_vec(), b"before\n".to_vec());
            fill_room::<SENTENCE_WORDS_BYTES>(&mut fast, |room| {
                append_words(room, texts, digit, SENTENCE.len())
            });
            push_sentence(&mut general, &typed, Some(u64::from(moves)), b"knight");
            assert_eq!(fast, general);

            let (mut fast, mut general) = (Vec::new(), Vec::new());
            fill_room::<ROUTED_SENTENCE_ROOM>(&mut fast, |room| {
                append_words(room, texts, digit, ROUTE_AT);
                append_route_text(room, texts, &RouteText::new(&route));
            });
            let keep = &mut |_: &mut Vec<u8>| Ok(());
            let (route, knight) = (&positions, b"knight");
            push_sentence_with_route(&mut general, &typed, u64::from(moves), route, knight, keep)
                .unwrap();
            assert_eq!(fast, general);
        }
    }
}
