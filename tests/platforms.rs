//! Tests run on Linux, macOS and Windows (`.github/workflows/ci.yml`); a test that runs on some
//! of them only says why on its `cfg` line (`#[cfg(unix)] // /dev/full`), so that what each
//! system leaves out is explained where the test is. This checks it of every test under `src/`
//! and `tests/`, and of every test file or module gated whole.

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
    assert_eq!(
        unexplained_gates(&"@![cfg(unix)]\nmod common;\n".replace('@', "#")).len(),
        1
    );
}
