//! The binary as a stream: bounded memory on a huge line, a closed pipe downstream, and a
//! program that talks to it line by line.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::thread;

#[cfg(target_os = "linux")]
use common::memory_kib;
use common::{answers_each_in_turn, sentence, spawn_knight_moves};

#[test]
fn a_coprocess_gets_each_answer_before_closing_stdin() {
    let mut child = spawn_knight_moves(&[]);
    let mut stdin = child.stdin.take().unwrap();
    let reader = BufReader::new(child.stdout.take().unwrap());
    let (first, second) = (sentence("e2", "e4", 2), sentence("a1", "h8", 6));
    answers_each_in_turn(
        &mut stdin,
        reader,
        &[("e2 e4\n", &first), ("a1 h8\n", &second)],
    );
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn a_closed_pipe_downstream_ends_the_run_quietly() {
    let mut child = spawn_knight_moves(&[]);
    let mut stdin = child.stdin.take().unwrap();
    // Feed far more answers than a pipe holds, from another thread, and stop reading after one.
    let writer = thread::spawn(move || {
        let lines = "e2 e4\n".repeat(100_000);
        for _ in 0..20 {
            if stdin.write_all(lines.as_bytes()).is_err() {
                break; // the filter has gone, as it should
            }
        }
    });
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert_eq!(first, sentence("e2", "e4", 2));
    drop(reader);
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[cfg(target_os = "linux")] // the peak is read from /proc
#[test]
fn a_100_megabyte_line_is_skipped_in_a_few_megabytes() {
    use std::io::Read;
    use std::time::Duration;
    let mut child = spawn_knight_moves(&[]);
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    stdin.write_all(b"e2 e4\n").unwrap();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..100 {
        stdin.write_all(&chunk).unwrap();
    }
    // All 100 MB have gone into the pipe, so the filter has read nearly all of them: measure now,
    // while it is still waiting for the end of the line.
    stdin.flush().unwrap();
    thread::sleep(Duration::from_millis(200));
    let peak = memory_kib(child.id(), "VmHWM");
    stdin.write_all(b"\nb1 c3\n").unwrap();
    drop(stdin);
    let mut out = String::new();
    stdout.read_to_string(&mut out).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(out, sentence("e2", "e4", 2) + &sentence("b1", "c3", 1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "knight-moves: <stdin>:2: line is longer than 4096 bytes; skipped\n"
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(peak < 8 * 1024, "peak memory {peak} KiB on a 100 MB line");
}

#[cfg(target_os = "linux")] // script(1) from util-linux
#[test]
fn a_terminal_gets_a_hint_and_each_answer_as_its_line_is_typed() {
    // Typed: one query, then Ctrl-D (end of input on a terminal).
    let screen = common::on_a_terminal("knight-moves", b"e2 e4\n\x04", None);
    let hint = "knight-moves: type two squares per line, such as \"e2 e4\", and press Enter; \
                Ctrl-D ends the input";
    assert!(screen.contains(hint), "{screen:?}");
    assert!(
        screen.contains("To get from e2 to e4 takes 2 knight moves.\r\n"),
        "{screen:?}"
    );
    // Input from a pipe or a file gets no hint: every other test's stderr is checked empty.
    let piped = common::on_a_terminal("echo 'e2 e4' | knight-moves", b"", None);
    assert!(!piped.contains("type two squares"), "{piped:?}");
}

/// `--stats` after a reader that left early, or an output that filled up, counts every query
/// answered until then, not none of the last read's (found by the hostile round of issue 31).
#[cfg(unix)] // a bash pipeline, and /dev/full's Linux twin below
#[test]
fn the_figures_count_the_queries_answered_before_the_output_ended() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("big.in"), "a1 h8\n".repeat(200_000)).unwrap();
    let mut scripts = vec!["\"$KM\" --stats big.in | head -1000 > /dev/null"];
    if cfg!(target_os = "linux") {
        scripts.push("\"$KM\" --stats big.in > /dev/full");
    }
    for script in scripts {
        let output = std::process::Command::new("bash")
            .args(["-c", script])
            .env("KM", env!("CARGO_BIN_EXE_knight-moves"))
            .current_dir(dir.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let row = stderr
            .lines()
            .find(|line| line.starts_with("table"))
            .unwrap_or_else(|| panic!("{script}: {stderr}"));
        let queries: u64 = row.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(queries > 0, "{script}: {stderr}");
        if script.contains("head") {
            assert!(queries >= 1000, "{script}: the reader got 1000: {stderr}");
        }
    }
}
