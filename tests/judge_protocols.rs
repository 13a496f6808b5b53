//! knight-moves in the judge systems' protocols (`checker kattis|testlib|cms`,
//! `validate kattis|testlib`): each system's exit statuses, files and texts, for every
//! verdict and every problem, and the hostile cases (junk, empty and huge outputs, a missing
//! feedback folder, an unwritable result file, a wrong judge's answer file) judged as what
//! they are: the candidate's failure, or the judge's, never one for the other.

use std::fs;
use std::path::PathBuf;

use crate::common::{knight_moves, plain_distances};
use knight_moves::{Board, Piece, Position};

/// A problem's input, as a judge holds it.
struct Case {
    problem: &'static str,
    input: &'static str,
}

const CASES: &[Case] = &[
    Case {
        problem: "uva439",
        input: "e2 e4\na1 b2\nb2 c3\na1 h8\na1 a1\n",
    },
    Case {
        problem: "nakanj",
        input: "3\na1 h8\na1 c2\nh8 c3\n",
    },
    Case {
        problem: "poj1915",
        input: "2\n8\n0 0\n7 0\n100\n0 0\n30 50\n",
    },
    Case {
        problem: "cses-grid",
        input: "4\n",
    },
    Case {
        problem: "knightl",
        input: "5\n",
    },
];

/// A folder holding a case's IN, its right ANS (made by knight-moves) and a feedback folder.
struct Judged {
    folder: tempfile::TempDir,
    problem: &'static str,
}

impl Judged {
    fn new(case: &Case) -> Judged {
        let folder = tempfile::tempdir().unwrap();
        fs::write(folder.path().join("in"), case.input).unwrap();
        let answers = knight_moves()
            .args(["--problem", case.problem, "in"])
            .current_dir(folder.path())
            .output()
            .unwrap();
        assert!(answers.status.success(), "{answers:?}");
        fs::write(folder.path().join("ans"), &answers.stdout).unwrap();
        fs::create_dir(folder.path().join("feedback")).unwrap();
        Judged {
            folder,
            problem: case.problem,
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.folder.path().join(name)
    }

    fn answer(&self) -> Vec<u8> {
        fs::read(self.path("ans")).unwrap()
    }

    /// Runs the Kattis protocol on `output`, with `flags`: the status and the judge's message.
    fn kattis(&self, output: &[u8], flags: &[&str]) -> (i32, String) {
        let feedback = self.path("feedback");
        let _ = fs::remove_file(feedback.join("judgemessage.txt"));
        let _ = fs::remove_file(feedback.join("teammessage.txt"));
        let result = knight_moves()
            .args([
                "checker",
                "kattis",
                "--problem",
                self.problem,
                "in",
                "ans",
                "feedback",
            ])
            .args(flags)
            .current_dir(self.folder.path())
            .write_stdin(output.to_vec())
            .output()
            .unwrap();
        let message = fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
        (result.status.code().unwrap(), message)
    }

    /// Runs a protocol that reads the output from a file: status, stdout, stderr.
    fn with_output_file(&self, system: &str, output: &[u8], files: &[&str]) -> Ran {
        fs::write(self.path("out"), output).unwrap();
        let result = knight_moves()
            .args(["checker", system, "--problem", self.problem])
            .args(files)
            .current_dir(self.folder.path())
            .output()
            .unwrap();
        Ran {
            status: result.status.code().unwrap(),
            stdout: String::from_utf8(result.stdout).unwrap(),
            stderr: String::from_utf8(result.stderr).unwrap(),
        }
    }
}

struct Ran {
    status: i32,
    stdout: String,
    stderr: String,
}

/// [`Ran`], with stderr as the bytes written.
struct RanBytes {
    status: i32,
    stdout: String,
    stderr: Vec<u8>,
}

impl Judged {
    /// [`Judged::with_output_file`], with stderr as the bytes written.
    fn with_output_file_bytes(&self, system: &str, output: &[u8], files: &[&str]) -> RanBytes {
        fs::write(self.path("out"), output).unwrap();
        let result = knight_moves()
            .args(["checker", system, "--problem", self.problem])
            .args(files)
            .current_dir(self.folder.path())
            .output()
            .unwrap();
        RanBytes {
            status: result.status.code().unwrap(),
            stdout: String::from_utf8(result.stdout).unwrap(),
            stderr: result.stderr,
        }
    }
}

/// The answers with some of the changes BAPCtools makes to test an output validator's
/// leniency: CRLF line ends, extra spaces, an extra newline, case swapped.
fn variant(answer: &[u8], crlf: bool, spaces: bool, newline: bool, swapped: bool) -> Vec<u8> {
    let mut text = Vec::new();
    for &byte in answer {
        match byte {
            b'\n' if crlf => text.extend_from_slice(b"\r\n"),
            b' ' if spaces => text.extend_from_slice(b"   "),
            b'\n' if spaces => text.extend_from_slice(b"  \n"),
            byte if swapped && byte.is_ascii_lowercase() => text.push(byte.to_ascii_uppercase()),
            byte if swapped && byte.is_ascii_uppercase() => text.push(byte.to_ascii_lowercase()),
            byte => text.push(byte),
        }
    }
    if newline {
        text.push(b'\n');
    }
    text
}

#[test]
fn kattis_accepts_all_sixteen_of_bapctools_variants_unless_the_flags_take_the_leniency_back() {
    for case in CASES {
        let judged = Judged::new(case);
        let answer = judged.answer();
        for bits in 0..16u8 {
            let [crlf, spaces, newline, swapped] = [1, 2, 4, 8].map(|bit| bits & bit != 0);
            let output = variant(&answer, crlf, spaces, newline, swapped);
            let spacing_changed = crlf || spaces || newline;
            let case_changed = swapped && output.to_ascii_lowercase() != output;
            let case_changed =
                case_changed && variant(&answer, false, false, false, true) != answer;
            for (flags, rejected) in [
                (&[][..], false),
                (&["case_sensitive"][..], case_changed),
                (&["space_change_sensitive"][..], spacing_changed),
                (
                    &["space_change_sensitive", "case_sensitive"][..],
                    spacing_changed || case_changed,
                ),
                (&["float_tolerance", "1e-6"][..], false),
            ] {
                let (status, message) = judged.kattis(&output, flags);
                let expected = if rejected { 43 } else { 42 };
                assert_eq!(
                    status, expected,
                    "{} variant {bits:04b} {flags:?}: {message}",
                    case.problem
                );
            }
        }
    }
}

#[test]
fn kattis_rejects_the_classic_corner_bug_and_says_where_to_the_judge_and_the_team() {
    let judged = Judged::new(&CASES[0]);
    let wrong = String::from_utf8(judged.answer())
        .unwrap()
        .replace("a1 to b2 takes 4", "a1 to b2 takes 2");
    let (status, message) = judged.kattis(wrong.as_bytes(), &[]);
    assert_eq!(status, 43);
    assert_eq!(
        message,
        "Wrong answer at output:2: expected \"4\", found \"2\", for in:2: a1 b2\n"
    );
    let team = fs::read_to_string(judged.path("feedback/teammessage.txt")).unwrap();
    assert_eq!(team, "Wrong answer on line 2 of the output\n");
    // Every answer right, laid out on one line: tokens are all that count.
    let one_line = String::from_utf8(judged.answer())
        .unwrap()
        .replace('\n', " ");
    assert_eq!(judged.kattis(one_line.as_bytes(), &[]).0, 42);
}

#[test]
fn kattis_judges_outputs_short_long_empty_and_junk_as_the_candidates_failures() {
    for case in CASES {
        let judged = Judged::new(case);
        let answer = judged.answer();
        let mut longer = answer.clone();
        longer.extend_from_slice(b"7\n");
        let shorter = &answer[..answer.len() - 3];
        let mut junk = Vec::new();
        let mut random = crate::common::Random::seeded(439);
        for _ in 0..100_000 {
            junk.push(random.below(256) as u8);
        }
        for output in [
            &longer[..],
            shorter,
            b"",
            b"\n\n\n",
            b"-1\n",
            b"2147483648\n",
            b"\x00\xff\xfe",
            &junk,
        ] {
            let (status, message) = judged.kattis(output, &[]);
            assert_eq!(status, 43, "{} {output:?}: {message}", case.problem);
            assert!(message.starts_with("Wrong answer"), "{message}");
            assert!(message.len() < 1200, "{message}");
        }
    }
}

/// The right answers in another encoding: a UTF-8 byte-order mark before them, UTF-16 with and
/// without its mark, and four bytes that are UTF-32's mark.
fn encoded(answer: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let utf16le = |mark: bool| {
        let mut text = match mark {
            true => b"\xff\xfe".to_vec(),
            false => Vec::new(),
        };
        for &byte in answer {
            text.extend_from_slice(&[byte, 0]);
        }
        text
    };
    let mut utf8_mark = b"\xef\xbb\xbf".to_vec();
    utf8_mark.extend_from_slice(answer);
    vec![
        ("a UTF-8 byte-order mark", utf8_mark),
        ("UTF-16 with its mark", utf16le(true)),
        ("UTF-16 without a mark", utf16le(false)),
        ("UTF-32's mark", b"\x00\x00\xfe\xff".to_vec()),
    ]
}

#[test]
fn an_output_is_judged_as_the_bytes_it_wrote_a_mark_skipped_only_by_testlib_never_a_judge_failure()
{
    for case in CASES {
        let judged = Judged::new(case);
        for (what, output) in encoded(&judged.answer()) {
            let (status, message) = judged.kattis(&output, &[]);
            assert_eq!(status, 43, "{} {what}: {message}", case.problem);
            assert!(message.starts_with("Wrong answer"), "{what}: {message}");
            let ran = judged.with_output_file("testlib", &output, &["in", "out", "ans"]);
            // testlib.h skips a UTF-8 mark at a stream's start (`skipBom`), and so must its dialect.
            let testlib_takes = what == "a UTF-8 byte-order mark";
            match testlib_takes {
                true => assert_eq!(ran.status, 0, "{what}: {}", ran.stderr),
                false => assert!([1, 2].contains(&ran.status), "{what}: {}", ran.stderr),
            }
            let ran = judged.with_output_file("cms", &output, &["in", "ans", "out"]);
            assert_eq!(
                (ran.status, ran.stdout.as_str()),
                (0, "0.0\n"),
                "{what}: {}",
                ran.stderr
            );
        }
    }
}

#[test]
fn a_token_of_fifty_million_bytes_is_judged_without_being_held_and_shown_cut() {
    let judged = Judged::new(&CASES[0]);
    let mut output = b"To get from e2 to e4 takes ".to_vec();
    output.extend(std::iter::repeat_n(b'2', 50_000_000));
    let (status, message) = judged.kattis(&output, &[]);
    assert_eq!(status, 43);
    assert!(message.contains("expected \"2\", found \"222"), "{message}");
    assert!(message.len() < 1200, "{}", message.len());
}

#[test]
fn a_wrong_or_missing_judges_answer_or_input_is_a_judge_failure_not_43() {
    for case in CASES {
        let judged = Judged::new(case);
        let right = judged.answer();
        // The judge's answer file wrong: even a right output is not judged.
        let mut wrong = right.clone();
        let last_digit = wrong.iter().rposition(u8::is_ascii_digit).unwrap();
        wrong[last_digit] = if wrong[last_digit] == b'9' {
            b'8'
        } else {
            b'9'
        };
        fs::write(judged.path("ans"), &wrong).unwrap();
        let (status, message) = judged.kattis(&right, &[]);
        assert_eq!(status, 5, "{}: {message}", case.problem);
        assert!(
            message.starts_with("the judge's answer file differs from knight-moves' answers"),
            "{message}"
        );
        fs::remove_file(judged.path("ans")).unwrap();
        assert_eq!(judged.kattis(&right, &[]).0, 5);
        fs::write(judged.path("ans"), &right).unwrap();
        // An input that is not the problem's.
        fs::write(judged.path("in"), "a1 zz\n7 7 7\n").unwrap();
        let (status, message) = judged.kattis(&right, &[]);
        assert_eq!(status, 5, "{}: {message}", case.problem);
        fs::remove_file(judged.path("in")).unwrap();
        assert_eq!(judged.kattis(&right, &[]).0, 5);
    }
}

#[test]
fn a_query_knight_moves_cannot_answer_is_its_own_failure_not_the_answer_files() {
    // The candidate is wrong before the query, the judge's answer file right: the verdict is
    // a judge failure, and it says what failed, not that the answer file differs.
    let judged = Judged::new(&Case {
        problem: "uva439",
        input: "a1 a1\na1 h8\n",
    });
    let wrong = String::from_utf8(judged.answer())
        .unwrap()
        .replace("takes 0", "takes 1");
    fs::write(judged.path("out"), &wrong).unwrap();
    let give_up = ["--algorithm", "bfs", "--max-nodes", "1"];
    let runs = [
        (vec!["kattis", "in", "ans", "feedback"], 5),
        (vec!["testlib", "in", "out", "ans"], 3),
        (vec!["cms", "in", "ans", "out"], 5),
    ];
    for (files, status) in runs {
        let result = knight_moves()
            .arg("checker")
            .arg(files[0])
            .args(give_up)
            .args(&files[1..])
            .current_dir(judged.folder.path())
            .write_stdin(wrong.clone())
            .output()
            .unwrap();
        assert_eq!(result.status.code(), Some(status), "{files:?}");
        let message = match files[0] {
            "kattis" => fs::read_to_string(judged.path("feedback/judgemessage.txt")).unwrap(),
            _ => String::from_utf8(result.stderr).unwrap(),
        };
        assert!(
            message.contains("knight-moves could not answer in:2: a1 h8"),
            "{files:?}: {message}"
        );
        assert!(!message.contains("differs"), "{files:?}: {message}");
    }
}

#[test]
fn kattis_without_its_feedback_folder_fails_as_the_judge_and_writes_nothing_else() {
    let judged = Judged::new(&CASES[0]);
    let result = knight_moves()
        .args(["checker", "kattis", "in", "ans", "no-such-folder"])
        .current_dir(judged.folder.path())
        .write_stdin(judged.answer())
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(5));
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert!(
        stderr.starts_with("knight-moves: no-such-folder"),
        "{stderr}"
    );
    assert!(stderr.contains("judgemessage.txt: "), "{stderr}");
    // Too few files is a usage error, 2: neither 42 nor 43.
    let usage = knight_moves()
        .args(["checker", "kattis", "in", "ans"])
        .current_dir(judged.folder.path())
        .output()
        .unwrap();
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn testlib_says_ok_wrong_answer_presentation_error_and_fail_with_its_statuses() {
    let judged = Judged::new(&CASES[0]);
    let right = judged.answer();
    let files = ["in", "out", "ans"];
    let ran = judged.with_output_file("testlib", &right, &files);
    assert_eq!((ran.status, ran.stderr.as_str()), (0, "ok 5 answers\n"));
    let wrong = String::from_utf8(right.clone())
        .unwrap()
        .replace("takes 4", "takes 2");
    let ran = judged.with_output_file("testlib", wrong.as_bytes(), &files);
    assert_eq!(ran.status, 1);
    assert_eq!(
        ran.stderr,
        "wrong answer at out:2: expected \"To get from a1 to b2 takes 4 knight moves.\", found \
         \"To get from a1 to b2 takes 2 knight moves.\", for in:2: a1 b2\n"
    );
    // UVa 439's judge compares bytes: a CRLF line end is a presentation error.
    let crlf = variant(&right, true, false, false, false);
    let ran = judged.with_output_file("testlib", &crlf, &files);
    assert_eq!(ran.status, 2, "{}", ran.stderr);
    assert!(
        ran.stderr
            .starts_with("wrong output format at out:1: CRLF line end"),
        "{}",
        ran.stderr
    );
    fs::write(judged.path("ans"), &wrong).unwrap();
    let ran = judged.with_output_file("testlib", &right, &files);
    assert_eq!(ran.status, 3, "{}", ran.stderr);
    assert!(
        ran.stderr
            .starts_with("FAIL the judge's answer file differs"),
        "{}",
        ran.stderr
    );
    // An output that is not there is testlib's presentation error, unless the judge's own
    // files are not there either: that is the judge's failure, as testlib says it.
    let missing = |files: &[&str]| {
        let ran = knight_moves()
            .args(["checker", "testlib"])
            .args(files)
            .current_dir(judged.folder.path())
            .output()
            .unwrap();
        (ran.status.code(), String::from_utf8(ran.stderr).unwrap())
    };
    let (status, stderr) = missing(&["in", "no-output", "ans"]);
    assert_eq!(status, Some(2), "{stderr}");
    for files in [["no-in", "no-output", "ans"], ["in", "no-output", "no-ans"]] {
        let (status, stderr) = missing(&files);
        assert_eq!(status, Some(3), "{files:?}: {stderr}");
        assert!(stderr.starts_with("FAIL no-"), "{stderr}");
    }
    // A usage error is the judge's failure too: testlib's 2 would blame the candidate.
    let usage = judged.with_output_file("testlib", &right, &["in", "out"]);
    assert_eq!(usage.status, 3, "{}", usage.stderr);
}

#[test]
fn testlib_writes_its_result_file_plain_or_as_appes_xml_and_fails_where_it_cannot() {
    let judged = Judged::new(&CASES[1]);
    let right = judged.answer();
    let ran = judged.with_output_file("testlib", &right, &["in", "out", "ans", "result"]);
    assert_eq!(ran.status, 0);
    assert_eq!(
        fs::read_to_string(judged.path("result")).unwrap(),
        "3 answers"
    );
    let ran = judged.with_output_file(
        "testlib",
        b"6\n1\n5\n",
        &["in", "out", "ans", "result", "-appes"],
    );
    assert_eq!(ran.status, 1);
    assert_eq!(
        fs::read_to_string(judged.path("result")).unwrap(),
        "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"wrong-answer\">at \
         out:3: expected &quot;4&quot;, found &quot;5&quot;, for in:4: h8 c3</result>\n"
    );
    let ran = judged.with_output_file("testlib", &right, &["in", "out", "ans", "no/such/result"]);
    assert_eq!(ran.status, 3, "{}", ran.stderr);
    // -appes is testlib's alone.
    let usage = judged.with_output_file("kattis", &right, &["in", "ans", "feedback", "-appes"]);
    assert_eq!(usage.status, 2, "{}", usage.stderr);
}

#[test]
fn cms_gives_the_score_on_stdout_and_the_message_on_stderr_and_fails_only_as_the_judge() {
    for case in CASES {
        let judged = Judged::new(case);
        let right = judged.answer();
        let ran = judged.with_output_file("cms", &right, &["in", "ans", "out"]);
        assert_eq!(
            (ran.status, ran.stdout.as_str()),
            (0, "1.0\n"),
            "{}",
            case.problem
        );
        assert!(
            ran.stderr
                .starts_with("translate:success\nADMIN_MESSAGE: Accepted"),
            "{}",
            ran.stderr
        );
        let ran = judged.with_output_file("cms", b"0\n", &["in", "ans", "out"]);
        assert_eq!(
            (ran.status, ran.stdout.as_str()),
            (0, "0.0\n"),
            "{}",
            case.problem
        );
        assert!(
            ran.stderr
                .starts_with("translate:wrong\nADMIN_MESSAGE: Wrong answer"),
            "{}",
            ran.stderr
        );
        fs::write(judged.path("ans"), b"0\n").unwrap();
        let ran = judged.with_output_file("cms", &right, &["in", "ans", "out"]);
        assert_eq!((ran.status, ran.stdout.as_str()), (5, ""), "{}", ran.stderr);
    }
}

/// Runs `validate SYSTEM` on `input` for `problem`: status and stderr.
fn validate(problem: &str, system: &str, input: &[u8], extra: &[&str]) -> (i32, String) {
    let result = knight_moves()
        .args(["validate", system, "--problem", problem])
        .args(extra)
        .write_stdin(input.to_vec())
        .output()
        .unwrap();
    (
        result.status.code().unwrap(),
        String::from_utf8(result.stderr).unwrap(),
    )
}

#[test]
fn input_validators_accept_each_problems_own_inputs_and_name_the_first_departure() {
    for case in CASES {
        assert_eq!(
            validate(case.problem, "kattis", case.input.as_bytes(), &[]),
            (42, String::new())
        );
        assert_eq!(
            validate(case.problem, "testlib", case.input.as_bytes(), &[]),
            (0, String::new())
        );
        // The inputs knight-moves generates are valid too.
        let generated = knight_moves()
            .args(["generate", "hard", "--problem", case.problem])
            .output()
            .unwrap();
        let generated = generated.stdout;
        let valid = validate(case.problem, "kattis", &generated, &[]);
        let lenient = ["uva439", "poj1915"]; // hard cases on boards past the judges' limits
        if !lenient.contains(&case.problem) {
            assert_eq!(valid, (42, String::new()), "{}", case.problem);
        }
        let crlf = case.input.replace('\n', "\r\n");
        let (status, message) = validate(case.problem, "kattis", crlf.as_bytes(), &["some_flag"]);
        assert_eq!(status, 43, "{}", case.problem);
        assert!(message.contains("found a CR"), "{message}");
        let (status, message) = validate(case.problem, "testlib", crlf.as_bytes(), &[]);
        assert_eq!(status, 3, "{}", case.problem);
        assert!(message.starts_with("FAIL not a valid"), "{message}");
    }
    let (status, message) = validate("uva439", "kattis", b"e2 e4\na1 B2\n", &[]);
    assert_eq!(status, 43);
    assert_eq!(
        message,
        "not a valid uva439 input: line 2, column 4: \"B2\" is not a square: lower-case file \
         letters, then a rank from 1 without leading zeros\n"
    );
    let (status, _) = validate("uva439", "kattis", b"j10 a1\n", &["--board", "10"]);
    assert_eq!(status, 42);
    let (status, _) = validate("uva439", "cms", b"e2 e4\n", &[]);
    assert_eq!(status, 2);
}

/// The helpers' own check: a variant changes what it says it changes.
#[test]
fn the_variants_change_what_they_say() {
    assert_eq!(variant(b"To a1\n", true, false, true, true), b"tO A1\r\n\n");
    assert_eq!(variant(b"a b\n", false, true, false, false), b"a   b  \n");
}

/// A shortest knight route on `files` × `ranks` from `from` to `to`, by the tests' oracle,
/// chosen apart from knight-moves' own: walking back from `to`, the last of the squares one
/// move nearer `from` in the order the moves are listed here. `None` where none exists.
fn another_route(
    files: u32,
    ranks: u32,
    from: (u32, u32),
    to: (u32, u32),
) -> Option<Vec<(u32, u32)>> {
    let board = Board::new(files, ranks).unwrap();
    let distances = plain_distances(board, Piece::KNIGHT, Position::new(from.0, from.1));
    let at = |(file, rank): (u32, u32)| distances.to(Position::new(file, rank));
    let mut route = vec![to];
    let mut here = to;
    while here != from {
        let moves = at(here)?;
        let steps = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        here = steps
            .iter()
            .filter_map(|&(dx, dy)| {
                let (file, rank) = (i64::from(here.0) + dx, i64::from(here.1) + dy);
                let inside =
                    (0..i64::from(files)).contains(&file) && (0..i64::from(ranks)).contains(&rank);
                inside.then_some((file as u32, rank as u32))
            })
            .rfind(|&square| at(square) == Some(moves - 1))
            .unwrap();
        route.push(here);
    }
    route.reverse();
    Some(route)
}

fn name((file, rank): (u32, u32)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Every pair of the 8×8 board as UVa 439's input, and the answers with another shortest
/// route than knight-moves' for each, each line as a list of squares too.
fn every_pair_with_other_routes() -> (String, Vec<(String, Vec<String>)>) {
    let mut input = String::new();
    let mut lines = Vec::new();
    for from in 0..64 {
        for to in 0..64 {
            let (from, to) = ((from % 8, from / 8), (to % 8, to / 8));
            input.push_str(&format!("{} {}\n", name(from), name(to)));
            let route: Vec<String> = another_route(8, 8, from, to)
                .unwrap()
                .into_iter()
                .map(name)
                .collect();
            let head = format!(
                "To get from {} to {} takes {} knight moves:",
                name(from),
                name(to),
                route.len() - 1
            );
            lines.push((head, route));
        }
    }
    (input, lines)
}

fn sentence_with(head: &str, route: &[String]) -> String {
    format!("{head} {}.\n", route.join(" "))
}

/// Runs `check --path ANSWERS` on the input: exit status and verdict.
fn check_routes(problem: &str, input: &str, answers: &str) -> (i32, String) {
    check_routes_with(&["--problem", problem], input, answers)
}

/// Runs `check --path ANSWERS` with `options` on the input: exit status and verdict.
fn check_routes_with(options: &[&str], input: &str, answers: &str) -> (i32, String) {
    let folder = tempfile::tempdir().unwrap();
    fs::write(folder.path().join("in"), input).unwrap();
    fs::write(folder.path().join("out"), answers).unwrap();
    let result = knight_moves()
        .arg("check")
        .args(options)
        .args(["--path", "out", "in"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    (
        result.status.code().unwrap(),
        String::from_utf8(result.stdout).unwrap(),
    )
}

#[test]
fn any_shortest_route_is_accepted_for_every_pair_and_every_way_a_route_is_wrong_is_named() {
    let (input, lines) = every_pair_with_other_routes();
    let right: String = lines
        .iter()
        .map(|(head, route)| sentence_with(head, route))
        .collect();
    assert_eq!(
        check_routes("uva439", &input, &right),
        (0, "Accepted (4096 answers)\n".to_owned())
    );
    // Where knight-moves' own route is another, the candidate's still is right: many differ.
    let own = knight_moves()
        .args(["--path"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let differing = String::from_utf8(own.stdout)
        .unwrap()
        .lines()
        .zip(right.lines())
        .filter(|(a, b)| a != b)
        .count();
    assert!(differing > 1000, "{differing}");
    // Each kind of wrong route, at a far pair (a1 h8, line 64 of the input).
    let (head, route) = &lines[63];
    let mut not_a_move = route.clone();
    not_a_move[3] = "a1".to_owned();
    let mut wrong_start = route.clone();
    wrong_start[0] = "b1".to_owned();
    let mut wrong_end = route.clone();
    *wrong_end.last_mut().unwrap() = route[route.len() - 3].clone();
    let shorter = route[..route.len() - 1].to_vec();
    let mut longer = route.clone();
    longer.push(route[route.len() - 2].clone());
    let mut off_board = route.clone();
    off_board[2] = "i9".to_owned();
    for (wrong, what) in [
        (
            not_a_move,
            "the route's move 3, to \"a1\", is not a knight move",
        ),
        (
            wrong_start,
            "the route starts on \"b1\", not on \"a1\" where the query starts",
        ),
        (wrong_end, "the route ends on"),
        (shorter, "the route ends after 5 moves, before the fewest"),
        (longer, "the route goes on past the fewest moves, 6"),
        (off_board, "\"i9\" is not a square of the 8x8 board"),
    ] {
        let mut answers = right
            .lines()
            .map(|line| format!("{line}\n"))
            .collect::<Vec<_>>();
        answers[63] = sentence_with(head, &wrong);
        let (status, verdict) = check_routes("uva439", &input, &answers.concat());
        assert_eq!(status, 4, "{what}: {verdict}");
        assert!(
            verdict.starts_with(&format!("Wrong answer at out:64: {what}")),
            "{what}: {verdict}"
        );
        assert!(verdict.ends_with("for in:64: a1 h8\n"), "{verdict}");
    }
}

/// A route line of `--format tsv` or `--format json` for the `line`-th query of the file
/// `in`, as knight-moves writes it (written here apart from its writers).
fn row(format: &str, line: usize, route: &[String]) -> String {
    let (from, to) = (&route[0], &route[route.len() - 1]);
    let moves = route.len() - 1;
    match format {
        "tsv" => format!("{from}\t{to}\t{moves}\t{}\n", route.join(" ")),
        _ => {
            let squares: Vec<String> = route.iter().map(|square| format!("\"{square}\"")).collect();
            format!(
                "{{\"source\":\"in\",\"line\":{line},\"from\":\"{from}\",\"to\":\"{to}\",\
                 \"moves\":{moves},\"path\":[{}]}}\n",
                squares.join(",")
            )
        }
    }
}

#[test]
fn routes_are_judged_in_tsv_and_json_as_in_the_sentence_and_each_wrong_route_named() {
    let (input, lines) = every_pair_with_other_routes();
    for format in ["tsv", "json"] {
        let options = ["--format", format];
        let right: Vec<String> = lines
            .iter()
            .enumerate()
            .map(|(index, (_, route))| row(format, index + 1, route))
            .collect();
        assert_eq!(
            check_routes_with(&options, &input, &right.concat()),
            (0, "Accepted (4096 answers)\n".to_owned()),
            "{format}"
        );
        let (_, route) = &lines[63];
        let mut not_a_move = route.clone();
        not_a_move[3] = "a1".to_owned();
        let mut wrong_start = route.clone();
        wrong_start[0] = "b1".to_owned();
        let mut wrong_end = route.clone();
        *wrong_end.last_mut().unwrap() = route[route.len() - 3].clone();
        let shorter = route[..route.len() - 1].to_vec();
        let mut longer = route.clone();
        longer.push(route[route.len() - 2].clone());
        let mut off_board = route.clone();
        off_board[2] = "i9".to_owned();
        for (wrong, what) in [
            (
                not_a_move,
                "the route's move 3, to \"a1\", is not a knight move",
            ),
            (
                wrong_start,
                "the route starts on \"b1\", not on \"a1\" where the query starts",
            ),
            (wrong_end, "the route does not end where the query ends"),
            (shorter, "the route ends after 5 moves, before the fewest"),
            (longer, "the route goes on past the fewest moves, 6"),
            (off_board, "\"i9\" is not a square of the 8x8 board"),
        ] {
            // The ends and the count stay the query's: only the route is wrong.
            let mut line = row(format, 64, &wrong);
            if format == "tsv" {
                let fields: Vec<&str> = line.splitn(4, '\t').collect();
                line = format!("a1\th8\t6\t{}", fields[3]);
            } else {
                let path = &line[line.find("\"path\"").unwrap()..];
                line = format!(
                    "{{\"source\":\"in\",\"line\":64,\"from\":\"a1\",\"to\":\"h8\",\"moves\":6,{path}"
                );
            }
            let mut answers = right.clone();
            answers[63] = line;
            let (status, verdict) = check_routes_with(&options, &input, &answers.concat());
            assert_eq!(status, 4, "{format} {what}: {verdict}");
            assert!(
                verdict.starts_with(&format!("Wrong answer at out:64: {what}")),
                "{format} {what}: {verdict}"
            );
            assert!(verdict.ends_with("for in:64: a1 h8\n"), "{verdict}");
        }
        // The rest of the line is compared as the problem's judge compares it.
        let mut answers = right.clone();
        answers[63] = answers[63].replacen('6', "5", 1);
        let (status, verdict) = check_routes_with(&options, &input, &answers.concat());
        assert_eq!(status, 4, "{format}: {verdict}");
        assert!(
            verdict.starts_with("Wrong answer at out:64: expected "),
            "{verdict}"
        );
    }
}

#[test]
fn tsv_and_json_without_a_route_and_tsv_with_its_header_are_judged_too() {
    let input = "b2 a1\na1 c3\n";
    for format in ["tsv", "json"] {
        let options = ["--board", "3", "--format", format];
        let own = knight_moves()
            .args(options)
            .args(["--path"])
            .write_stdin(input)
            .output()
            .unwrap();
        let own = String::from_utf8(own.stdout)
            .unwrap()
            .replace("<stdin>", "in");
        let right = own.replace("a1 b3 c1 a2 c3", "a1 c2 a3 b1 c3").replace(
            "\"a1\",\"b3\",\"c1\",\"a2\",\"c3\"",
            "\"a1\",\"c2\",\"a3\",\"b1\",\"c3\"",
        );
        assert_ne!(right, own, "{format}: another route");
        assert_eq!(
            check_routes_with(&options, input, &right),
            (0, "Accepted (2 answers)\n".to_owned()),
            "{format}: {right}"
        );
        // A route where none exists is wrong.
        let made_up = match format {
            "tsv" => right.replacen("\t\t\n", "\t4\tb2 c4 a3 c2 a1\n", 1),
            _ => right.replacen("null,\"path\":null", "4,\"path\":[\"b2\"]", 1),
        };
        assert_ne!(made_up, right);
        assert_ne!(
            check_routes_with(&options, input, &made_up).0,
            0,
            "{format}"
        );
    }
    let header = "from\tto\tmoves\tpath\n";
    let rows = "a1\th8\t6\ta1 c2 e3 g4 h6 f7 h8\n";
    let options = ["--format", "tsv", "--header"];
    // The header row is judged, but it is not an answer.
    assert_eq!(
        check_routes_with(&options, "a1 h8\n", &format!("{header}{rows}")),
        (0, "Accepted (1 answer)\n".to_owned())
    );
    let (status, verdict) = check_routes_with(&options, "a1 h8\n", rows);
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.contains("for the header row"), "{verdict}");
    // With no query, the answers are the header alone: judged all the same.
    assert_eq!(
        check_routes_with(&options, "", header),
        (0, "Accepted (0 answers)\n".to_owned())
    );
    let (status, verdict) = check_routes_with(&options, "", "");
    assert_eq!(status, 4, "{verdict}");
    // The trace is a search's events, not answers: no value of a judging command's --format.
    let refused = knight_moves()
        .args(["check", "--format", "trace", "out", "in"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8(refused.stderr).unwrap();
    assert!(
        stderr.contains("invalid value 'trace' for '--format <FORMAT>'")
            && stderr.contains("[possible values: sentence, tsv, json]"),
        "{stderr}"
    );
}

#[test]
fn routes_are_judged_for_nakanj_and_poj1915_in_their_own_notations() {
    let (from, to) = ((0, 0), (7, 7));
    let route = another_route(8, 8, from, to).unwrap();
    let names: Vec<String> = route.iter().copied().map(name).collect();
    let nakanj_in = "1\na1 h8\n";
    let right = format!("6 {}\n", names.join(" "));
    assert_eq!(check_routes("nakanj", nakanj_in, &right).0, 0);
    let mut bent = names.clone();
    bent[5] = "h7".to_owned();
    let (status, verdict) = check_routes("nakanj", nakanj_in, &format!("6 {}\n", bent.join(" ")));
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.contains("is not a knight move"), "{verdict}");
    let longer = format!("6 {} g6\n", names.join(" "));
    let (status, verdict) = check_routes("nakanj", nakanj_in, &longer);
    assert_eq!(status, 4, "{verdict}");
    assert!(
        verdict.contains("the route goes on past the fewest moves"),
        "{verdict}"
    );
    // POJ 1915: coordinates on each scenario's own board.
    let route = another_route(20, 20, (0, 0), (19, 13)).unwrap();
    let coordinates: Vec<String> = route.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let poj_in = "1\n20\n0 0\n19 13\n";
    let right = format!("{} {}\n", route.len() - 1, coordinates.join(" "));
    assert_eq!(
        check_routes("poj1915", poj_in, &right),
        (0, "Accepted (1 answer)\n".to_owned())
    );
    let mut outside = coordinates.clone();
    outside[1] = "20,1".to_owned();
    let wrong = format!("{} {}\n", route.len() - 1, outside.join(" "));
    let (status, verdict) = check_routes("poj1915", poj_in, &wrong);
    assert_eq!(status, 4, "{verdict}");
    assert!(
        verdict.contains("\"20,1\" is not a square of the 20x20 board"),
        "{verdict}"
    );
}

#[test]
fn kattis_judges_routes_with_its_leniency_and_the_judges_own_route_may_be_another() {
    let (input, lines) = every_pair_with_other_routes();
    let other: String = lines
        .iter()
        .map(|(head, route)| sentence_with(head, route))
        .collect();
    let folder = tempfile::tempdir().unwrap();
    fs::write(folder.path().join("in"), &input).unwrap();
    fs::create_dir(folder.path().join("feedback")).unwrap();
    // The judge's answer file holds knight-moves' routes; the candidate others, reformatted.
    let own = knight_moves()
        .args(["--path", "in"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    for (answer, output) in [
        (&own.stdout, other.as_bytes()),
        (&other.as_bytes().to_vec(), &own.stdout[..]),
    ] {
        fs::write(folder.path().join("ans"), answer).unwrap();
        for bits in 0..16u8 {
            let [crlf, spaces, newline, swapped] = [1, 2, 4, 8].map(|bit| bits & bit != 0);
            let output = variant(output, crlf, spaces, newline, swapped);
            let result = knight_moves()
                .args(["checker", "kattis", "--path", "in", "ans", "feedback"])
                .current_dir(folder.path())
                .write_stdin(output)
                .output()
                .unwrap();
            let message =
                fs::read_to_string(folder.path().join("feedback/judgemessage.txt")).unwrap();
            assert_eq!(result.status.code(), Some(42), "{bits:04b}: {message}");
        }
    }
    // A judge's answer file whose route is wrong is the judge's failure.
    let bad = other.replacen("takes 6 knight moves: a1", "takes 6 knight moves: b1", 1);
    assert_ne!(bad, other);
    fs::write(folder.path().join("ans"), bad).unwrap();
    let result = knight_moves()
        .args(["checker", "kattis", "--path", "in", "ans", "feedback"])
        .current_dir(folder.path())
        .write_stdin(other.clone())
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(5));
}

#[test]
fn a_route_of_a_million_moves_on_one_line_is_judged_to_its_last_move_and_said_in_a_short_line() {
    let folder = tempfile::tempdir().unwrap();
    fs::write(folder.path().join("in"), "a1 h2000000\n").unwrap();
    let own = knight_moves()
        .args(["--board", "8x2000000", "--path", "in"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    assert!(own.stdout.len() > 8_000_000);
    let mut bent = own.stdout.clone();
    let last_space = bent.iter().rposition(|&b| b == b' ').unwrap();
    bent.truncate(last_space);
    bent.extend_from_slice(b" h1999999.\n");
    fs::write(folder.path().join("out"), &bent).unwrap();
    let result = knight_moves()
        .args(["check", "--board", "8x2000000", "--path", "out", "in"])
        .current_dir(folder.path())
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(4));
    let verdict = String::from_utf8(result.stdout).unwrap();
    assert!(
        verdict.contains("to \"h1999999\", is not a knight move"),
        "{verdict}"
    );
    assert!(verdict.len() < 300, "{verdict}");
}

#[cfg(unix)] // a POSIX shell closes the standard output
#[test]
fn cms_with_its_standard_output_closed_fails_as_the_judge_rather_than_lose_the_score() {
    let judged = Judged::new(&CASES[0]);
    let binary = env!("CARGO_BIN_EXE_knight-moves");
    let result = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{} checker cms in ans ans >&-",
            crate::common::quoted(binary)
        ))
        .current_dir(judged.folder.path())
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(5));
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert!(
        stderr.contains("cannot write to standard output: it is closed"),
        "{stderr}"
    );
}

/// Runs knight-moves in `folder` with `args`, `stdin` on its standard input: the status and
/// what it wrote on stdout, with the Kattis feedback folder's judge message after it.
fn run_in(folder: &std::path::Path, args: &[&str], stdin: &[u8]) -> (i32, String) {
    let _ = fs::remove_file(folder.join("feedback/judgemessage.txt"));
    let result = knight_moves()
        .args(args)
        .current_dir(folder)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    let message = fs::read_to_string(folder.join("feedback/judgemessage.txt")).unwrap_or_default();
    let stdout = String::from_utf8(result.stdout).unwrap();
    (result.status.code().unwrap(), stdout + &message)
}

#[test]
fn tsv_and_json_judging_holds_against_the_hostile_rounds_cases() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path();
    fs::create_dir(dir.join("feedback")).unwrap();
    fs::write(dir.join("in"), "e2 e4\na1 b2\n").unwrap();
    let tsv = ["--format", "tsv", "--path"];
    // The judge's answers as knight-moves makes them from IN, given as a file or on stdin.
    let made = |options: &[&str], on_stdin: bool| {
        let input = fs::read(dir.join("in")).unwrap();
        let mut command = knight_moves();
        command.args(options).current_dir(dir);
        match on_stdin {
            true => command.write_stdin(input),
            false => command.arg("in"),
        };
        let made = command.output().unwrap();
        assert!(made.status.success(), "{made:?}");
        made.stdout
    };
    fs::write(dir.join("ans"), made(&tsv, false)).unwrap();
    // A wrong route after a difference in spacing is a wrong answer, not a presentation error:
    // for check, and for testlib (exit 1, not 2).
    let spaced_and_wrong = b"e2\te4\t2\te2  g3 h1\na1\tb2\t4\ta1 b3 c5 d3 b2\n";
    fs::write(dir.join("out"), spaced_and_wrong).unwrap();
    let check = [&["check"][..], &tsv, &["out", "in"]].concat();
    let (status, verdict) = run_in(dir, &check, b"");
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.starts_with("Wrong answer"), "{verdict}");
    let testlib = [&["checker", "testlib"][..], &tsv, &["in", "out", "ans"]].concat();
    assert_eq!(run_in(dir, &testlib, b"").0, 1);
    // Spacing alone is still a presentation error.
    fs::write(
        dir.join("out"),
        b"e2\te4\t2\te2  g3 e4\na1\tb2\t4\ta1 b3 c5 d3 b2\n",
    )
    .unwrap();
    let (status, verdict) = run_in(dir, &check, b"");
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.starts_with("Presentation error"), "{verdict}");
    assert_eq!(run_in(dir, &testlib, b"").0, 2);
    // The default validator reads tokens only: a route and the next answer on one line.
    let kattis = [&["checker", "kattis"][..], &tsv, &["in", "ans", "feedback"]].concat();
    let one_line = b"e2 e4 2 e2 c3 e4 a1 b2 4 a1 b3 c5 d3 b2\n";
    assert_eq!(run_in(dir, &kattis, one_line).0, 42);
    // Where case counts, a route's squares are in lower case, as the answers write them.
    let upper = b"e2\te4\t2\tE2 G3 E4\na1\tb2\t4\tA1 B3 C5 D3 B2\n";
    assert_eq!(run_in(dir, &kattis, upper).0, 42);
    let case_sensitive = [&kattis[..], &["case_sensitive"]].concat();
    let (status, message) = run_in(dir, &case_sensitive, upper);
    assert_eq!(status, 43, "{message}");
    assert!(message.contains("is in upper case"), "{message}");
    // A route where none exists, in TSV, is a wrong answer.
    fs::write(dir.join("in3"), "a1 b2\n").unwrap();
    fs::write(dir.join("out"), "a1\tb2\t2\ta1 c2 b2\n").unwrap();
    let board3 = [&["check"][..], &tsv, &["--board", "3", "out", "in3"]].concat();
    let (status, verdict) = run_in(dir, &board3, b"");
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.starts_with("Wrong answer"), "{verdict}");
    // A leaper's TSV has a piece column after the route: the route ends at its tab.
    fs::write(dir.join("inc"), "a1 b4\n").unwrap();
    let camel = [
        "--piece", "camel", "--board", "10", "--format", "tsv", "--path",
    ];
    let check_camel = [&["check"][..], &camel, &["out", "inc"]].concat();
    fs::write(dir.join("out"), "a1\tb4\t1\ta1 b4\tcamel\n").unwrap();
    assert_eq!(
        run_in(dir, &check_camel, b""),
        (0, "Accepted (1 answer)\n".to_owned())
    );
    fs::write(dir.join("out"), "a1\tb4\t1\ta1 b4 c7\tcamel\n").unwrap();
    let (status, verdict) = run_in(dir, &check_camel, b"");
    assert_eq!(status, 4, "{verdict}");
    assert!(
        verdict.contains("goes on past the fewest moves, 1"),
        "{verdict}"
    );
    // JSON under checker: the candidate reads its standard input, and so its answers name
    // their source `<stdin>`; JSON's spacing is white space like any other to the default
    // validator.
    let json = ["--format", "json", "--path"];
    fs::write(dir.join("ans"), made(&json, true)).unwrap();
    let own = fs::read(dir.join("ans")).unwrap();
    let kattis = [
        &["checker", "kattis"][..],
        &json,
        &["in", "ans", "feedback"],
    ]
    .concat();
    assert_eq!(run_in(dir, &kattis, &own).0, 42);
    let spaced = String::from_utf8(own.clone())
        .unwrap()
        .replace(':', ": ")
        .replace(',', ", ");
    let (status, message) = run_in(dir, &kattis, spaced.as_bytes());
    assert_eq!(status, 42, "{spaced}: {message}");
    let (status, message) = run_in(dir, &kattis, spaced.replace("\"g3\"", "\"h1\"").as_bytes());
    assert_eq!(status, 43, "{message}");
    assert!(message.contains("is not a knight move"), "{message}");
}

#[test]
fn the_second_hostile_rounds_cases_are_judged_as_the_tokens_say() {
    let folder = tempfile::tempdir().unwrap();
    let dir = folder.path();
    fs::create_dir(dir.join("feedback")).unwrap();
    let answer_of = |options: &[&str], input: &str| {
        fs::write(dir.join("in"), input).unwrap();
        let made = knight_moves()
            .args(options)
            .arg("in")
            .current_dir(dir)
            .output()
            .unwrap();
        assert!(made.status.success());
        String::from_utf8(made.stdout).unwrap()
    };
    let check = |options: &[&str], answers: &str| {
        fs::write(dir.join("out"), answers).unwrap();
        let args = [&["check"][..], options, &["out", "in"]].concat();
        run_in(dir, &args, b"")
    };
    // A query typed in upper case: knight-moves' own route, its ends as typed, is right
    // where case counts.
    let own = answer_of(&["--path"], "E2 E4\n");
    assert_eq!(
        own,
        "To get from E2 to E4 takes 2 knight moves: E2 g3 E4.\n"
    );
    assert_eq!(
        check(&["--path"], &own),
        (0, "Accepted (1 answer)\n".to_owned())
    );
    // A route split over two lines, every square there: the line breaks differ, a
    // presentation error, not a route that ends early.
    let input = "e2 e4\na1 h8\n";
    let own = answer_of(&["--path"], input);
    let split = own.replacen(": e2 g3", ": e2\ng3", 1);
    assert_ne!(split, own);
    let (status, verdict) = check(&["--path"], &split);
    assert_eq!(status, 4, "{verdict}");
    assert!(
        verdict.starts_with("Presentation error at out:1: line breaks differ"),
        "{verdict}"
    );
    // Cut where a square is missing, it is a wrong route still.
    let (status, verdict) = check(&["--path"], &own.replacen(": e2 g3 e4.", ": e2 g3\n.", 1));
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.starts_with("Wrong answer"), "{verdict}");
    // JSON without a route: a space after a comma is spacing, where space counts.
    let own = answer_of(&["--format", "json"], input);
    let spaced = own.replacen(",\"line\"", ", \"line\"", 1);
    let (status, verdict) = check(&["--format", "json"], &spaced);
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.starts_with("Presentation error"), "{verdict}");
    // Punctuation inside a JSON string is part of it: a source `a,b` written `a, b` is
    // another source, a wrong answer, not spacing around a comma.
    fs::write(dir.join("a,b"), input).unwrap();
    let own = knight_moves()
        .args(["--format", "json", "--path", "a,b"])
        .current_dir(dir)
        .output()
        .unwrap()
        .stdout;
    let own = String::from_utf8(own).unwrap();
    fs::write(dir.join("out"), own.replacen("\"a,b\"", "\"a, b\"", 1)).unwrap();
    let args = ["check", "--format", "json", "--path", "out", "a,b"];
    let (status, verdict) = run_in(dir, &args, b"");
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.starts_with("Wrong answer"), "{verdict}");
    // The header row holds no route: its `path` column missing is a wrong header.
    let own = answer_of(&["--format", "tsv", "--header", "--path"], input);
    let headless = own.replacen("\tpath\n", "\n", 1);
    let (status, verdict) = check(&["--format", "tsv", "--header", "--path"], &headless);
    assert_eq!(status, 4, "{verdict}");
    assert!(verdict.contains("expected \"path\""), "{verdict}");
    assert!(verdict.contains("for the header row"), "{verdict}");
}

#[test]
fn stress_judges_poj1915_routes_on_boards_whose_routes_it_can_write() {
    // POJ 1915's largest boards under --path are a million on a side, not 10^9, whose
    // routes of 5x10^8 moves no judge could write: every case is judged, none given up on.
    let program = env!("CARGO_BIN_EXE_knight-moves");
    let command = format!("'{program}' --problem poj1915 --path");
    let result = knight_moves()
        .args(["stress", &command, "--problem", "poj1915", "--path"])
        .args(["--cases", "30", "--seed", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&result.stdout);
    assert_eq!(result.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("Passed 30 cases"), "{stdout}");
}

#[test]
fn input_validators_speak_kattis_and_testlib_only_and_take_the_systems_arguments() {
    let (status, _) = validate("uva439", "cms", b"e2 e4\n", &[]);
    assert_eq!(status, 2);
    let polygon = ["--", "--testset", "tests", "--group", "1"];
    assert_eq!(validate("uva439", "testlib", b"e2 e4\n", &polygon).0, 0);
    assert_eq!(validate("uva439", "testlib", b"e2  e4\n", &polygon).0, 3);
}

/// Whether CMS's sanitizer refuses a message holding `c`: its expression, character for
/// character, `[\x00-\x08\x0a-\x1f\x7f-\xbf]` (cms/grading/steps/trusted.py).
fn cms_refuses(c: char) -> bool {
    let code = c as u32;
    (0x00..=0x08).contains(&code) || (0x0a..=0x1f).contains(&code) || (0x7f..=0xbf).contains(&code)
}

/// Every line knight-moves writes for CMS passes CMS's sanitizer whatever the candidate wrote
/// (issue 45): a wrong answer holding each code point from U+0000 to U+00FF, a sample above,
/// and each byte that is not UTF-8, is scored 0.0 with a message CMS takes. CMS reads the
/// texts as UTF-8 with universal newlines, so a line ends at CR as well as LF.
#[test]
fn cms_messages_pass_cms_s_sanitizer_whatever_the_candidate_wrote() {
    let judged = Judged::new(&CASES[0]);
    let right = judged.answer();
    let above = [
        '\u{100}',
        '\u{2028}',
        '\u{feff}',
        '\u{fffd}',
        '\u{1f600}',
        'é',
        '€',
    ];
    let mut outputs: Vec<Vec<u8>> = (0..=0xffu32)
        .chain(above.iter().map(|&c| c as u32))
        .map(|code| {
            let mut output = right.clone();
            let c = char::from_u32(code).unwrap();
            output.splice(3..3, c.to_string().into_bytes());
            output
        })
        .collect();
    outputs.extend((0x80..=0xffu8).map(|byte| {
        let mut output = right.clone();
        output.insert(3, byte);
        output
    }));
    for output in outputs {
        let ran = judged.with_output_file_bytes("cms", &output, &["in", "ans", "out"]);
        let shown = String::from_utf8_lossy(&output[..8]).into_owned();
        assert_eq!(
            ran.status,
            0,
            "{shown:?}: {}",
            String::from_utf8_lossy(&ran.stderr)
        );
        assert_eq!(ran.stdout, "0.0\n", "{shown:?}");
        let stderr = String::from_utf8(ran.stderr).expect("CMS decodes stderr as UTF-8");
        let lines: Vec<&str> = stderr
            .split(['\n', '\r'])
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(lines.len(), 2, "{shown:?}: {stderr}");
        assert_eq!(lines[0], "translate:wrong");
        assert!(lines[1].starts_with("ADMIN_MESSAGE: "), "{stderr}");
        for line in lines {
            let refused: Vec<char> = line.chars().filter(|&c| cms_refuses(c)).collect();
            assert!(
                refused.is_empty(),
                "{shown:?}: CMS refuses {refused:?} in {line:?}"
            );
        }
    }
}

/// CMS's BatchAndOutput task type passes a fourth argument, `batch` or `outputonly`: taken,
/// the verdict the same; any other fourth argument is a usage error (issue 45).
#[test]
fn cms_takes_batch_and_outputonly_as_a_fourth_argument_and_nothing_else() {
    for case in CASES {
        let judged = Judged::new(case);
        let right = judged.answer();
        for fourth in ["batch", "outputonly"] {
            let ran = judged.with_output_file("cms", &right, &["in", "ans", "out", fourth]);
            assert_eq!(
                (ran.status, ran.stdout.as_str()),
                (0, "1.0\n"),
                "{}",
                ran.stderr
            );
            let ran = judged.with_output_file("cms", b"0\n", &["in", "ans", "out", fourth]);
            assert_eq!(
                (ran.status, ran.stdout.as_str()),
                (0, "0.0\n"),
                "{}",
                ran.stderr
            );
        }
        for other in ["Batch", "output", "", "out"] {
            let ran = judged.with_output_file("cms", &right, &["in", "ans", "out", other]);
            assert_eq!((ran.status, ran.stdout.as_str()), (2, ""), "{other}");
            assert!(ran.stderr.contains("'[TASK_TYPE]'"), "{}", ran.stderr);
            assert!(
                ran.stderr.contains("[possible values: batch, outputonly]"),
                "{}",
                ran.stderr
            );
        }
        let ran = judged.with_output_file("cms", &right, &["in", "ans", "out", "batch", "x"]);
        assert_eq!(ran.status, 2);
    }
}

/// testlib's spellings (issue 45): `-APPES` as well as `-appes` after the result file, and
/// `--testset NAME` and `--group NAME` wherever testlib takes them (Polygon passes them
/// before the files), before `--` or after it; a test set's name may not be empty.
#[test]
fn testlib_takes_its_own_spellings_of_appes_testset_and_group() {
    let judged = Judged::new(&CASES[1]);
    let right = judged.answer();
    for appes in ["-appes", "-APPES"] {
        let ran = judged.with_output_file(
            "testlib",
            b"6\n1\n5\n",
            &["in", "out", "ans", "result", appes],
        );
        assert_eq!(ran.status, 1, "{appes}: {}", ran.stderr);
        let result = fs::read_to_string(judged.path("result")).unwrap();
        assert!(result.starts_with("<?xml"), "{appes}: {result}");
    }
    let polygon: &[&[&str]] = &[
        &["--testset", "tests", "--group", "1", "in", "out", "ans"],
        &[
            "--",
            "--testset",
            "tests",
            "--group",
            "1",
            "in",
            "out",
            "ans",
        ],
        &[
            "--testset",
            "tests",
            "--",
            "--group",
            "",
            "in",
            "out",
            "ans",
            "result",
        ],
        &["--", "in", "--group", "g", "out", "ans", "--testset", "t"],
        &[
            "--group", "samples", "--", "in", "out", "ans", "result", "-APPES",
        ],
    ];
    for files in polygon {
        let ran = judged.with_output_file("testlib", &right, files);
        assert_eq!(ran.status, 0, "{files:?}: {}", ran.stderr);
        let ran = judged.with_output_file("testlib", b"6\n1\n5\n", files);
        assert_eq!(ran.status, 1, "{files:?}: {}", ran.stderr);
    }
    for files in [
        &["--testset", "", "in", "out", "ans"][..],
        &["--", "in", "out", "ans", "--testset", ""],
        &["--", "in", "out", "ans", "--group"],
        &["--testset", "tests", "in", "out"],
    ] {
        let ran = judged.with_output_file("testlib", &right, files);
        assert_eq!(ran.status, 3, "{files:?}: {}", ran.stderr);
    }
    // testlib's own: refused elsewhere.
    let ran = judged.with_output_file("cms", &right, &["--testset", "t", "in", "ans", "out"]);
    assert_eq!(ran.status, 2, "{}", ran.stderr);
}

/// An input the problem's validator refuses is the judge's failure under every dialect, with
/// the validator's words, however the candidate answered it (issue 45): an empty input for
/// the problems that start with a count, a side or a count past the problem's limits, CRLF.
#[test]
fn an_input_that_is_not_the_problems_is_a_judge_failure_in_every_dialect() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "nakanj",
            "",
            "expected the count T, a number, found the end of the input",
        ),
        ("poj1915", "", "expected the number of scenarios"),
        ("cses-grid", "", "expected n, a number"),
        ("knightl", "", "expected n, a number"),
        ("uva439", "", "the input is empty"),
        ("uva439", "e2 e4\r\n", "found a CR"),
        ("uva439", "e2 E4\n", "is not a square"),
        (
            "nakanj",
            "4097\na1 b2\n",
            "the count T must be from 1 to 4096",
        ),
        (
            "poj1915",
            "1\n301\n0 0\n1 1\n",
            "the side l must be from 4 to 300",
        ),
        (
            "poj1915",
            "1\n3\n0 0\n1 1\n",
            "the side l must be from 4 to 300",
        ),
        ("cses-grid", "3\n", "n must be from 4 to 1000"),
        ("knightl", "26\n", "n must be from 5 to 25"),
    ];
    for &(problem, input, words) in cases {
        let folder = tempfile::tempdir().unwrap();
        fs::write(folder.path().join("in"), input).unwrap();
        fs::create_dir(folder.path().join("feedback")).unwrap();
        // Knight-moves' own answers to the input, as a judge with that input would hold them.
        let answers = knight_moves()
            .args(["--problem", problem, "in"])
            .current_dir(folder.path())
            .output()
            .unwrap();
        fs::write(folder.path().join("ans"), &answers.stdout).unwrap();
        fs::write(folder.path().join("out"), &answers.stdout).unwrap();
        for (system, files, failure) in [
            ("kattis", &["in", "ans", "feedback"][..], 5),
            ("testlib", &["in", "out", "ans"], 3),
            ("cms", &["in", "ans", "out"], 5),
        ] {
            for output in [&answers.stdout[..], b"", b"junk\n"] {
                let ran = knight_moves()
                    .args(["checker", system, "--problem", problem])
                    .args(files)
                    .current_dir(folder.path())
                    .write_stdin(output.to_vec())
                    .output()
                    .unwrap();
                fs::write(folder.path().join("out"), output).unwrap();
                let said = match system {
                    "kattis" => {
                        fs::read_to_string(folder.path().join("feedback/judgemessage.txt")).unwrap()
                    }
                    _ => String::from_utf8_lossy(&ran.stderr).into_owned(),
                };
                let what = format!("{problem} {input:?} {system}: {said}");
                assert_eq!(ran.status.code(), Some(failure), "{what}");
                assert!(
                    said.contains(&format!("is not a valid {problem} input")),
                    "{what}"
                );
                assert!(said.contains(words), "{what}");
                if system == "cms" {
                    assert_eq!(ran.stdout, b"", "{what}");
                }
            }
        }
    }
}

/// An endless input the validator refuses (a device of NUL bytes) ends as the judge's failure
/// in every dialect: the reading stops at the validator's refusal rather than reading forever.
#[cfg(unix)] // /dev/zero
#[test]
fn an_endless_input_the_validator_refuses_ends_as_a_judge_failure() {
    let judged = Judged::new(&CASES[0]);
    let right = judged.answer();
    for (system, files, failure) in [
        ("kattis", &["/dev/zero", "ans", "feedback"][..], 5),
        ("testlib", &["/dev/zero", "ans", "ans"], 3),
        ("cms", &["/dev/zero", "ans", "ans"], 5),
    ] {
        let ran = knight_moves()
            .args(["checker", system, "--problem", "uva439"])
            .args(files)
            .current_dir(judged.folder.path())
            .write_stdin(right.clone())
            // Far beyond the milliseconds it takes: only a reading that never ends reaches it.
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&ran.stderr);
        assert_eq!(ran.status.code(), Some(failure), "{system}: {stderr}");
        assert!(
            stderr.contains("/dev/zero is not a valid uva439 input: line 1, column 1"),
            "{system}: {stderr}"
        );
    }
}

/// Under Kattis' protocol the output comes on standard input, so an IN that is standard input
/// cannot be the judge's input: a judge failure, said in the feedback folder.
#[cfg(unix)] // /dev/stdin
#[test]
fn kattis_with_standard_input_as_its_input_file_fails_as_the_judge() {
    let judged = Judged::new(&CASES[0]);
    let ran = knight_moves()
        .args(["checker", "kattis", "/dev/stdin", "ans", "feedback"])
        .current_dir(judged.folder.path())
        .write_stdin(judged.answer())
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(5));
    let said = fs::read_to_string(judged.path("feedback/judgemessage.txt")).unwrap();
    assert!(said.contains("that is standard input"), "{said}");
}

/// A usage error under Kattis' protocol leaves no verdict behind: an earlier run's
/// judgemessage.txt and teammessage.txt would be read as this one's.
#[test]
fn a_kattis_usage_error_removes_an_earlier_runs_verdict() {
    let judged = Judged::new(&CASES[0]);
    for file in ["judgemessage.txt", "teammessage.txt"] {
        fs::write(judged.path("feedback").join(file), "Accepted (5 answers)\n").unwrap();
    }
    let ran = knight_moves()
        .args([
            "checker",
            "kattis",
            "in",
            "ans",
            "feedback",
            "--no-such-flag",
        ])
        .current_dir(judged.folder.path())
        .write_stdin(judged.answer())
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(2));
    for file in ["judgemessage.txt", "teammessage.txt"] {
        assert!(!judged.path("feedback").join(file).exists(), "{file}");
    }
}

/// testlib reads every status of its own from 0 to 3 as a verdict; clap's 2 would be the
/// candidate's presentation error. So every usage error exits 3 (FAIL), a version asked of
/// a checker among them (testlib has none); help exits 0, as testlib.h's own help does.
#[test]
fn testlib_exits_3_for_every_usage_error_and_0_for_help() {
    let judged = Judged::new(&CASES[0]);
    for (args, status) in [
        (&["--help"][..], 0),
        (&["-h"], 0),
        (&["--version"], 3),
        (&["in", "out"], 3),
        (&["--board", "nine", "in", "out", "ans"], 3),
        (&["--no-such-option", "in", "out", "ans"], 3),
        (&["in", "out", "ans", "result", "-xml"], 3),
    ] {
        let ran = judged.with_output_file("testlib", &judged.answer(), args);
        assert_eq!(ran.status, status, "{args:?}: {}{}", ran.stdout, ran.stderr);
    }
}

/// A usage error under CMS quotes the argument it refuses; that quote passes CMS's sanitizer
/// too, whatever characters the argument held.
#[test]
fn cms_usage_errors_pass_cms_s_sanitizer() {
    let judged = Judged::new(&CASES[0]);
    for fourth in ["bo\u{b0}gus", "\u{7}", "a\u{85}b", "tab\there"] {
        let ran =
            judged.with_output_file_bytes("cms", &judged.answer(), &["in", "ans", "out", fourth]);
        assert_eq!(ran.status, 2, "{fourth:?}");
        let stderr = String::from_utf8(ran.stderr).unwrap();
        assert!(stderr.contains("[TASK_TYPE]"), "{stderr}");
        for line in stderr.split(['\n', '\r']) {
            let refused: Vec<char> = line.chars().filter(|&c| cms_refuses(c)).collect();
            assert!(
                refused.is_empty(),
                "{fourth:?}: CMS refuses {refused:?} in {line:?}"
            );
        }
    }
}

/// testlib takes no option of knight-moves among its files: a dashed word there other than
/// its own (`-appes` after RESULT_FILE, `--testset`, `--group`) is refused with testlib's
/// FAIL, never read as a file, so never written to as RESULT_FILE; and a RESULT_FILE that is
/// IN, OUTPUT or ANS is refused before anything is written over.
#[test]
fn testlib_never_writes_over_a_file_it_reads_nor_takes_an_option_for_a_file() {
    let judged = Judged::new(&CASES[0]);
    let right = judged.answer();
    for files in [
        &["in", "out", "ans", "--path"][..],
        &["in", "--path", "out", "ans"],
        &["in", "out", "ans", "--problem", "nakanj"],
        &["in", "out", "-appes", "ans"],
        &["--", "in", "out", "ans", "--help"],
    ] {
        let ran = judged.with_output_file("testlib", &right, files);
        assert_eq!(ran.status, 3, "{files:?}: {}", ran.stderr);
        assert!(
            ran.stderr.contains("among the files"),
            "{files:?}: {}",
            ran.stderr
        );
        assert_eq!(judged.answer(), right, "{files:?}");
    }
    for result in ["ans", "./in", "out"] {
        let ran = judged.with_output_file("testlib", &right, &["in", "out", "ans", result]);
        assert_eq!(ran.status, 3, "{result}: {}", ran.stderr);
        assert!(
            ran.stderr.contains("it would be written over"),
            "{}",
            ran.stderr
        );
        assert_eq!(judged.answer(), right, "{result}");
        assert_eq!(fs::read(judged.path("out")).unwrap(), right, "{result}");
    }
}

/// Options after Kattis' files and flags are options, as before the files: honoured when the
/// command takes them, refused when it does not; never taken for flags and ignored.
#[test]
fn kattis_reads_options_after_its_flags_as_options() {
    let judged = Judged::new(&CASES[0]);
    let (status, message) = judged.kattis(&judged.answer(), &["case_sensitive", "--path"]);
    // The judge's answers hold no routes, which --path asks of them: the judge's failure.
    assert_eq!(status, 5, "{message}");
    let ran = knight_moves()
        .args(["checker", "kattis", "in", "ans", "feedback", "x", "--bogus"])
        .current_dir(judged.folder.path())
        .write_stdin(judged.answer())
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(2));
    let validated = knight_moves()
        .args(["validate", "kattis", "flag", "--problem", "nakanj"])
        .write_stdin("1\na1 b2\n")
        .output()
        .unwrap();
    assert_eq!(validated.status.code(), Some(42), "{validated:?}");
}
