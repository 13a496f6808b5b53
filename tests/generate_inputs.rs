//! `generate random|hard|all-pairs`: the judge inputs are written as they are made, in bounded
//! memory whatever `--cases` or the board, with the same bytes for the same seed as when they
//! were made whole in memory; a kind a problem has no use for is a usage error; the output's
//! troubles end as everywhere else (a closed pipe quietly, a failed write with a message and
//! status 2).

use crate::common;

use std::io::Read;
use std::process::{Command, Stdio};

use predicates::prelude::*;

/// FNV-1a, 64 bits: a fingerprint of an output too long to write into a test.
fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn generated(args: &[&str]) -> Vec<u8> {
    let output = common::knight_moves().args(args).output().expect("runs");
    assert!(output.status.success(), "{args:?}: {output:?}");
    output.stdout
}

/// Small inputs, as the program wrote them when it made each input whole before writing it.
#[test]
fn small_inputs_are_the_bytes_they_always_were() {
    let cases: &[(&str, &str)] = &[
        (
            "generate random --seed 7 --cases 5",
            "a8 h4\nh1 h3\na7 h5\nh8 f6\nh8 g7\n",
        ),
        (
            "generate random --problem nakanj --seed 1 --cases 3",
            "3\ng7 e5\nh3 d7\nd6 g8\n",
        ),
        (
            "generate random --problem poj1915 --seed 2243 --cases 3 --beyond-limits",
            "3\n3\n2 0\n1 2\n4\n2 1\n1 0\n3\n2 2\n0 2\n",
        ),
        (
            "generate random --problem cses-grid --seed 7 --beyond-limits",
            "3\n",
        ),
        (
            "generate random --problem knightl --seed 7 --cases 100 --beyond-limits",
            "18\n",
        ),
        // Within the problems' limits (issue 45): POJ 1915's sides from 4 to 300, CSES's n
        // from 4, KnightL's from 5.
        (
            "generate random --problem poj1915 --seed 2243 --cases 3",
            "3\n6\n5 0\n2 5\n7\n3 4\n6 0\n6\n5 2\n3 2\n",
        ),
        ("generate random --problem cses-grid --seed 7", "11\n"),
        (
            "generate random --problem knightl --seed 7 --cases 100",
            "16\n",
        ),
        (
            "generate all-pairs --board 2x3",
            "a1 a1\na1 b1\na1 a2\na1 b2\na1 a3\na1 b3\nb1 a1\nb1 b1\nb1 a2\nb1 b2\nb1 a3\nb1 b3\n\
             a2 a1\na2 b1\na2 a2\na2 b2\na2 a3\na2 b3\nb2 a1\nb2 b1\nb2 a2\nb2 b2\nb2 a3\nb2 b3\n\
             a3 a1\na3 b1\na3 a2\na3 b2\na3 a3\na3 b3\nb3 a1\nb3 b1\nb3 a2\nb3 b2\nb3 a3\nb3 b3\n",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = args.split(' ').collect();
        let output = String::from_utf8(generated(&args)).expect("ASCII");
        assert_eq!(output, *expected, "{args:?}");
    }
}

/// Longer inputs of every kind, by length and fingerprint, as the program wrote them when it
/// made each input whole before writing it.
#[test]
fn long_inputs_are_the_bytes_they_always_were() {
    let cases: &[(&str, usize, u64)] = &[
        (
            "generate random --seed 42 --cases 20000",
            120000,
            0x8339_2bf5_3a7d_4bb0,
        ),
        (
            "generate random --problem nakanj --seed 18446744073709551615 --cases 20000 --beyond-limits",
            120006,
            0x4d3f_d727_4964_4d09,
        ),
        (
            "generate random --problem poj1915 --seed 0 --cases 20000 --beyond-limits",
            305634,
            0x2bb9_7277_f410_835c,
        ),
        (
            "generate random --board 1000000000x3 --seed 5 --cases 20000",
            301986,
            0xa9a6_efed_c131_7b59,
        ),
        (
            "generate all-pairs --problem poj1915",
            40965,
            0x137f_cf6e_b630_86c8,
        ),
        (
            "generate all-pairs --problem nakanj",
            24581,
            0xa906_7063_899b_1508,
        ),
        (
            "generate all-pairs --board 20x13",
            447200,
            0x52e5_db37_2d1d_64d5,
        ),
        (
            "generate hard --problem poj1915 --beyond-limits",
            4750,
            0x7cd4_efac_5831_6cb7,
        ),
        (
            "generate random --problem poj1915 --seed 0 --cases 20000",
            262379,
            0x111d_1320_8e6b_8c2a,
        ),
        (
            "generate hard --problem poj1915",
            2148,
            0x4c87_d47f_5a97_361e,
        ),
        (
            "generate random --problem nakanj --seed 9 --cases 4096",
            24581,
            0x93e3_c22b_7206_2cca,
        ),
        ("generate hard --board 300", 435, 0x6148_619a_c61c_8703),
    ];
    for &(args, length, expected) in cases {
        let args: Vec<&str> = args.split(' ').collect();
        let output = generated(&args);
        assert_eq!(
            (output.len(), fingerprint(&output)),
            (length, expected),
            "{args:?}"
        );
    }
}

/// The largest `--cases` streams like any other: a reader takes what it wants and goes, and the
/// program ends quietly (it once tried to make room for them all first, and panicked).
#[test]
fn the_largest_count_streams_until_the_reader_goes() {
    for problem in ["uva439", "nakanj", "poj1915"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_knight-moves"))
            .args(["generate", "random", "--problem", problem])
            .args(["--cases", "18446744073709551615", "--seed", "1"])
            // NAKANJ states T ≤ 4096.
            .args(if problem == "nakanj" {
                &["--beyond-limits"][..]
            } else {
                &[]
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let mut stdout = child.stdout.take().expect("piped stdout");
        let mut first = vec![0; 1 << 20];
        stdout.read_exact(&mut first).expect("a megabyte comes");
        drop(stdout); // as `| head -c 1000000` does
        let mut stderr = String::new();
        let mut pipe = child.stderr.take().expect("piped stderr");
        pipe.read_to_string(&mut stderr).expect("stderr reads");
        let status = child.wait().expect("the child ends");
        assert!(status.success(), "{problem}: {status:?}, {stderr}");
        assert_eq!(stderr, "", "{problem}");
        if problem != "uva439" {
            assert!(first.starts_with(b"18446744073709551615\n"), "{problem}");
        }
    }
}

/// A few megabytes, however long the input: it is not made whole before it is written.
#[cfg(target_os = "linux")] // the peak is read from /proc
#[test]
fn memory_stays_small_however_long_the_input() {
    let runs: &[&[&str]] = &[
        &[
            "generate",
            "random",
            "--problem",
            "poj1915",
            "--cases",
            "3000000",
        ],
        &[
            "generate",
            "random",
            "--problem",
            "nakanj",
            "--cases",
            "3000000",
            "--beyond-limits",
        ],
        &["generate", "all-pairs", "--board", "64"],
    ];
    for args in runs {
        let mut child = Command::new(env!("CARGO_BIN_EXE_knight-moves"))
            .args(*args)
            .args(if args.contains(&"random") {
                &["--seed", "1"][..]
            } else {
                &[]
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let (total, peak_kib, success) = common::read_all_watching_memory(&mut child);
        assert!(success, "{args:?}");
        assert!(total > 10_000_000, "{args:?}: {total} bytes");
        assert!(peak_kib < 20 * 1024, "{args:?}: peak {peak_kib} KiB");
    }
}

/// Every kind of input for every problem either is written or is a usage error, never an empty
/// success: CSES and KnightL read one number, so every pair of a board means nothing to them.
#[test]
fn every_kind_works_for_every_problem_or_is_refused() {
    let problems = ["uva439", "nakanj", "poj1915", "cses-grid", "knightl"];
    let kinds = ["random", "all-pairs", "hard"];
    for problem in problems {
        for kind in kinds {
            let mut command = common::knight_moves();
            command.args(["generate", kind, "--problem", problem]);
            if kind == "random" {
                command.args(["--seed", "3"]);
            }
            if kind == "all-pairs" && matches!(problem, "cses-grid" | "knightl") {
                command
                    .assert()
                    .code(2)
                    .stdout("")
                    .stderr(predicate::str::contains("all-pairs makes one query a pair"));
            } else {
                command
                    .assert()
                    .success()
                    .stdout(predicate::str::ends_with("\n"));
            }
        }
    }
    // --board goes with UVa 439 only, for every kind; all pairs of a board up to 4096 squares.
    for kind in kinds {
        for problem in &problems[1..] {
            common::knight_moves()
                .args(["generate", kind, "--problem", problem, "--board", "10"])
                .assert()
                .code(2)
                .stderr(predicate::str::contains("--board does not go with"));
        }
        let board_too_big = kind == "all-pairs";
        let assert = common::knight_moves()
            .args(["generate", kind, "--board", "65"])
            .assert();
        match board_too_big {
            true => assert.code(2),
            false => assert.success(),
        };
    }
}

/// A write that fails is said, with status 2, as for the answers.
#[cfg(target_os = "linux")] // /dev/full
#[test]
fn a_failed_write_is_said() {
    for kind in ["random", "all-pairs", "hard"] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let output = Command::new(env!("CARGO_BIN_EXE_knight-moves"))
            .args(["generate", kind])
            .args(if kind == "random" {
                &["--seed", "1"][..]
            } else {
                &[]
            })
            .stdout(full)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{kind}: {stderr}");
        assert!(
            stderr.starts_with("knight-moves: cannot write to standard output: "),
            "{kind}: {stderr}"
        );
    }
}

/// Only random inputs come from a seed: the others take neither `--seed` nor `--cases`, and
/// say nothing of a seed.
#[test]
fn only_random_inputs_take_a_seed() {
    for kind in ["hard", "all-pairs"] {
        for option in [["--seed", "3"], ["--cases", "3"]] {
            common::knight_moves()
                .args(["generate", kind])
                .args(option)
                .assert()
                .code(2)
                .stderr(predicate::str::contains(format!(
                    "unexpected argument '{}' found",
                    option[0]
                )));
        }
        common::knight_moves()
            .args(["generate", kind])
            .assert()
            .success()
            .stderr("");
    }
}
