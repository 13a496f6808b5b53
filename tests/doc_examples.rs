//! Every console example in README.md and docs/GUIDE.md is run against the built binary: a
//! block fenced as `console` holds commands (`$ ` lines, run by `sh` from the repository's root
//! with the built `knight-moves` first on `PATH`) each followed by what it writes (standard
//! output and standard error together). The test fails when the example's output or the
//! program's drifts. `[..]` in an expected line stands for any text (a time, which differs from
//! run to run).
//!
//! A block of commands that cannot be run here (it reads the reader's own files or runs their
//! solution) stays fenced as `text` with `<!-- not run: why -->` on the line before it; a
//! `text` block with a `$ ` line and no such note fails the test, so that no example is left
//! unrun by accident.

use std::path::Path;
use std::process::Command;

/// The documents whose examples are run.
const DOCUMENTS: &[&str] = &["README.md", "docs/GUIDE.md"];

/// One command of an example and what it is said to write.
#[derive(Debug)]
struct Example {
    document: &'static str,
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The console examples of `document`'s `text`, and the `$ ` lines of unmarked `text` blocks
/// (which should be either run or marked), as (line, command).
fn examples(document: &'static str, text: &str) -> (Vec<Example>, Vec<(usize, String)>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut unmarked = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let fence = lines[index].trim_end();
        let marked = index > 0 && lines[index - 1].starts_with("<!-- not run:");
        let kind = fence.strip_prefix("```");
        index += 1;
        let Some(kind) = kind.filter(|kind| !kind.is_empty()) else {
            continue;
        };
        let start = index;
        while index < lines.len() && !lines[index].starts_with("```") {
            index += 1;
        }
        let body = &lines[start..index];
        index += 1;
        match kind {
            "console" => {
                for (offset, line) in body.iter().enumerate() {
                    if let Some(command) = line.strip_prefix("$ ") {
                        let expected = body[offset + 1..]
                            .iter()
                            .take_while(|line| !line.starts_with("$ "))
                            .map(|line| line.to_string())
                            .collect();
                        found.push(Example {
                            document,
                            line: start + offset + 1,
                            command: command.to_owned(),
                            expected,
                        });
                    }
                }
            }
            "text" if !marked => unmarked.extend(
                body.iter()
                    .enumerate()
                    .filter(|(_, line)| line.starts_with("$ "))
                    .map(|(offset, line)| (start + offset + 1, line.to_string())),
            ),
            _ => {}
        }
    }
    (found, unmarked)
}

/// Whether `line` is what `expected` says, `[..]` in it standing for any text.
fn matches(expected: &str, line: &str) -> bool {
    let mut pieces = expected.split("[..]");
    let first = pieces.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = pieces.collect();
    for (index, piece) in pieces.iter().enumerate() {
        if index + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The lines of `text` without the empty ones at its end.
fn trimmed(lines: &[String]) -> &[String] {
    let end = lines
        .iter()
        .rposition(|line| !line.trim().is_empty())
        .map_or(0, |last| last + 1);
    &lines[..end]
}

#[cfg(unix)] // the examples are POSIX shell commands
#[test]
fn every_console_example_writes_what_the_documents_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = Path::new(env!("CARGO_BIN_EXE_knight-moves"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut run = 0;
    let mut failures = Vec::new();
    for &document in DOCUMENTS {
        let text = std::fs::read_to_string(root.join(document)).unwrap();
        let (found, unmarked) = examples(document, &text);
        for (line, command) in unmarked {
            failures.push(format!(
                "{document}:{line}: `{command}` is in a `text` block: fence it as `console` to \
                 run it, or say why not with <!-- not run: … --> before the block"
            ));
        }
        for example in found {
            let output = Command::new("sh")
                .arg("-c")
                .arg(format!("( {} ) 2>&1", example.command))
                .current_dir(root)
                .env("PATH", &path)
                .env_remove("KNIGHT_MOVES_ACCELERATOR")
                .output()
                .unwrap();
            let written: Vec<String> = String::from_utf8_lossy(&output.stdout)
                .lines()
                .map(str::to_owned)
                .collect();
            let (written, expected) = (trimmed(&written), trimmed(&example.expected));
            let agree = written.len() == expected.len()
                && expected.iter().zip(written).all(|(e, w)| matches(e, w));
            if !agree {
                failures.push(format!(
                    "{}:{}: `{}` wrote\n{}\nwhere the document shows\n{}",
                    example.document,
                    example.line,
                    example.command,
                    written.join("\n"),
                    expected.join("\n")
                ));
            }
            run += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(run >= 10, "only {run} examples were found to run");
}

#[test]
fn the_wildcard_stands_for_any_text_and_nothing_else_differs() {
    assert!(matches("a [..] c", "a bbb c"));
    assert!(matches("a [..]", "a "));
    assert!(matches("[..] c", "zz c"));
    assert!(matches("exact", "exact"));
    assert!(!matches("exact", "exact!"));
    assert!(!matches("a [..] c", "a b d"));
    assert!(!matches("table 1 [..]", "table 2 37.5"));
}
