//! The engine options as users run them: --algorithm, --path, --stats and --compare.

use crate::common;

use common::{is_knight_move_between, knight_moves, oracle_moves};
use predicates::prelude::*;

const SAMPLE_OUT: &str = include_str!("data/sample.out");
const ENGINES: [&str; 5] = ["table", "formula", "bfs", "bidirectional", "astar"];

#[test]
fn every_engine_answers_the_sample_byte_for_byte() {
    for engine in ENGINES {
        knight_moves()
            .args(["--algorithm", engine, "sample.in"])
            .assert()
            .success()
            .stdout(SAMPLE_OUT)
            .stderr("");
    }
}

#[test]
fn path_appends_a_valid_shortest_route_with_the_ends_as_typed() {
    let input = "e2 e4\nA1 h8\nf6 F6\nb1 c3\n";
    for engine in ENGINES {
        let output = knight_moves()
            .args(["--path", "--algorithm", engine])
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(output.status.success());
        let stdout = String::from_utf8(output.stdout).unwrap();
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 4, "{engine}");
        for (line, query) in lines.iter().zip(input.lines()) {
            let (from, to) = query.split_once(' ').unwrap();
            let moves = oracle_moves(&from.to_lowercase(), &to.to_lowercase());
            let prefix = format!("To get from {from} to {to} takes {moves} knight moves: ");
            let route = line
                .strip_prefix(&prefix)
                .and_then(|rest| rest.strip_suffix('.'))
                .unwrap_or_else(|| panic!("{engine}: {line:?} is not {prefix:?}ROUTE."));
            let squares: Vec<&str> = route.split(' ').collect();
            assert_eq!(squares.len() as u32, moves + 1, "{engine}: {line}");
            assert_eq!(squares[0], from, "{engine}: {line}");
            // A route of no moves is the one square, written as the start was typed.
            let last = if moves == 0 { from } else { to };
            assert_eq!(squares[squares.len() - 1], last, "{engine}: {line}");
            let lower: Vec<String> = squares.iter().map(|s| s.to_lowercase()).collect();
            for step in lower.windows(2) {
                assert!(
                    is_knight_move_between(&step[0], &step[1]),
                    "{engine}: {line}"
                );
            }
            if let [_, between @ .., _] = &squares[..] {
                for square in between {
                    assert_eq!(*square, square.to_lowercase(), "{engine}: {line}");
                }
            }
        }
    }
}

#[test]
fn path_on_the_sample_keeps_the_judge_sentence_before_the_route() {
    let output = knight_moves()
        .args(["--path", "sample.in"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    for (routed, plain) in stdout.lines().zip(SAMPLE_OUT.lines()) {
        let sentence = plain.strip_suffix('.').unwrap();
        assert!(routed.starts_with(&format!("{sentence}: ")), "{routed}");
    }
    assert_eq!(stdout.lines().count(), SAMPLE_OUT.lines().count());
    assert!(stdout.contains("To get from f6 to f6 takes 0 knight moves: f6.\n"));
    assert!(stdout.contains("To get from b1 to c3 takes 1 knight moves: b1 c3.\n"));
}

/// The rows of a --stats or --compare table: each row's cells, header first.
fn table_rows(stderr: &str) -> Vec<Vec<String>> {
    stderr
        .lines()
        .map(|line| line.split_whitespace().map(String::from).collect())
        .collect()
}

const HEADER: [&str; 6] = [
    "engine",
    "queries",
    "nodes_total",
    "nodes_mean",
    "nodes_max",
    "ns_per_query",
];

#[test]
fn stats_prints_one_row_for_the_engine_used() {
    for engine in ENGINES {
        let output = knight_moves()
            .args(["--stats", "--algorithm", engine, "sample.in"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(String::from_utf8(output.stdout).unwrap(), SAMPLE_OUT);
        let rows = table_rows(&String::from_utf8(output.stderr).unwrap());
        // The formula's row has, under it, a row for each way it answered.
        let ways = rows[2..].iter().map(|row| row[0].as_str());
        match engine {
            "formula" => assert!(
                ways.eq(["formula/at-once", "formula/knight-closed-form"]),
                "{rows:?}"
            ),
            _ => assert_eq!(rows.len(), 2, "{engine}: {rows:?}"),
        }
        assert_eq!(rows[0], HEADER);
        assert_eq!(rows[1][0], engine);
        assert_eq!(rows[1][1], "8", "queries");
        let mean = &rows[1][3];
        assert_eq!(
            mean.split_once('.').map(|(_, d)| d.len()),
            Some(2),
            "{mean}"
        );
        if engine == "table" || engine == "formula" {
            assert_eq!(rows[1][2], "0");
        } else {
            assert!(rows[1][2].parse::<u64>().unwrap() > 0, "{engine} expands");
        }
    }
}

#[test]
fn compare_prints_one_row_per_engine_and_succeeds_when_they_agree() {
    let output = knight_moves()
        .args(["--compare", "--algorithm", "astar", "all-pairs.in"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap().lines().count(),
        4096
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    let rows = table_rows(&stderr);
    assert_eq!(rows[0], HEADER);
    // Each engine's row, and under the formula's the ways it answered (4,032 by the knight's
    // closed form, 64 at once: a square to itself).
    let names: Vec<&str> = rows[1..].iter().map(|row| row[0].as_str()).collect();
    let with_ways = [
        "table",
        "formula",
        "formula/at-once",
        "formula/knight-closed-form",
        "bfs",
        "bidirectional",
        "astar",
    ];
    assert_eq!(names, with_ways, "{stderr}");
    let rows: Vec<_> = rows.iter().filter(|row| !row[0].contains('/')).collect();
    for row in &rows[1..] {
        assert_eq!(row[1], "4096");
    }
    // The columns line up: every line as long as the header.
    let widths: Vec<usize> = stderr.lines().map(str::len).collect();
    assert!(widths.iter().all(|&w| w == widths[0]), "{stderr}");
}

#[test]
fn compare_with_bad_lines_still_measures_the_good_ones() {
    knight_moves()
        .arg("--compare")
        .write_stdin("e2 e4\nx9 e4\n")
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("<stdin>:2: square \"x9\" is off the 8x8 board")
                .and(predicate::str::is_match(r"\nbidirectional +1 ").unwrap()),
        );
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    knight_moves()
        .args(["--algorithm", "dijkstra"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "possible values: table, formula, bfs, bidirectional, astar",
        ));
}

/// Every option a task takes changes what the run does (issue 31): for each row, the run with
/// the option differs from the run without it in its status, its output, its messages or the
/// page it writes. That each command refuses every option it does not declare is held by the
/// command line's own tests
/// (`cli::tests::every_command_refuses_every_option_it_does_not_declare`); this holds that
/// what it takes is not then ignored. Options whose effect only shows beside
/// another (`--algorithm` in `--stats`' table, `--max-nodes` where a search is made) carry that
/// other option on both sides.
#[test]
fn every_option_a_task_takes_has_an_effect() {
    const KM: &str = env!("CARGO_BIN_EXE_knight-moves");
    type Row<'a> = (
        &'a str,
        &'a [&'a str],
        &'a str,
        &'a [&'a str],
        &'a [&'a str],
    );
    let answer: &[&str] = &["sample.in"];
    let check: &[&str] = &["check", "sample.out", "sample.in"];
    let stress: &[&str] = &["stress", KM, "--seed", "1"];
    let random: &[&str] = &["generate", "random", "--seed", "1", "--cases", "5"];
    let hard: &[&str] = &["generate", "hard"];
    // (the task, its arguments, standard input, with the option, without it)
    let rows: &[Row] = &[
        ("answer", answer, "", &["sample.in"], &[]),
        ("answer", &[], "a1 h8\n", &["--problem", "nakanj"], &[]),
        ("answer", &[], "a1 l12\n", &["--board", "12"], &[]),
        ("answer", answer, "", &["--piece", "camel"], &[]),
        (
            "answer",
            answer,
            "",
            &["--algorithm", "bfs", "--stats"],
            &["--stats"],
        ),
        (
            "answer",
            answer,
            "",
            &["--algorithm", "bfs", "--max-nodes", "1"],
            &["--algorithm", "bfs"],
        ),
        ("answer", answer, "", &["--path"], &[]),
        ("answer", answer, "", &["--stats"], &[]),
        ("answer", answer, "", &["--compare"], &[]),
        ("answer", answer, "", &["--format", "json"], &[]),
        (
            "answer",
            answer,
            "",
            &["--format", "tsv", "--header"],
            &["--format", "tsv"],
        ),
        ("answer", answer, "", &["--draw"], &[]),
        ("answer", answer, "", &["--report", "page.html"], &[]),
        ("check", check, "", &["sample.in"], &[]),
        ("check", check, "", &["--problem", "nakanj"], &[]),
        ("check", check, "", &["--board", "5"], &[]),
        ("check", check, "", &["--piece", "camel"], &[]),
        (
            "check",
            check,
            "",
            &["--algorithm", "bfs", "--max-nodes", "5"],
            &["--max-nodes", "5"],
        ),
        (
            "check",
            check,
            "",
            &["--algorithm", "bfs", "--max-nodes", "5"],
            &["--algorithm", "bfs"],
        ),
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--problem", "nakanj"],
            &["--cases", "2"],
        ),
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--board", "12"],
            &["--cases", "2"],
        ),
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--piece", "camel"],
            &["--cases", "2"],
        ),
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--algorithm", "bfs", "--max-nodes", "1"],
            &["--cases", "2", "--max-nodes", "1"],
        ),
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--algorithm", "bfs", "--max-nodes", "1"],
            &["--cases", "2", "--algorithm", "bfs"],
        ),
        ("stress", stress, "", &["--cases", "3"], &["--cases", "2"]),
        (
            "stress",
            &["stress", KM, "--cases", "2"],
            "",
            &["--seed", "2"],
            &["--seed", "1"],
        ),
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--time-limit", "0.000001"],
            &["--cases", "2"],
        ),
        #[cfg(target_os = "linux")] // a program's memory as Linux tells it
        (
            "stress",
            stress,
            "",
            &["--cases", "2", "--memory-limit", "1"],
            &["--cases", "2"],
        ),
        ("random input", random, "", &["--problem", "nakanj"], &[]),
        ("random input", random, "", &["--board", "12"], &[]),
        (
            "random input",
            &["generate", "random", "--seed", "1"],
            "",
            &["--cases", "6"],
            &["--cases", "5"],
        ),
        (
            "random input",
            &["generate", "random"],
            "",
            &["--seed", "2"],
            &["--seed", "1"],
        ),
        ("fixed input", hard, "", &["--problem", "nakanj"], &[]),
        ("fixed input", hard, "", &["--board", "12"], &[]),
    ];
    // What a run did: its status, output, messages and the page it wrote, if any.
    let run = |task: &[&str], input: &str, option: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        for file in ["sample.in", "sample.out"] {
            std::fs::copy(common::data_dir().join(file), dir.path().join(file)).unwrap();
        }
        let output = knight_moves()
            .current_dir(dir.path())
            .args(task)
            .args(option)
            .write_stdin(input)
            .output()
            .unwrap();
        let page = std::fs::read(dir.path().join("page.html")).ok();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(
            !stderr.starts_with("error:"),
            "{task:?} {option:?}: {stderr}"
        );
        (output.status.code(), output.stdout, stderr, page)
    };
    for (task, task_args, input, with, without) in rows {
        let (found, plain) = (run(task_args, input, with), run(task_args, input, without));
        assert_ne!(
            found, plain,
            "{task}: {with:?} has no effect beside {without:?}"
        );
    }
}
