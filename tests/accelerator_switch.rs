//! The accelerator switch (`KNIGHT_MOVES_ACCELERATOR=off`) on random inputs: the program's
//! stdout, stderr (timings taken out) and exit status are the same bytes with it on and off,
//! for every engine on 8×8, with routes, `--stats`, `--compare`, every format, drawings, and
//! limits low enough that some searches give up, and for every problem whose board may be 8×8. The golden corpus holds the
//! same on fixed inputs; these are made afresh from a seed, messy lines included.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::Random;

/// One run of the binary with `args`, `input` on stdin, the accelerator on or off.
fn run(args: &[&str], input: &[u8], accelerator: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_knight-moves"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match accelerator {
        true => command.env_remove("KNIGHT_MOVES_ACCELERATOR"),
        false => command.env("KNIGHT_MOVES_ACCELERATOR", "off"),
    };
    let mut child = command.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // A usage error ends the program before it reads: a closed pipe is no failure here.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// Runs `args` on `input` both ways and says how they differ, if they do.
fn difference(args: &[&str], input: &[u8]) -> Option<String> {
    let (on, off) = (run(args, input, true), run(args, input, false));
    // The timings of --stats and --compare are the one thing that differs from run to run.
    let stderr = |output: &Output| match output.stderr.windows(12).any(|w| w == b"ns_per_query") {
        true => common::without_timings(&output.stderr),
        false => output.stderr.clone(),
    };
    let status = |output: &Output| output.status.code();
    let differs = [
        (on.stdout != off.stdout, "stdout"),
        (stderr(&on) != stderr(&off), "stderr"),
        (status(&on) != status(&off), "exit status"),
    ];
    let parts: Vec<&str> = differs
        .iter()
        .filter(|(d, _)| *d)
        .map(|&(_, p)| p)
        .collect();
    (!parts.is_empty()).then(|| {
        format!(
            "{args:?}: {} differ\n--- on: {:?}\n{}\n--- off: {:?}\n{}",
            parts.join(", "),
            status(&on),
            String::from_utf8_lossy(&stderr(&on)),
            status(&off),
            String::from_utf8_lossy(&stderr(&off)),
        )
    })
}

/// Lines of two 8×8 squares in either case, many of them messy: a square to itself, squares
/// off the board, malformed or extra tokens, tabs, CRLF, blank lines, bytes that are not UTF-8.
fn messy_lines(random: &mut Random, count: usize) -> Vec<u8> {
    let square = |random: &mut Random| {
        let file = b"abcdefghABCDEFGH"[random.below(16) as usize] as char;
        format!("{file}{}", random.below(8) + 1)
    };
    let mut input = Vec::new();
    for _ in 0..count {
        let (from, to) = (square(random), square(random));
        let line = match random.below(24) {
            0 => format!("{from} {from}"),
            1 => format!("i{} {to}", random.below(9)),
            2 => format!("{from} a{}", random.below(3) * 9),
            3 => from.clone(),
            4 => format!("{from} {to} {to}"),
            5 => format!("\t{from}\t \t{to}\t"),
            6 => format!("{from} {to}\r"),
            7 => String::new(),
            8 => "   ".to_owned(),
            9 => format!("{from}{to}"),
            10 => format!("e02 {to}"),
            _ => format!("{from} {to}"),
        };
        input.extend_from_slice(line.as_bytes());
        if random.below(40) == 0 {
            input.extend_from_slice(b" \xff\xfe");
        }
        input.push(b'\n');
    }
    input
}

const ENGINES: [&[&str]; 6] = [
    &[],
    &["--algorithm", "table"],
    &["--algorithm", "formula"],
    &["--algorithm", "bfs"],
    &["--algorithm", "bidirectional"],
    &["--algorithm", "astar"],
];

/// Every engine on 8×8, with every way of answering and limits at which 8×8 searches give up
/// (after as many squares with the accelerator on as off).
#[test]
fn every_engine_on_8x8_writes_the_same_bytes_with_the_accelerator_on_and_off() {
    let options: [&[&str]; 16] = [
        &[],
        &["--path"],
        &["--stats"],
        &["--compare"],
        &["--path", "--stats"],
        &["--format", "tsv", "--header", "--path"],
        &["--format", "json", "--path"],
        &["--format", "json", "--compare"],
        &["--format", "json", "--stats"],
        &["--draw"],
        &["--max-nodes", "2"],
        &["--max-nodes", "1"],
        &["--max-nodes", "5", "--path", "--stats"],
        &["--max-nodes", "12", "--compare"],
        &["--max-nodes", "3", "--format", "json", "--path"],
        &["--board", "8x8", "--path"],
    ];
    let mut random = Random::seeded(0xacce_1e7a_7000_0020);
    let mut differences = Vec::new();
    for engine in ENGINES {
        for option in options {
            let input = messy_lines(&mut random, 150);
            let args: Vec<&str> = engine.iter().chain(option.iter()).copied().collect();
            differences.extend(difference(&args, &input));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
}

/// The other problems on 8×8 (NAKANJ's, POJ 1915's scenarios of side 8, the grids of side 8)
/// and the other pieces on 8×8, which no 8×8 search of the knight's answers.
#[test]
fn the_other_problems_and_pieces_on_8x8_write_the_same_bytes_both_ways() {
    let mut random = Random::seeded(0x8b8b_0000_1915_0439);
    let mut cases: Vec<(Vec<&str>, Vec<u8>)> = Vec::new();
    let square = |random: &mut Random| {
        let file = b"abcdefgh"[random.below(8) as usize] as char;
        format!("{file}{}", random.below(8) + 1)
    };
    let pair = |random: &mut Random| format!("{} {}\n", square(random), square(random));
    for engine in ENGINES {
        let with = |more: &[&'static str]| engine.iter().chain(more).copied().collect::<Vec<_>>();
        let mut nakanj = b"60\n".to_vec();
        (0..60).for_each(|_| nakanj.extend_from_slice(pair(&mut random).as_bytes()));
        let mut poj1915 = b"40\n".to_vec();
        for _ in 0..40 {
            let point = |random: &mut Random| format!("{} {}\n", random.below(8), random.below(8));
            let scenario = format!("8\n{}{}", point(&mut random), point(&mut random));
            poj1915.extend_from_slice(scenario.as_bytes());
        }
        for more in [&[][..], &["--path"], &["--max-nodes", "4"], &["--compare"]] {
            let mut args = with(&["--problem", "nakanj"]);
            args.extend(more);
            cases.push((args, nakanj.clone()));
            let mut args = with(&["--problem", "poj1915"]);
            args.extend(more);
            cases.push((args, poj1915.clone()));
        }
        for problem in ["cses-grid", "knightl"] {
            for more in [&[][..], &["--max-nodes", "9"]] {
                let mut args = with(&["--problem", problem]);
                args.extend(more);
                cases.push((args, b"8\n8\n".to_vec()));
            }
        }
        for piece in ["camel", "zebra", "ferz", "1,2", "2,5"] {
            let lines = messy_lines(&mut random, 60);
            cases.push((with(&["--piece", piece, "--path", "--stats"]), lines));
        }
    }
    let differences: Vec<String> = cases
        .iter()
        .filter_map(|(args, input)| difference(args, input))
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
}
