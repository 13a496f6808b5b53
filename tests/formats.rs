//! Output for scripts and for eyes: --format tsv/json, --header, --draw, colour, `completions`.

use crate::common;

use common::{is_knight_move_between, knight_moves, oracle_moves};
use predicates::prelude::*;
use serde_json::Value;

const SAMPLE_IN: &str = include_str!("data/sample.in");

fn sample_pairs() -> Vec<(&'static str, &'static str)> {
    SAMPLE_IN
        .lines()
        .map(|line| line.split_once(' ').unwrap())
        .collect()
}

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let output = knight_moves()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// Whether `route` goes from `from` to `to` in `moves` knight moves (names compared in lower case).
fn is_route(route: &[String], from: &str, to: &str, moves: u32) -> bool {
    let lower: Vec<String> = route.iter().map(|s| s.to_lowercase()).collect();
    lower.len() as u32 == moves + 1
        && lower.first().map(String::as_str) == Some(from)
        && lower.last().map(String::as_str) == Some(to)
        && lower
            .windows(2)
            .all(|w| is_knight_move_between(&w[0], &w[1]))
}

#[test]
fn json_lines_carry_every_field_for_every_sample_pair() {
    for with_path in [false, true] {
        let mut args = vec!["--format", "json", "sample.in"];
        if with_path {
            args.push("--path");
        }
        let stdout = stdout_of(&args, "");
        let objects: Vec<Value> = stdout
            .lines()
            .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
            .collect();
        assert_eq!(objects.len(), sample_pairs().len());
        for (index, (object, (from, to))) in objects.iter().zip(sample_pairs()).enumerate() {
            let moves = oracle_moves(from, to);
            assert_eq!(object["source"], "sample.in");
            assert_eq!(object["line"], index as u64 + 1);
            assert_eq!(object["from"], from);
            assert_eq!(object["to"], to);
            assert_eq!(object["moves"], moves);
            let fields = object.as_object().unwrap().len();
            if with_path {
                assert_eq!(fields, 6);
                let route: Vec<String> = serde_json::from_value(object["path"].clone()).unwrap();
                assert!(is_route(&route, from, to, moves), "{route:?}");
            } else {
                assert_eq!(fields, 5, "no path without --path: {object}");
            }
        }
    }
}

#[test]
fn json_names_stdin_and_keeps_squares_as_typed() {
    let stdout = stdout_of(&["--format", "json"], "E2 e4\n");
    let object: Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(object["source"], "<stdin>");
    assert_eq!(object["from"], "E2");
}

#[test]
fn tsv_has_three_columns_or_four_with_path_and_a_header_only_when_asked() {
    let plain = stdout_of(&["--format", "tsv"], "e2 E4\nf6 f6\n");
    assert_eq!(plain, "e2\tE4\t2\nf6\tf6\t0\n");
    let with_header = stdout_of(&["--format", "tsv", "--header", "sample.in"], "");
    let rows: Vec<Vec<&str>> = with_header
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows[0], ["from", "to", "moves"]);
    assert_eq!(rows.len(), sample_pairs().len() + 1);
    for (row, (from, to)) in rows[1..].iter().zip(sample_pairs()) {
        assert_eq!(row[..2], [from, to]);
        assert_eq!(row[2].parse::<u32>().unwrap(), oracle_moves(from, to));
    }
    let routed = stdout_of(&["--format", "tsv", "--header", "--path", "sample.in"], "");
    let rows: Vec<Vec<&str>> = routed.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows[0], ["from", "to", "moves", "path"]);
    for (row, (from, to)) in rows[1..].iter().zip(sample_pairs()) {
        let route: Vec<String> = row[3].split(' ').map(String::from).collect();
        assert!(
            is_route(&route, from, to, oracle_moves(from, to)),
            "{row:?}"
        );
    }
}

#[test]
fn draw_shows_the_true_distances_from_the_start_and_marks_the_route() {
    let stdout = stdout_of(&["--draw"], "a1 h8\n");
    let mut lines = stdout.lines();
    let answer = lines.next().unwrap();
    let route = answer
        .strip_prefix("To get from a1 to h8 takes 6 knight moves: ")
        .and_then(|rest| rest.strip_suffix('.'))
        .expect("--draw implies --path");
    let route: Vec<&str> = route.split(' ').collect();
    let grid: Vec<&str> = lines.by_ref().take(8).collect();
    for (row, rank) in grid.iter().zip((1..=8).rev()) {
        let (label, cells) = row.split_at(1);
        assert_eq!(label, rank.to_string());
        // Each square is four characters wide: " [n]" on the route, "  n " elsewhere.
        let cells = format!("{cells:<32}");
        for (file, cell) in ('a'..='h').zip(cells.as_bytes().chunks(4)) {
            let square = format!("{file}{rank}");
            let cell = std::str::from_utf8(cell).unwrap();
            let marked = cell.contains('[');
            let number: u32 = cell
                .trim_matches(|c| c == ' ' || c == '[' || c == ']')
                .parse()
                .unwrap();
            assert_eq!(number, oracle_moves("a1", &square), "{square} in {row:?}");
            assert_eq!(
                marked,
                route.contains(&square.as_str()),
                "{square} in {row:?}"
            );
        }
    }
    assert_eq!(lines.next(), Some("   a   b   c   d   e   f   g   h"));
    assert_eq!(lines.next(), Some(""));
    assert_eq!(lines.next(), None);
    assert!(!stdout.contains('\x1b'), "no colour into a pipe");
}

/// What `--draw` shows on a pseudo-terminal, through util-linux's script(1).
#[cfg(target_os = "linux")]
fn draw_on_a_terminal(no_color: Option<&str>) -> String {
    common::on_a_terminal("echo 'a1 c2' | knight-moves --draw", b"", no_color)
}

#[cfg(target_os = "linux")] // script(1) from util-linux
#[test]
fn colour_only_on_a_terminal_without_no_color() {
    let coloured = draw_on_a_terminal(None);
    assert!(coloured.contains("To get from a1 to c2 takes 1 knight moves: a1 c2."));
    assert!(
        coloured.contains('\x1b'),
        "a terminal gets colour: {coloured:?}"
    );
    assert!(
        !draw_on_a_terminal(Some("1")).contains('\x1b'),
        "NO_COLOR=1 turns it off"
    );
    let output = knight_moves()
        .arg("--draw")
        .env_remove("NO_COLOR")
        .write_stdin("a1 c2\n")
        .output()
        .unwrap();
    assert!(!output.stdout.contains(&0x1b), "a pipe gets none");
}

#[test]
fn options_that_do_not_fit_together_are_usage_errors() {
    knight_moves()
        .args(["--draw", "--format", "json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--draw works with --format sentence only",
        ));
    knight_moves()
        .args(["--header"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--header goes with --format tsv"));
}

#[test]
fn json_stats_are_one_object_on_stderr() {
    let output = knight_moves()
        .args(["--format", "json", "--compare", "sample.in"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let table: Value = serde_json::from_str(&stderr).unwrap();
    let engines = table["engines"].as_array().unwrap();
    let names: Vec<&str> = engines
        .iter()
        .map(|e| e["engine"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["table", "formula", "bfs", "bidirectional", "astar"]);
    for engine in engines {
        assert_eq!(engine["queries"], 8);
        for field in ["nodes_total", "nodes_mean", "nodes_max", "ns_per_query"] {
            assert!(engine[field].is_number(), "{field} in {engine}");
        }
    }
}

#[test]
fn each_completion_script_is_produced() {
    for (kind, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef knight-moves"),
        ("fish", "complete -c knight-moves"),
    ] {
        let script = stdout_of(&["completions", kind], "");
        assert!(script.contains(marker), "{kind} lacks {marker:?}");
        assert!(script.contains("algorithm"), "{kind} lacks the options");
        assert!(
            script.contains("bidirectional"),
            "{kind} lacks the engine names"
        );
    }
}

/// What bash offers after the words `words` (the last is the one being completed), from the
/// script `completions bash` writes, sourced as bash-completion would.
#[cfg(unix)] // bash
fn bash_completes(script: &std::path::Path, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|word| format!("'{word}'")).collect();
    let current = words.last().unwrap();
    let previous = words[words.len() - 2];
    let program = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={}; _knight__moves knight-moves '{current}' \
         '{previous}'; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" "),
        words.len() - 1,
    );
    let output = std::process::Command::new("bash")
        .args(["-c", &program])
        .output()
        .expect("bash, which every Unix this runs on has");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// bash completes the commands, and after a command that command's own options, not another's
/// nor the hidden old spellings (`--check`).
#[cfg(unix)] // bash, which Windows lacks
#[test]
fn bash_completes_commands_and_each_commands_own_options() {
    let folder = tempfile::tempdir().unwrap();
    let script = folder.path().join("knight-moves.bash");
    std::fs::write(&script, stdout_of(&["completions", "bash"], "")).unwrap();
    let commands = bash_completes(&script, &["knight-moves", ""]);
    for command in [
        "check",
        "stress",
        "generate",
        "checker",
        "validate",
        "package",
        "man",
        "completions",
    ] {
        assert!(commands.contains(&command.to_owned()), "{commands:?}");
    }
    let filter = bash_completes(&script, &["knight-moves", "--"]);
    assert!(filter.contains(&"--path".to_owned()), "{filter:?}");
    assert!(!filter.contains(&"--check".to_owned()), "{filter:?}");
    assert!(!filter.contains(&"--time-limit".to_owned()), "{filter:?}");
    let stress = bash_completes(&script, &["knight-moves", "stress", "--"]);
    assert!(stress.contains(&"--time-limit".to_owned()), "{stress:?}");
    assert!(!stress.contains(&"--stats".to_owned()), "{stress:?}");
    let systems = bash_completes(&script, &["knight-moves", "checker", ""]);
    assert_eq!(systems, ["-h", "--help", "kattis", "testlib", "cms"]);
    let all_pairs = bash_completes(&script, &["knight-moves", "generate", "all-pairs", "--"]);
    assert!(all_pairs.contains(&"--board".to_owned()), "{all_pairs:?}");
}

/// zsh's and fish's scripts name no hidden old spelling either.
#[test]
fn no_completion_offers_an_old_spelling() {
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout_of(&["completions", shell], "");
        for old in ["validate-input", "checker=", "--stress "] {
            assert!(!script.contains(old), "{shell}: {old}");
        }
    }
}

/// `--draw=search` into a pipe: plain characters, every expanded square numbered in the order
/// `--format trace` gives its `expand` lines (an independent check of the picture's numbers).
#[test]
fn draw_search_numbers_squares_in_the_trace_s_order_without_escapes() {
    for engine in ["bfs", "bidirectional", "astar"] {
        for (from, to) in [("a1", "h8"), ("e2", "e4"), ("b1", "c3")] {
            let query = format!("{from} {to}\n");
            let picture = stdout_of(&["--draw=search", "--algorithm", engine], &query);
            assert!(!picture.contains('\x1b'), "{picture}");
            let trace = stdout_of(&["--format", "trace", "--algorithm", engine], &query);
            let mut expanded = 0;
            for line in trace.lines() {
                let event: Value = serde_json::from_str(line).unwrap();
                if event["event"] != "expand" {
                    continue;
                }
                expanded += 1;
                let square = event["square"].as_str().unwrap();
                let (file, rank) = square.split_at(1);
                let prime = if event["side"] == "backward" { "'" } else { "" };
                let order = format!("{}{prime}", event["order"]);
                // The square's cell on its rank's line: the label, then a cell per file.
                let row = picture
                    .lines()
                    .find(|line| {
                        line.split_whitespace().next() == Some(rank) && !line.contains("expanded")
                    })
                    .unwrap();
                let column = (file.as_bytes()[0] - b'a') as usize;
                let width = (row.len() - 2).div_ceil(8) - 2;
                let cell = row.get(2 + column * (width + 2)..).unwrap_or("");
                let cell: String = cell.chars().take(width + 2).collect();
                let text = cell.trim_matches(|c| c == ' ' || c == '[' || c == ']');
                assert!(
                    text == order || text == format!("{order}*"),
                    "{engine} {from} {to}: {square} is {order} in the trace, {cell:?} drawn\n{picture}"
                );
            }
            let counted = format!("{expanded} square");
            assert!(picture.contains(&counted) || expanded == 0, "{picture}");
        }
    }
}

#[cfg(target_os = "linux")] // script(1) from util-linux
#[test]
fn draw_search_on_a_terminal_is_coloured_unless_no_color() {
    let drawn = |no_color| {
        common::on_a_terminal(
            "echo 'a1 h8' | knight-moves --draw=search --algorithm bfs",
            b"",
            no_color,
        )
    };
    assert!(drawn(None).contains('\x1b'));
    let plain = drawn(Some("1"));
    assert!(!plain.contains('\x1b'), "{plain}");
    assert!(plain.contains("[33]"), "{plain}");
}

#[test]
fn draw_followed_by_a_file_reads_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("search");
    std::fs::write(&file, "a1 b3\n").unwrap();
    let output = knight_moves()
        .current_dir(dir.path())
        .args(["--draw", "search"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("To get from a1 to b3 takes 1 knight move"),
        "{stdout}"
    );
    assert!(stdout.contains("[0]"), "the distance picture: {stdout}");
}

/// `--draw=search` with the formula where it searches (a piece whose walks do not fit the
/// board, corner to corner: the mirror's search from one corner to half the distance) draws
/// that search, and does not claim it searched nothing; where it answers by closed form, it
/// says so.
#[test]
fn the_formula_s_search_is_drawn_where_it_searches() {
    let searched = stdout_of(&["--draw=search", "--piece", "3,7"], "a1 h8\n");
    assert!(
        searched.contains("formula:\n5 squares expanded"),
        "{searched}"
    );
    assert!(!searched.contains("searches nothing"), "{searched}");
    let closed = stdout_of(&["--draw=search", "--piece", "1,6"], "a1 h8\n");
    assert!(closed.contains("no square expanded"), "{closed}");
    assert!(closed.contains("formula searches nothing"), "{closed}");
}
