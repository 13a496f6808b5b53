//! Every console example in README.md and docs/GUIDE.md is run against the built binary: a
//! block fenced as `console` holds commands (`$ ` lines, run by `sh` from the repository's root
//! with the built `knight-moves` first on `PATH`) each followed by what it writes (standard
//! output and standard error together), and `[exit N]` when it exits with a status N other
//! than 0. The test fails when the example's output or the program's drifts. `[..]` in an
//! expected line stands for any text (a time, which differs from run to run); blank lines at
//! the end of an output are not compared. A fence may be indented (inside a list item). An
//! example still running after two minutes fails the test, and is ended with all it started.
//!
//! A block of commands that cannot be run here (it reads the reader's own files or runs their
//! solution) is fenced as anything but `console` with `<!-- not run: why -->` on the line
//! before it; such a block with a `$ ` line and no note, or a `console` block with no `$ `
//! line, fails the test, so that no example is left unrun by accident.
//!
//! Every relative link of README.md and docs/*.md (`[text](path#anchor)`, `[text](#anchor)`)
//! must lead to a file of the repository and, where it names one, to a heading of that file.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

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

/// The fence `line` opens or closes (```` ``` ```` or `~~~`, indented or behind a quote's `>`)
/// and the kind of block it names.
fn fence_of(line: &str) -> Option<(&'static str, &str)> {
    let line = line.trim().trim_start_matches(['>', ' ']);
    ["```", "~~~"]
        .into_iter()
        .find_map(|fence| line.strip_prefix(fence).map(|kind| (fence, kind.trim())))
}

/// The console examples of `document`'s `text`, and the `$ ` lines of unmarked blocks of any
/// other kind (which should be either run or marked), as (line, command). A fence may be
/// indented (a block inside a list item): its body loses the same indentation.
fn examples(document: &'static str, text: &str) -> (Vec<Example>, Vec<(usize, String)>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut unmarked = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        let opening = lines[index].trim_end();
        let indent = opening.len() - opening.trim_start().len();
        let marked = index > 0 && lines[index - 1].trim_start().starts_with("<!-- not run:");
        index += 1;
        let Some((fence, kind)) = fence_of(opening) else {
            continue;
        };
        let start = index;
        while index < lines.len() && fence_of(lines[index]).is_none_or(|(found, _)| found != fence)
        {
            index += 1;
        }
        let quoted = opening.trim_start().starts_with('>');
        let body: Vec<&str> = lines[start..index]
            .iter()
            .map(|line| {
                let line = line
                    .get(indent..)
                    .filter(|_| line[..indent].trim().is_empty())
                    .unwrap_or(line.trim_start());
                match quoted {
                    true => line
                        .trim_start_matches('>')
                        .strip_prefix(' ')
                        .unwrap_or(line),
                    false => line,
                }
            })
            .collect();
        index += 1;
        let commands = body
            .iter()
            .enumerate()
            .filter(|(_, line)| line.starts_with("$ "));
        match kind {
            "console" => {
                let before = found.len();
                for (offset, line) in commands {
                    let expected = body[offset + 1..]
                        .iter()
                        .take_while(|line| !line.starts_with("$ "))
                        .map(|line| line.to_string())
                        .collect();
                    found.push(Example {
                        document,
                        line: start + offset + 1,
                        command: line["$ ".len()..].to_owned(),
                        expected,
                    });
                }
                if found.len() == before {
                    // Output with no command: nothing would check it.
                    unmarked.push((start, "(a console block with no `$ ` line)".to_owned()));
                }
            }
            _ if !marked => unmarked
                .extend(commands.map(|(offset, line)| (start + offset + 1, line.to_string()))),
            _ => {}
        }
    }
    (found, unmarked)
}

/// Whether `line` is what `expected` says, `[..]` in it standing for any text (but never for
/// the runner's own `[exit N]` line, which must be shown as it is).
fn matches(expected: &str, line: &str) -> bool {
    if line.starts_with("[exit ") || line.starts_with("[signal ") {
        return expected == line;
    }
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

/// How long one example may take: they take well under a second, and this is there only to
/// end a test that would otherwise hang (an example waiting for input that never comes).
#[cfg(unix)] // the examples run on Unix only
const PATIENCE: Duration = Duration::from_secs(120);

/// What `command` writes (standard output and standard error together, as lines), run by `sh`
/// in `root` with `path` as `PATH` and nothing on its standard input; then `[exit N]` when it
/// exits with N other than 0, which the document must show too, so that an example cannot pass
/// by failing quietly. Ended, with all it started, and failed after `patience`.
#[cfg(unix)] // a process group, ended by its id
fn run_example(command: &str, root: &Path, path: &str, patience: Duration) -> Vec<String> {
    use std::io::Read;
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    use std::process::Stdio;
    use std::time::Instant;

    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("( {command} ) 2>&1"))
        .current_dir(root)
        .env("PATH", path)
        .env_remove("KNIGHT_MOVES_ACCELERATOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout.read_to_end(&mut bytes).map(|_| bytes)
    });
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if began.elapsed() > patience {
            // SAFETY: kill(2) with the negated id of the group the child leads, which holds
            // only what the example started; no memory is touched.
            unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
            let _ = child.wait();
            panic!("`{command}` was still running after {patience:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    // Whatever the example left running (`sleep 200 &`) would keep its output open: ended
    // with the group, so that nothing is left behind and the reader ends.
    // SAFETY: as above; the group may be empty already (ESRCH), which is what is wanted.
    unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
    let bytes = reader.join().unwrap().unwrap();
    let mut written: Vec<String> = String::from_utf8_lossy(&bytes)
        .lines()
        .map(str::to_owned)
        .collect();
    match (status.code(), status.signal()) {
        (Some(0), _) => {}
        (Some(code), _) => written.push(format!("[exit {code}]")),
        (None, signal) => written.push(format!("[signal {}]", signal.unwrap_or(0))),
    }
    written
}

#[cfg(unix)] // the examples are POSIX shell commands
#[test]
fn every_console_example_writes_what_the_documents_show() {
    // The wildcard stands for any text, and nothing else may differ.
    assert!(matches("a [..] c", "a bbb c"));
    assert!(matches("a [..]", "a "));
    assert!(matches("[..] c", "zz c"));
    assert!(matches("exact", "exact"));
    assert!(!matches("exact", "exact!"));
    assert!(!matches("a [..] c", "a b d"));
    assert!(!matches("table 1 [..]", "table 2 37.5"));

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
                "{document}:{line}: `{command}` is in a block not run: fence it as `console` to \
                 run it, or say why not with <!-- not run: … --> before the block"
            ));
        }
        for example in found {
            let written = run_example(&example.command, root, &path, PATIENCE);
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

/// What the runner reads and how it runs: an indented fence is seen, a `console` block with
/// no command and an unmarked block of another kind with one are reported, a command's exit
/// status is part of what it writes, and a command that hangs fails rather than hanging.
#[cfg(unix)] // the examples are POSIX shell commands
#[test]
fn the_runner_sees_indented_blocks_exit_statuses_and_hangs() {
    let text = "- item\n\n  ```console\n  $ echo hi\n  hi\n  ```\n\n```console\nout\n```\n\n\
                ```sh\n$ rm -rf x\n```\n\n<!-- not run: yours -->\n```sh\n$ ./mine\n```\n";
    let (found, unmarked) = examples("test", text);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].line, found[0].command.as_str()), (4, "echo hi"));
    assert_eq!(found[0].expected, ["hi"]);
    let unmarked: Vec<usize> = unmarked.iter().map(|(line, _)| *line).collect();
    assert_eq!(unmarked, [8, 13]);

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = std::env::var("PATH").unwrap_or_default();
    let run = |command| run_example(command, root, &path, Duration::from_secs(30));
    assert_eq!(run("echo hi"), ["hi"]);
    assert_eq!(run("echo no >&2; exit 3"), ["no", "[exit 3]"]);
    assert_eq!(run("kill -9 $$"), ["[signal 9]"]);
    assert_eq!(run("(sleep 60 &); echo left"), ["left"]);
    assert!(!matches("[..]", "[exit 7]") && matches("[exit 7]", "[exit 7]"));
    let (found, _) = examples(
        "test",
        "~~~console\n$ echo a\na\n~~~\n> ```console\n> $ echo b\n",
    );
    let commands: Vec<&str> = found
        .iter()
        .map(|example| example.command.as_str())
        .collect();
    assert_eq!(commands, ["echo a", "echo b"]);
    let hangs = std::panic::catch_unwind(|| {
        run_example("sleep 30 | cat", root, &path, Duration::from_millis(300))
    });
    let message = *hangs.unwrap_err().downcast::<String>().unwrap();
    assert!(message.contains("was still running"), "{message}");
}

/// The Markdown documents whose links are checked: README.md and every `.md` of docs/.
fn linked_documents(root: &Path) -> Vec<String> {
    let mut documents = vec!["README.md".to_owned()];
    let mut in_docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    in_docs.sort();
    documents.extend(in_docs);
    documents
}

/// The lines of `text` outside its fenced code blocks, with their numbers (from 1).
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The anchor GitHub gives a heading's text: lower case, code spans' backticks and every
/// character but letters, digits, `-` and `_` dropped, spaces made `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of `text`'s headings, a repeated one numbered as GitHub numbers it (`-1`, `-2`).
fn anchors(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let repeats = found
            .iter()
            .filter(|anchor| {
                anchor.as_str() == base
                    || anchor
                        .strip_prefix(&format!("{base}-"))
                        .is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .count();
        found.push(if repeats == 0 {
            base
        } else {
            format!("{base}-{repeats}")
        });
    }
    found
}

/// The targets of the inline links (and images) on `line`, code spans left out.
fn link_targets(line: &str) -> Vec<String> {
    let without_code: String = line
        .split('`')
        .enumerate()
        .filter(|(index, _)| index % 2 == 0)
        .map(|(_, piece)| piece)
        .collect::<Vec<_>>()
        .join(" ");
    let mut targets = Vec::new();
    let mut rest = without_code.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            targets.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    targets
}

#[test]
fn every_relative_link_of_the_documents_leads_to_a_file_and_a_heading() {
    // Anchors are made as GitHub makes them, and links are found outside code spans.
    assert_eq!(slug("The trace's lines"), "the-traces-lines");
    assert_eq!(slug("`--check` and 8×8"), "--check-and-88");
    assert_eq!(
        anchors("# A\n```\n# not a heading\n```\n## A\n### b_c\n"),
        ["a", "a-1", "b_c"]
    );
    assert_eq!(
        link_targets("see [a](x.md#y), `[b](not)` and ![c](d.png)"),
        ["x.md#y", "d.png"]
    );

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for document in linked_documents(root) {
        let text = std::fs::read_to_string(root.join(&document)).unwrap();
        let folder = Path::new(&document).parent().unwrap();
        for (line, content) in prose(&text) {
            for target in link_targets(content) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, anchor) = match target.split_once('#') {
                    Some((path, anchor)) => (path, Some(anchor)),
                    None => (target.as_str(), None),
                };
                let file = if path.is_empty() {
                    root.join(&document)
                } else {
                    root.join(folder).join(path)
                };
                checked += 1;
                if !file.is_file() {
                    failures.push(format!("{document}:{line}: {target}: no file {path}"));
                    continue;
                }
                if let Some(anchor) = anchor {
                    let linked = std::fs::read_to_string(&file).unwrap();
                    if !anchors(&linked).iter().any(|found| found == anchor) {
                        failures.push(format!(
                            "{document}:{line}: {target}: no heading of {} has the anchor #{anchor}",
                            file.strip_prefix(root).unwrap_or(&file).display()
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 50, "only {checked} links were found to check");
}
