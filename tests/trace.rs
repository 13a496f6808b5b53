//! `--format trace` replayed: for every engine, the squares a query's trace expands are the
//! squares `--stats` counts, query by query (the `route` line's `expanded`) and in all (the
//! report's `nodes_total`); each expansion is of a square the trace has reached, at the moves
//! it reached it with, and the route line's distance is the answer's. On every 8×8 pair, and on
//! random pairs of boards up to 40×40 for the knight and three other pieces.

use crate::common;

use std::collections::HashMap;

use common::{Random, knight_moves, square_names};
use serde_json::Value;

/// What the trace of one run says, query by query (keyed by line number).
#[derive(Default)]
struct Replayed {
    expansions: HashMap<u64, u64>,
    route_expanded: HashMap<u64, u64>,
    moves: HashMap<u64, Option<u64>>,
}

/// Runs `--format trace --stats` with `args` on `input`; replays the trace, checking each
/// event against the ones before it, and returns it with the report's total of squares
/// expanded.
fn replay(args: &[&str], input: &str) -> (Replayed, u64) {
    let output = knight_moves()
        .args(["--format", "trace", "--stats"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    let mut replayed = Replayed::default();
    // What each query has reached: (square, side) → the moves it was last reached with.
    let mut reached: HashMap<(u64, String, String), u64> = HashMap::new();
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let event: Value = serde_json::from_str(line).unwrap();
        let number = event["line"].as_u64().unwrap();
        let key = || {
            let square = event["square"].as_str().unwrap().to_owned();
            let side = event["side"].as_str().unwrap().to_owned();
            (number, square, side)
        };
        match event["event"].as_str().unwrap() {
            "reach" => {
                reached.insert(key(), event["g"].as_u64().unwrap());
            }
            "expand" => {
                let count = replayed.expansions.entry(number).or_default();
                *count += 1;
                assert_eq!(event["order"].as_u64(), Some(*count), "{line}");
                assert_eq!(reached.get(&key()), event["g"].as_u64().as_ref(), "{line}");
                if let Some(h) = event["h"].as_u64() {
                    let f = event["g"].as_u64().unwrap() + h;
                    assert_eq!(event["f"].as_u64(), Some(f), "{line}");
                }
            }
            "meet" => {
                let square = event["square"].as_str().unwrap();
                let sides = ["forward", "backward"]
                    .map(|side| reached.contains_key(&(number, square.to_owned(), side.into())));
                assert_eq!(sides, [true, true], "{line}");
            }
            "route" => {
                let expanded = event["expanded"].as_u64().unwrap();
                replayed.route_expanded.insert(number, expanded);
                replayed.moves.insert(number, event["moves"].as_u64());
                if let Some(path) = event["path"].as_array() {
                    assert_eq!(path.len() as u64, event["moves"].as_u64().unwrap() + 1);
                }
            }
            other => panic!("unknown event {other}: {line}"),
        }
    }
    let report: Value = serde_json::from_slice(&output.stderr).unwrap();
    let total = report["engines"][0]["nodes_total"].as_u64().unwrap();
    (replayed, total)
}

/// Every query's expansions, as the trace tells them, are what its route line and `--stats`
/// count.
fn assert_counts_agree(args: &[&str], input: &str, queries: u64) {
    let (replayed, total) = replay(args, input);
    assert_eq!(replayed.moves.len() as u64, queries, "{args:?}");
    for (line, &expanded) in &replayed.route_expanded {
        let told = replayed.expansions.get(line).copied().unwrap_or(0);
        assert_eq!(told, expanded, "{args:?}, line {line}");
    }
    assert_eq!(replayed.expansions.values().sum::<u64>(), total, "{args:?}");
}

#[test]
fn every_8x8_pair_expands_what_stats_counts_for_every_engine() {
    let names = square_names();
    let input: String = names
        .iter()
        .flat_map(|from| names.iter().map(move |to| format!("{from} {to}\n")))
        .collect();
    for engine in ["table", "formula", "bfs", "bidirectional", "astar"] {
        assert_counts_agree(&["--algorithm", engine], &input, 4096);
    }
}

#[test]
fn random_pairs_of_boards_up_to_40x40_expand_what_stats_counts_for_four_pieces() {
    let mut rng = Random::seeded(439);
    for piece in ["knight", "camel", "zebra", "1,1"] {
        for _ in 0..6 {
            let (files, ranks) = (1 + rng.below(40) as u32, 1 + rng.below(40) as u32);
            let board = format!("{files}x{ranks}");
            let square = |rng: &mut Random| {
                let file = rng.below(u64::from(files)) as u32;
                let rank = 1 + rng.below(u64::from(ranks));
                format!("{}{rank}", knight_moves::Position::new(file, 0).file_name())
            };
            let input: String = (0..40)
                .map(|_| format!("{} {}\n", square(&mut rng), square(&mut rng)))
                .collect();
            for engine in ["bfs", "bidirectional", "astar"] {
                let args = ["--board", &board, "--piece", piece, "--algorithm", engine];
                assert_counts_agree(&args, &input, 40);
            }
        }
    }
}

/// A reader of the trace that leaves ends the search at once: the run ends quietly without
/// searching on for nobody, so it needs a few megabytes, not the whole search's (about 130 MB
/// for BFS here, 150 MB for bidirectional BFS). Run under a 48 MB address-space limit, a search
/// that went on would run out of memory and say so (status 1); one that ends has nothing to
/// say (status 0). A limit is what load cannot change, and it bounds the child alone (its peak
/// resident set as `wait4` gives it would count the test process's own, which the child shares
/// until it runs the program). A* reaches `all3000` after a few squares, so it has no long
/// search to end here.
#[cfg(target_os = "linux")] // setrlimit(RLIMIT_AS), and glibc failing cleanly
#[test]
fn a_reader_that_leaves_ends_the_search() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::Stdio;
    for engine in ["bfs", "bidirectional"] {
        let mut command = limited_trace_search(engine);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"a1 all3000\n").unwrap();
        drop(stdin);
        let mut first = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut first).unwrap();
        assert!(first.contains("\"event\":\"reach\""), "{first}");
        drop(stdout); // the reader leaves
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!((status.code(), stderr.as_str()), (Some(0), ""), "{engine}");
    }
}

/// The trace of `engine`'s search of a1 to all3000 on 1000×3000 (up to 3,000,000 squares),
/// under a 48 MB address-space limit: less than the whole search needs.
#[cfg(target_os = "linux")] // setrlimit(RLIMIT_AS)
fn limited_trace_search(engine: &str) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_knight-moves"));
    command.args([
        "--board",
        "1000x3000",
        "--format",
        "trace",
        "--algorithm",
        engine,
    ]);
    command.args(["--max-nodes", "3000000"]);
    common::limit_address_space(&mut command, 48 << 20);
    command
}

/// The same search, its trace read to the end, needs more than that limit: the limit tells a
/// search that ends from one that goes on.
#[cfg(target_os = "linux")] // setrlimit(RLIMIT_AS), and glibc failing cleanly
#[test]
fn the_whole_search_needs_more_than_the_leaving_reader_s_limit() {
    for engine in ["bfs", "bidirectional"] {
        let output = assert_cmd::Command::from_std(limited_trace_search(engine))
            .write_stdin("a1 all3000\n")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{engine}: {stderr}");
        assert!(stderr.contains("ran out of memory"), "{engine}: {stderr}");
    }
}

/// The formula's strategies that search (a few layers from cramped ends, a strip's repeats,
/// the mirror, A* and bidirectional BFS as the last resorts, the knight's tiny boards) tell,
/// query by query, the squares `--stats` counts: the trace shows every search the formula
/// makes, those it declines after included.
#[test]
fn every_strategy_of_the_formula_expands_what_stats_counts() {
    let cases: [(&[&str], &str, u64); 8] = [
        // Far pairs of a strip: the repeats.
        (
            &["--board", "8x100000", "--piece", "3,7"],
            "a1 h90000\nc5 f99000\nh90000 a1\n",
            3,
        ),
        // Corners and their neighbours on a huge board: the layers near the ends.
        (
            &["--board", "1000000000", "--piece", "13,50"],
            "cfdgsxl1 cfdgsxk2\na1 b2\nb2 a1\na1000000000 b999999999\n",
            4,
        ),
        // Small boards, distances and routes.
        (&["--piece", "camel"], "a1 d2\na1 d2\nb1 h8\nh8 b1\n", 4),
        (
            &["--board", "40x40", "--piece", "3,8"],
            "a1 an40\nc3 ak37\n",
            2,
        ),
        // Corner to corner, which the half turn swaps.
        (&["--board", "23x29", "--piece", "3,7"], "a1 w29\n", 1),
        // A pair the half turn swaps that no walk is laid for: the mirror.
        (&["--board", "25x47", "--piece", "9,17"], "n4 l44\n", 1),
        // A big piece on a narrow strip, left to the searches.
        (
            &["--board", "245x3000", "--piece", "37,41"],
            "a1 ik3000\n",
            1,
        ),
        // The knight's tiny boards.
        (&["--board", "3x4"], "a1 c4\na1 b1\n", 2),
    ];
    for (args, input, queries) in cases {
        let with_formula: Vec<&str> = args
            .iter()
            .copied()
            .chain(["--algorithm", "formula"])
            .collect();
        assert_counts_agree(&with_formula, input, queries);
        let with_paths: Vec<&str> = with_formula.iter().copied().chain(["--path"]).collect();
        assert_counts_agree(&with_paths, input, queries);
    }
}

/// The same input gives the same answers, routes and `--stats` counts in every run: what the
/// formula keeps between queries is dropped oldest first, by the queries alone, never by a
/// hash seed.
#[test]
fn two_runs_of_the_same_input_give_the_same_answers_routes_and_counts() {
    let input = "a1 d2\na1 h7\nb1 h8\na1 d2\nc3 a1\nh8 b1\nc3 a1\n";
    let run = |args: &[&str]| {
        let output = knight_moves()
            .args(["--stats", "--format", "json"])
            .args(args)
            .write_stdin(input)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let report: Value = serde_json::from_slice(&output.stderr).unwrap();
        let formula = &report["engines"][0];
        let counts: Vec<(String, u64, u64)> = formula["answered_by"]
            .as_array()
            .unwrap()
            .iter()
            .map(|way| {
                let name = way["way"].as_str().unwrap().to_owned();
                (
                    name,
                    way["queries"].as_u64().unwrap(),
                    way["nodes_total"].as_u64().unwrap(),
                )
            })
            .collect();
        (output.stdout, formula["nodes_total"].as_u64(), counts)
    };
    for args in [
        &["--piece", "camel"][..],
        &["--piece", "camel", "--path"],
        &["--piece", "3,7", "--board", "8x100000", "--path"],
        &["--piece", "13,50", "--board", "1000000000"],
    ] {
        let first = run(args);
        assert!(!first.2.is_empty(), "{args:?}");
        assert_eq!(run(args), first, "{args:?}");
    }
}

/// The mirror (one search from one end to half the distance, for a pair the board's half turn
/// swaps) answers the pairs it is for that nothing before it lays, as breadth-first search
/// does, in fewer squares: the (9,17)-leaper's n4 l44 on 25×47 and the (12,17)-leaper's as27 a4
/// on 45×30.
#[test]
fn the_mirror_answers_pairs_the_half_turn_swaps_that_no_walk_is_laid_for() {
    for (board, piece, query) in [
        ("25x47", "9,17", "n4 l44\n"),
        ("45x30", "12,17", "as27 a4\n"),
    ] {
        let run = |engine: &str| {
            let output = knight_moves()
                .args([
                    "--board",
                    board,
                    "--piece",
                    piece,
                    "--algorithm",
                    engine,
                    "--stats",
                ])
                .write_stdin(query)
                .output()
                .unwrap();
            assert!(output.status.success(), "{output:?}");
            let stderr = String::from_utf8(output.stderr).unwrap();
            let expanded = |row: &str| -> Option<u64> {
                let line = stderr
                    .lines()
                    .find(|line| line.split_whitespace().next() == Some(row))?;
                line.split_whitespace().nth(2)?.parse().ok()
            };
            (
                String::from_utf8(output.stdout).unwrap(),
                expanded(engine),
                expanded("formula/mirror"),
            )
        };
        let (formula_answer, formula_squares, mirror_squares) = run("formula");
        let (bfs_answer, bfs_squares, _) = run("bfs");
        assert_eq!(formula_answer, bfs_answer, "{board} {piece}");
        assert_eq!(
            mirror_squares, formula_squares,
            "{board} {piece}: the mirror answered"
        );
        assert!(
            mirror_squares.unwrap() < bfs_squares.unwrap(),
            "{board} {piece}"
        );
    }
}
