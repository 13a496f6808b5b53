//! Files as Windows writes them (issue 22), on the binary: UTF-16 that starts with its
//! byte-order mark (Windows PowerShell 5.1's `>` and `Out-File`), little- and big-endian, is
//! answered exactly as the same text in UTF-8, bad lines and all; UTF-16 without a mark gets one
//! message saying how to convert it; and `check` reads answer files by the same rule.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::Output;

use common::{knight_moves, sentence, spawn_knight_moves};

/// Judge input with something of everything: good lines, CRLF line ends, a blank line, bad
/// squares, a character outside the Basic Multilingual Plane (a surrogate pair in UTF-16), an
/// accented letter, a line too long, and a last line without a line end.
fn mixed_input() -> String {
    let too_long = format!("e2{}e4", " ".repeat(5000));
    format!("e2 e4\r\na1 b2\n\nzz e4\r\n\u{1F40E}\u{1F40E} a1\né1 a1\n{too_long}\nh8 a1\r\nb1 c3")
}

/// The right answers to [`mixed_input`], as knight-moves writes them.
fn mixed_answers() -> String {
    let answers = knight_moves()
        .write_stdin(mixed_input())
        .output()
        .unwrap()
        .stdout;
    String::from_utf8(answers).unwrap()
}

/// The forms of UTF-16 that are read: with each byte-order mark.
fn utf16_with_marks(text: &str) -> [(&'static str, Vec<u8>); 2] {
    let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    [
        ("little-endian", [&b"\xff\xfe"[..], &little].concat()),
        ("big-endian", [&b"\xfe\xff"[..], &big].concat()),
    ]
}

/// Runs knight-moves with `args` in a new directory holding `files` (name, bytes), with
/// `stdin` on standard input.
fn run_in_dir(files: &[(&str, &[u8])], args: &[&str], stdin: &[u8]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    knight_moves()
        .current_dir(dir.path())
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap()
}

/// Stdout, stderr and exit status, as text for the assertion messages.
fn shown(output: &Output) -> (String, String, Option<i32>) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn utf16_with_a_mark_is_answered_exactly_like_the_same_utf8() {
    let text = mixed_input();
    for args in [
        &["judge.in"][..],
        &["judge.in", "--format", "json"],
        &["judge.in", "--path"],
        &["judge.in", "-", "--format", "tsv", "--stats"],
    ] {
        let as_utf8 = shown(&run_in_dir(
            &[("judge.in", text.as_bytes())],
            args,
            text.as_bytes(),
        ));
        assert!(
            as_utf8.0.contains("b1"),
            "the last line answered: {as_utf8:?}"
        );
        assert_eq!(as_utf8.2, Some(1), "bad lines: {as_utf8:?}");
        for (order, utf16) in utf16_with_marks(&text) {
            let as_utf16 = run_in_dir(&[("judge.in", &utf16)], args, &utf16);
            let as_utf16 = shown(&as_utf16);
            if args.contains(&"--stats") {
                // The timings differ from run to run; the answers and messages may not.
                assert_eq!(as_utf16.0, as_utf8.0, "{order} {args:?}");
                assert_eq!(as_utf16.2, as_utf8.2, "{order} {args:?}");
            } else {
                assert_eq!(as_utf16, as_utf8, "{order} {args:?}");
            }
        }
    }
}

#[test]
fn utf16_without_a_mark_gets_one_message_saying_how_to_convert_it() {
    let text = mixed_input();
    let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let sample = include_bytes!("data/sample.in");
    for (bytes, iconv_name, powershell_name) in [
        (little, "UTF-16LE", "Unicode"),
        (big, "UTF-16BE", "BigEndianUnicode"),
    ] {
        let output = run_in_dir(
            &[("windows.txt", &bytes), ("sample.in", sample)],
            &["windows.txt", "sample.in", "-"],
            &bytes,
        );
        let (stdout, stderr, status) = shown(&output);
        assert_eq!(
            stdout,
            include_str!("data/sample.out"),
            "the other input answered"
        );
        assert_eq!(status, Some(2));
        let hint = format!(
            "without a byte-order mark), and knight-moves reads UTF-8, or UTF-16 that starts \
             with its byte-order mark; convert it first, e.g. iconv -f {iconv_name} -t UTF-8 \
             FILE > FILE.utf8, or in PowerShell Get-Content -Encoding {powershell_name} FILE | \
             Set-Content -Encoding utf8 FILE.utf8; skipped"
        );
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "one message a source: {stderr}");
        for (line, source) in lines.iter().zip(["windows.txt", "<stdin>"]) {
            assert!(
                line.starts_with(&format!("knight-moves: {source}: looks like UTF-16 text (")),
                "{line}"
            );
            assert!(line.ends_with(&hint), "{line}");
        }
    }
}

/// `check` of the answers to [`mixed_input`] written in `answers`' bytes.
fn check(answers: &[u8]) -> (String, String, Option<i32>) {
    let text = mixed_input();
    shown(&run_in_dir(
        &[("judge.in", text.as_bytes()), ("answers.out", answers)],
        &["check", "answers.out", "judge.in"],
        b"",
    ))
}

#[test]
fn check_reads_answer_files_by_the_same_rule() {
    let answers = mixed_answers();
    let accepted = check(answers.as_bytes());
    assert!(
        accepted.0.starts_with("Accepted (4 answers)"),
        "{accepted:?}"
    );
    assert_eq!(accepted.2, Some(1), "bad input lines: {accepted:?}");
    let wrong_text = answers.replace("h8 to a1 takes 6", "h8 to a1 takes 5");
    let wrong = check(wrong_text.as_bytes());
    assert!(
        wrong.0.starts_with("Wrong answer at answers.out:3:"),
        "{wrong:?}"
    );
    assert_eq!(wrong.2, Some(4));
    let with_utf8_mark = check(format!("\u{feff}{answers}").as_bytes());
    assert_eq!(with_utf8_mark, accepted);
    for answers_text in [&answers, &wrong_text] {
        let as_utf8 = check(answers_text.as_bytes());
        for (order, utf16) in utf16_with_marks(answers_text) {
            assert_eq!(check(&utf16), as_utf8, "{order}");
        }
    }
    let unmarked: Vec<u8> = answers.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let (stdout, stderr, status) = check(&unmarked);
    assert_eq!((stdout.as_str(), status), ("", Some(2)));
    assert!(
        stderr.ends_with(
            "knight-moves: answers.out: looks like UTF-16 text (little-endian, without a \
             byte-order mark), and knight-moves reads UTF-8, or UTF-16 that starts with its \
             byte-order mark; convert it first, e.g. iconv -f UTF-16LE -t UTF-8 FILE > \
             FILE.utf8, or in PowerShell Get-Content -Encoding Unicode FILE | Set-Content \
             -Encoding utf8 FILE.utf8\n"
        ),
        "{stderr}"
    );
}

/// UTF-16 is decoded as it streams: a program that writes a query and waits gets its answer
/// at once, the mark and each character split across writes.
#[test]
fn a_coprocess_writing_utf16_gets_each_answer_at_once() {
    let mut child = spawn_knight_moves(&[]);
    let mut stdin = child.stdin.take().unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let [(_, first), _] = utf16_with_marks("e2 e4\r\n");
    let second: Vec<u8> = "a1 h8\r\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    for (query, answer) in [
        (first, sentence("e2", "e4", 2)),
        (second, sentence("a1", "h8", 6)),
    ] {
        for byte in query {
            stdin.write_all(&[byte]).unwrap();
            stdin.flush().unwrap();
        }
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(line, answer);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A UTF-16 line of 100 MB is skipped in a few megabytes, as a UTF-8 one is: the decoder holds
/// no more than a buffer.
#[cfg(target_os = "linux")] // the peak is read from /proc
#[test]
fn a_100_megabyte_utf16_line_is_skipped_in_a_few_megabytes() {
    use std::io::Read;
    use std::thread;
    use std::time::Duration;
    let mut child = spawn_knight_moves(&[]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let [(_, start), _] = utf16_with_marks("e2 e4\n");
    stdin.write_all(&start).unwrap();
    let chunk = b"x\0".repeat(1 << 19);
    for _ in 0..100 {
        stdin.write_all(&chunk).unwrap();
    }
    stdin.flush().unwrap();
    thread::sleep(Duration::from_millis(200));
    let peak = common::memory_kib(child.id(), "VmHWM");
    stdin
        .write_all(
            &"\nb1 c3\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect::<Vec<u8>>(),
        )
        .unwrap();
    drop(stdin);
    let mut out = String::new();
    stdout.read_to_string(&mut out).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(out, sentence("e2", "e4", 2) + &sentence("b1", "c3", 1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "knight-moves: <stdin>:2: line is longer than 4096 bytes; skipped\n"
    );
    assert!(peak < 8 * 1024, "peak memory {peak} KiB on a 100 MB line");
}

/// A file of the mark alone (what Windows PowerShell 5.1 writes for `$null > FILE`, or for
/// no output at all) is an empty file: no line, no answer, no message. As an answer file it
/// holds no answers.
#[test]
fn a_mark_alone_is_an_empty_file() {
    let empty = shown(&run_in_dir(&[("in", b"")], &["in", "-"], b""));
    assert_eq!(empty, (String::new(), String::new(), Some(0)));
    let no_answers = check(b"");
    assert!(
        no_answers
            .0
            .starts_with("Wrong answer: answers.out ends after 0 answers, 4 expected"),
        "{no_answers:?}"
    );
    for (order, mark) in utf16_with_marks("") {
        let as_utf16 = shown(&run_in_dir(&[("in", &mark)], &["in", "-"], &mark));
        assert_eq!(as_utf16, empty, "{order}");
        assert_eq!(check(&mark), no_answers, "{order}");
    }
}

/// The decoded text's first characters are told apart as the same text's in UTF-8 are: a
/// second mark (U+FEFF, which `iconv -t UTF-16` keeps from a UTF-8 file that had one) is
/// skipped, and ASCII with a NUL after each character (what UTF-32 after its mark, FF FE 00 00,
/// decodes to as UTF-16) is refused once. Inputs and answer files alike.
#[test]
fn the_first_characters_after_the_mark_are_sniffed_as_in_utf8() {
    let answers = mixed_answers();
    let nul_after_each = |text: &str| text.chars().flat_map(|c| [c, '\0']).collect::<String>();
    for input in [
        "\u{feff}e2 e4\r\nb1 c3\n",
        &nul_after_each("e2 e4\nb1 c3\n"),
    ] {
        let as_utf8 = shown(&run_in_dir(
            &[("in", input.as_bytes())],
            &["in", "-"],
            input.as_bytes(),
        ));
        for (order, utf16) in utf16_with_marks(input) {
            let as_utf16 = shown(&run_in_dir(&[("in", &utf16)], &["in", "-"], &utf16));
            assert_eq!(as_utf16, as_utf8, "{order} {input:?}");
        }
    }
    for found in [format!("\u{feff}{answers}"), nul_after_each(&answers)] {
        let as_utf8 = check(found.as_bytes());
        for (order, utf16) in utf16_with_marks(&found) {
            assert_eq!(check(&utf16), as_utf8, "{order} {found:?}");
        }
    }
}

/// Sources in different encodings in one run, files and standard input, each read by its own
/// first bytes and numbered from its own line 1: the same as their UTF-8 twins, and an
/// unmarked UTF-16 source among them skipped alone.
#[test]
fn sources_of_every_encoding_in_one_run_read_as_their_utf8_twins() {
    let text = mixed_input();
    let [(_, little), (_, big)] = utf16_with_marks(&text);
    let unmarked: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let with_utf8_mark = format!("\u{feff}{text}");
    let args = ["le.in", "utf8.in", "-", "unmarked.in", "marked.in", "be.in"];
    let mixed = shown(&run_in_dir(
        &[
            ("le.in", &little),
            ("utf8.in", text.as_bytes()),
            ("unmarked.in", &unmarked),
            ("marked.in", with_utf8_mark.as_bytes()),
            ("be.in", &big),
        ],
        &args,
        &big,
    ));
    let twins = shown(&run_in_dir(
        &[
            ("le.in", text.as_bytes()),
            ("utf8.in", text.as_bytes()),
            ("unmarked.in", &unmarked),
            ("marked.in", text.as_bytes()),
            ("be.in", text.as_bytes()),
        ],
        &args,
        text.as_bytes(),
    ));
    assert_eq!(mixed, twins);
    assert_eq!(twins.2, Some(2), "the unmarked source: {twins:?}");
    assert_eq!(twins.1.matches(":7: line is longer than 4096").count(), 5);
}

/// Every verdict on UTF-16 answers is the verdict on the same answers in UTF-8, with the same
/// line numbers and the decoded text shown: presentation errors (CRLF, trailing blanks, blank
/// lines, no final newline), answers too few or too many, and a difference far into a line.
#[test]
fn check_gives_utf16_answers_their_utf8_twins_verdicts() {
    let answers = mixed_answers();
    let lines: Vec<&str> = answers.lines().collect();
    for found in [
        answers.replace('\n', "\r\n"),
        answers.replace('\n', " \n"),
        answers.replacen('\n', "\n\n", 1),
        format!("{answers}\n"),
        answers.trim_end().to_owned(),
        format!("{}\n", lines[..2].join("\n")),
        format!("{answers}{}\n", lines[0]),
        answers.replacen(
            "knight moves.",
            &format!("knight moves.{}é", " ".repeat(300)),
            1,
        ),
    ] {
        let as_utf8 = check(found.as_bytes());
        assert!(!as_utf8.0.starts_with("Accepted"), "{as_utf8:?}");
        for (order, utf16) in utf16_with_marks(&found) {
            assert_eq!(check(&utf16), as_utf8, "{order} {found:?}");
        }
    }
}

/// `text` in UTF-32 after its byte-order mark, little-endian and big-endian.
fn utf32_with_marks(text: &str) -> [(&'static str, Vec<u8>); 2] {
    let mut little = b"\xff\xfe\x00\x00".to_vec();
    let mut big = b"\x00\x00\xfe\xff".to_vec();
    for c in text.chars() {
        little.extend_from_slice(&u32::from(c).to_le_bytes());
        big.extend_from_slice(&u32::from(c).to_be_bytes());
    }
    [("little", little), ("big", big)]
}

/// UTF-32 is recognised by either mark and named as what it is, with a command that converts
/// it, in an input (skipped, the other sources still read) and in an answer file alike; it was
/// once taken for unmarked UTF-16 with a hint that made garbage of it (issue 31).
#[test]
fn utf32_is_named_with_the_command_that_converts_it() {
    for (endian, bytes) in utf32_with_marks("e2 e4\n") {
        let output = run_in_dir(&[("wide.in", &bytes)], &["wide.in", "-"], b"a1 b3\n");
        let (stdout, stderr, status) = shown(&output);
        assert_eq!(status, Some(2), "{endian}: {stderr}");
        assert_eq!(
            stdout,
            sentence("a1", "b3", 1),
            "{endian}: the other source is read"
        );
        let mark = match endian {
            "little" => "FF FE 00 00",
            _ => "00 00 FE FF",
        };
        let expected = format!(
            "knight-moves: wide.in: is UTF-32 text ({endian}-endian, after its byte-order mark \
             {mark}), and knight-moves reads UTF-8, or UTF-16 that starts with its byte-order \
             mark; convert it first, e.g. iconv -f UTF-32 -t UTF-8 FILE > FILE.utf8, or in \
             PowerShell Get-Content -Encoding "
        );
        assert!(stderr.starts_with(&expected), "{endian}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{endian}: one message: {stderr}");
        // The answer file: refused by the same rule, as a trouble of the file's, not a verdict.
        let (stdout, stderr, status) = check(&bytes);
        assert_eq!(status, Some(2), "{endian}: {stdout} {stderr}");
        assert!(stderr.contains("is UTF-32 text"), "{endian}: {stderr}");
    }
}

/// The command the message gives turns UTF-32 into what knight-moves reads (glibc's iconv,
/// which reads the byte order from the mark).
#[cfg(target_os = "linux")] // glibc's iconv
#[test]
fn the_command_given_for_utf32_converts_it() {
    let dir = tempfile::tempdir().unwrap();
    for (endian, bytes) in utf32_with_marks("e2 e4\n") {
        let file = dir.path().join("wide.in");
        std::fs::write(&file, bytes).unwrap();
        let converted = std::process::Command::new("iconv")
            .args(["-f", "UTF-32", "-t", "UTF-8"])
            .arg(&file)
            .output()
            .expect("iconv runs");
        assert!(converted.status.success(), "{endian}");
        knight_moves()
            .write_stdin(converted.stdout)
            .assert()
            .success()
            .stdout(sentence("e2", "e4", 2));
    }
}
