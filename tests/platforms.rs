//! Tests run on Linux, macOS and Windows (`.github/workflows/ci.yml`); a test that runs on some
//! of them only says why on its `cfg` line (`#[cfg(unix)] // /dev/full`), so that the number
//! each system runs, in docs/ARCHITECTURE.md, is explained where the test is. This checks it of
//! every test under `src/` and `tests/`, and of every test file or module gated whole; and it
//! counts the tests each system runs, held to the figures docs/ARCHITECTURE.md gives.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

/// Whether an attribute's condition names a system (as `unix`, `windows` or `target_os` do).
fn names_a_system(attribute: &str) -> bool {
    ["unix", "windows", "target_os", "target_family"]
        .iter()
        .any(|name| attribute.contains(name))
}

/// The `cfg` lines of `text` that gate a test or a whole file to some systems without saying
/// why after `//`, as (line number, line).
fn unexplained_gates(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut found = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let whole_file = line.starts_with("#![cfg(");
        if !(line.starts_with("#[cfg(") || whole_file) || !names_a_system(line) {
            continue;
        }
        // The attributes and comments after it, up to the item they belong to.
        let attributes: Vec<&str> = lines[index + 1..]
            .iter()
            .copied()
            .take_while(|next| next.starts_with("#[") || next.starts_with("//"))
            .collect();
        let gates_a_test =
            attributes.iter().any(|next| next.starts_with("#[test]")) || line.contains("test,");
        let why = line.split_once("//").map(|(_, why)| why.trim());
        if (gates_a_test || whole_file) && why.is_none_or(str::is_empty) {
            found.push((index + 1, line.to_string()));
        }
    }
    found
}

/// The systems a test is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Systems {
    Every,
    /// Linux and macOS.
    Unix,
    Linux,
}

/// The systems a `cfg` condition names, of those CI runs.
fn systems_of(condition: &str) -> Systems {
    let condition = condition.split("//").next().unwrap_or(condition);
    if condition.contains("target_os = \"linux\"") {
        Systems::Linux
    } else if condition.contains("unix") && !condition.contains("not(") {
        Systems::Unix
    } else {
        panic!("a gate this count does not know: {condition}; teach systems_of it");
    }
}

/// The systems of each test (`#[test]`) in `text`: those of the `cfg` in its attributes, or of
/// the file's `#![cfg]`, or of a gated `mod tests`, which holds every test after it in its file
/// (as a test module at a file's end does).
fn tests_by_systems(text: &str) -> Vec<Systems> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut whole = Systems::Every;
    let mut found = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let gates_what_follows =
            line.starts_with("#![cfg(") || (line.starts_with("#[cfg(") && line.contains("test,"));
        if gates_what_follows && names_a_system(line) {
            whole = systems_of(line);
        }
        if *line != "#[test]" {
            continue;
        }
        let own = lines[..index]
            .iter()
            .rev()
            .take_while(|before| before.starts_with("#[") || before.starts_with("//"))
            .find(|before| before.starts_with("#[cfg(") && names_a_system(before));
        found.push(own.map_or(whole, |gate| systems_of(gate)));
    }
    found
}

/// The figures of docs/ARCHITECTURE.md's table of tests by system: the numbers in its rows
/// between the markers, in order.
fn documented_counts() -> Vec<usize> {
    let architecture = include_str!("../docs/ARCHITECTURE.md");
    let (_, rest) = architecture
        .split_once("<!-- tests by system: begin -->")
        .expect("the table's start");
    let (table, _) = rest
        .split_once("<!-- tests by system: end -->")
        .expect("the table's end");
    table
        .lines()
        .filter_map(|row| row.rsplit('|').nth(1))
        .filter_map(|cell| cell.trim().parse().ok())
        .collect()
}

#[test]
fn architecture_gives_the_number_of_tests_each_system_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut every = 0;
    let mut unix = 0;
    let mut linux = 0;
    for file in [
        rust_files(&root.join("src")),
        rust_files(&root.join("tests")),
    ]
    .concat()
    {
        let text = fs::read_to_string(&file).unwrap();
        for systems in tests_by_systems(&text) {
            match systems {
                Systems::Every => every += 1,
                Systems::Unix => unix += 1,
                Systems::Linux => linux += 1,
            }
        }
    }
    // The rows: everywhere, Unix only, Linux only; then Linux, macOS and Windows in all.
    let counted = vec![
        every,
        unix,
        linux,
        every + unix + linux,
        every + unix,
        every,
    ];
    assert_eq!(
        documented_counts(),
        counted,
        "docs/ARCHITECTURE.md's tests by system (everywhere, Unix only, Linux only; Linux, \
         macOS, Windows) are not the tests' own"
    );
}

#[test]
fn every_test_gated_to_some_systems_says_why() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut unexplained = Vec::new();
    let mut gated = 0;
    for file in [
        rust_files(&root.join("src")),
        rust_files(&root.join("tests")),
    ]
    .concat()
    {
        let text = fs::read_to_string(&file).unwrap();
        gated += text
            .lines()
            .filter(|line| line.trim().starts_with("#[cfg(") && names_a_system(line))
            .count();
        for (line_number, line) in unexplained_gates(&text) {
            unexplained.push(format!("{}:{line_number}: {line}", file.display()));
        }
    }
    assert!(gated > 10, "the gated tests were not found: {gated}");
    assert!(
        unexplained.is_empty(),
        "say why on the cfg line, after //:\n{}",
        unexplained.join("\n")
    );
}

#[test]
fn the_check_finds_a_gate_without_a_reason() {
    // Written with @ for #, so that this file's own lines are no gates.
    let text = "@[cfg(unix)]\n/// Docs.\n@[test]\nfn a() {}\n\
                @[cfg(target_os = \"linux\")] // /proc\n@[test]\n@[ignore]\nfn b() {}\n\
                @[cfg(windows)]\nfn not_a_test() {}\n\
                @[cfg(unix)] //\n@[test]\nfn c() {}\n\
                @[cfg(all(test, unix))]\nmod tests {\n@[test]\nfn d() {}\n}\n"
        .replace('@', "#");
    let found: Vec<usize> = unexplained_gates(&text)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(found, [1, 11, 14]);
    let systems = tests_by_systems(&text);
    let (unix, linux) = (Systems::Unix, Systems::Linux);
    assert_eq!(systems, [unix, linux, unix, unix]);
    let plain = "@[test]\nfn e() {}\n".replace('@', "#");
    assert_eq!(tests_by_systems(&plain), [Systems::Every]);
    assert_eq!(
        unexplained_gates(&"@![cfg(unix)]\nmod common;\n".replace('@', "#")).len(),
        1
    );
}
