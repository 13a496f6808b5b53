//! Limits that hold (issue 10), on the binary as users run it: every engine's memory bounded by
//! `--max-nodes`, routes streamed, memory given back while waiting for input, answers written
//! before a slow search, no search to prove there is no route, and give-ups that say what was
//! limited.

use crate::common;

use std::io::{BufReader, Write};
use std::time::Duration;

#[cfg(target_os = "linux")]
use common::memory_kib;
use common::{knight_moves, read_line_in, spawn_knight_moves};
use knight_moves::{Board, Engine, Position, Query, Searcher};

/// The far corner of a 10⁹ × 10⁹ board from a1: no search reaches it within any limit.
const FAR: &str = "a1 cfdgsxl1000000000\n";

/// Runs the binary with `args`, writes `input` and keeps stdin open; waits for one line on
/// stderr (a give-up), at most `patience`, and returns (peak KiB, resident KiB now, that line)
/// while the program waits for more input.
#[cfg(target_os = "linux")]
fn memory_after(args: &[&str], input: &str, patience: Duration) -> (u64, u64, String) {
    let mut child = spawn_knight_moves(args);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let (message, _stderr) = read_line_in(BufReader::new(child.stderr.take().unwrap()), patience);
    // The give-up is reported, then the read ends with its trim. The answer to a query sent
    // after it comes from the next read, so once it is here the trim is done, however busy
    // the machine (no sleep to guess how long it takes).
    stdin.write_all(b"a1 b3\n").unwrap();
    stdin.flush().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (answer, _stdout) = read_line_in(stdout, Duration::from_secs(60));
    assert!(answer.starts_with("To get from a1 to b3 takes"), "{answer}");
    let (peak, now) = (
        memory_kib(child.id(), "VmHWM"),
        memory_kib(child.id(), "VmRSS"),
    );
    drop(stdin);
    child.wait().unwrap();
    (peak, now, message)
}

/// Each engine's memory grows with the squares it expands, at most by the bytes a square
/// docs/PERFORMANCE.md ("Memory of a search") gives for it, and goes back to the baseline once the search is over.
#[cfg(target_os = "linux")] // memory is read from /proc
#[test]
fn every_engine_stays_within_its_bound_and_gives_the_memory_back() {
    const BASELINE_KIB: u64 = 16 * 1024;
    for (engine, max_nodes, bytes_a_square) in [
        ("bfs", 1_000_000, 100),
        ("bidirectional", 1_000_000, 100),
        ("astar", 200_000, 500),
    ] {
        let limit = max_nodes.to_string();
        let args = [
            "--board",
            "1000000000",
            "--algorithm",
            engine,
            "--max-nodes",
            &limit,
        ];
        let (peak, now, message) = memory_after(&args, FAR, common::PATIENCE);
        assert!(
            message.contains(&format!("gave up after expanding {max_nodes} squares")),
            "{engine}: {message}"
        );
        let bound = BASELINE_KIB + max_nodes * bytes_a_square / 1024;
        assert!(
            peak <= bound,
            "{engine}: peak {peak} KiB, bound {bound} KiB"
        );
        assert!(
            peak > 2 * BASELINE_KIB,
            "{engine}: the search was big ({peak} KiB)"
        );
        assert!(
            now < BASELINE_KIB,
            "{engine}: {now} KiB kept after the search"
        );
    }
}

/// At its default limit, each engine's search on a far pair of the biggest board stays under
/// 1 GiB. Slow in a debug build (a search of ten million squares each).
#[cfg(target_os = "linux")] // memory is read from /proc
#[test]
#[ignore = "ten million squares a search: run with cargo test --release -- --ignored"]
fn every_engine_at_its_default_limit_stays_under_a_gibibyte() {
    for engine in ["bfs", "bidirectional", "astar", "formula"] {
        let args = ["--board", "1000000000", "--algorithm", engine, "--path"];
        // Ten million squares take seconds alone and many times that on a machine busy with
        // other tests: the wait is only there to catch a program that never answers.
        let (peak, _, message) = memory_after(&args, FAR, Duration::from_secs(600));
        println!("{engine}: peak {peak} KiB: {message}");
        assert!(peak < 1024 * 1024, "{engine}: peak {peak} KiB");
    }
}

/// Routes leave as they are written: three routes of 1,600,000 moves each (15–18 MB of text
/// each) never sit in memory together, nor does one whole.
#[cfg(target_os = "linux")] // memory is read from /proc
#[test]
fn long_routes_are_streamed_in_every_format() {
    for format in ["sentence", "tsv", "json"] {
        let mut child =
            spawn_knight_moves(&["--board", "1000000000", "--path", "--format", format]);
        let mut stdin = child.stdin.take().unwrap();
        stdin
            .write_all("a1 a3200001\n".repeat(3).as_bytes())
            .unwrap();
        drop(stdin);
        // Read the output as it comes; the peak is read before the process ends.
        let (total, peak, success) = common::read_all_watching_memory(&mut child);
        assert!(success, "{format}");
        assert!(total > 3 * 14_000_000, "{format}: {total} bytes");
        // The route itself is held (8 bytes a move, 16 MiB with room to grow); its text, and
        // the other routes, are not.
        assert!(peak < 24 * 1024, "{format}: peak {peak} KiB");
    }
}

/// Answers already made are written before a search that may take long begins, so a run
/// stopped during it loses only the line in progress.
#[test]
fn answers_before_a_slow_search_are_written_before_it_begins() {
    let mut child = spawn_knight_moves(&["--board", "1000000000", "--algorithm", "bfs"]);
    let mut stdin = child.stdin.take().unwrap();
    // Both lines in one write: they arrive in one read, as in a file.
    stdin.write_all(format!("a1 b3\n{FAR}").as_bytes()).unwrap();
    stdin.flush().unwrap();
    // The far search takes seconds (ten million squares); the answer before it must not wait.
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (line, _) = read_line_in(stdout, Duration::from_secs(60));
    assert_eq!(line, "To get from a1 to b3 takes 1 knight moves.\n");
    // It came while the search still runs: had it waited for the search, the program would
    // now be asleep waiting for more input. A state, not a time, so load cannot change it.
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        let state = status.lines().find(|line| line.starts_with("State:"));
        assert!(
            state.is_some_and(|state| state.contains("R (running)")),
            "{state:?}"
        );
    }
    // The far search (ten million squares) is still going: stop it, as `timeout` would.
    child.kill().unwrap();
    child.wait().unwrap();
}

/// With a limit of one square, a one-move route is within it for every engine.
#[test]
fn a_route_within_the_limit_is_found_by_every_engine() {
    for engine in ["formula", "bfs", "bidirectional", "astar"] {
        knight_moves()
            .args(["--board", "1000000000", "--max-nodes", "1", "--path"])
            .args(["--algorithm", engine])
            .write_stdin("a1 b3\nc5 c5\n")
            .assert()
            .success()
            .stdout(
                "To get from a1 to b3 takes 1 knight moves: a1 b3.\n\
                 To get from c5 to c5 takes 0 knight moves: c5.\n",
            );
    }
}

/// A give-up says what was limited and what would help, true to the engine.
#[test]
fn give_ups_say_what_was_limited() {
    let cases = [
        (
            "formula",
            "knight-moves: <stdin>:1: the route has 500000001 moves, more than --max-nodes \
             allows (1000); leave out --path, or allow more\n",
        ),
        (
            "astar",
            "knight-moves: <stdin>:1: gave up after expanding 1000 squares (--max-nodes); \
             try --algorithm formula, or allow more\n",
        ),
    ];
    for (engine, message) in cases {
        knight_moves()
            .args(["--board", "1000000000", "--max-nodes", "1000", "--path"])
            .args(["--algorithm", engine])
            .write_stdin("a1 cfdgsxl1\n")
            .assert()
            .code(1)
            .stdout("")
            .stderr(message);
    }
}

/// On boards 1 and 2 wide, the board says at once which squares no knight can join: every
/// engine answers so without searching, and all agree.
#[test]
fn every_engine_agrees_at_once_on_boards_one_and_two_wide() {
    let mut searcher = Searcher::new();
    for files in [1, 2] {
        let board = Board::new(files, Board::MAX_SIDE).unwrap();
        let far = Position::new(files - 1, Board::MAX_SIDE - 1);
        let pairs = [
            (Position::new(0, 0), far),
            (Position::new(0, 0), Position::new(files - 1, 0)),
            (Position::new(0, 0), Position::new(files - 1, 2)),
            (Position::new(0, 0), Position::new(0, 4)),
            (Position::new(0, 0), Position::new(files - 1, 4)),
        ];
        for (from, to) in pairs {
            let query = Query::knight(board, from, to);
            let formula = searcher.search(Engine::Formula, query).unwrap();
            for engine in [Engine::Bfs, Engine::Bidirectional, Engine::Astar] {
                let found = searcher.search(engine, query).unwrap();
                let route = searcher.route(engine, query).unwrap();
                assert_eq!(route.map(|route| route.len() as u64 - 1), found.moves);
                assert_eq!(
                    found.moves, formula.moves,
                    "{engine} on {board}, {from} {to}"
                );
                if found.moves.is_none() {
                    assert_eq!(found.expanded, 0, "{engine} searched on {board}");
                }
            }
        }
    }
    knight_moves()
        .args(["--board", "2x1000000000", "--compare"])
        .write_stdin("a1 b1\na1 b3\n")
        .assert()
        .success()
        .stdout(
            "There is no knight route from a1 to b1.\nTo get from a1 to b3 takes 1 knight moves.\n",
        );
}

/// A search the system refuses memory to is a message on its line, not an abort: its memory
/// is given back, the next line is answered, and the exit status says a line went unanswered.
/// Linux only: the limit is set with `setrlimit(RLIMIT_AS)` before the program starts, as
/// `prlimit --as` does, and glibc's allocator then fails cleanly.
#[cfg(target_os = "linux")] // setrlimit(RLIMIT_AS), and glibc failing cleanly
#[test]
fn a_search_that_runs_out_of_memory_says_so_and_the_next_line_is_answered() {
    use std::process::{Command, Stdio};
    for engine in ["bfs", "bidirectional", "astar"] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_knight-moves"));
        command
            .args(["--board", "1000000000", "--algorithm", engine])
            .args(["--max-nodes", "100000000000"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        common::limit_address_space(&mut command, 400_000_000);
        let mut child = command.spawn().expect("the binary starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin
            .write_all(format!("{FAR}e2 e4\n").as_bytes())
            .expect("the input is written");
        drop(stdin);
        let output = child.wait_with_output().expect("the child ends");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{engine}: {stderr}");
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            "To get from e2 to e4 takes 2 knight moves.\n",
            "{engine}"
        );
        assert!(is_out_of_memory_message(&stderr), "{engine}: {stderr}");
    }
}

/// A closed form the system refuses memory to is declined, not an abort: the formula for a
/// big piece (whose walks and window take over 100 MB to make) under a limit of 100 MB, as
/// `prlimit --as` sets it, answers by search. It aborted ("memory allocation failed").
#[cfg(target_os = "linux")] // setrlimit(RLIMIT_AS), and glibc failing cleanly
#[test]
fn a_closed_form_refused_memory_is_declined_and_searched() {
    use std::process::{Command, Stdio};
    let mut command = Command::new(env!("CARGO_BIN_EXE_knight-moves"));
    command
        .args([
            "--board",
            "1000000000",
            "--piece",
            "1,50",
            "--algorithm",
            "formula",
        ])
        .args(["--max-nodes", "1000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    common::limit_address_space(&mut command, 100_000_000);
    let mut child = command.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(b"b2 c52\n").expect("the input is written");
    drop(stdin);
    let output = child.wait_with_output().expect("the child ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "To get from b2 to c52 takes 1 (1,50)-leaper moves.\n"
    );
}

/// Whether `stderr` is the one line of a search that ran out of memory on line 1.
#[cfg(target_os = "linux")]
fn is_out_of_memory_message(stderr: &str) -> bool {
    let Some(rest) =
        stderr.strip_prefix("knight-moves: <stdin>:1: ran out of memory after expanding ")
    else {
        return false;
    };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && &rest[digits..] == " squares; lower --max-nodes, or try --algorithm formula\n"
}
