//! The documents' names of code, checked against the code, so that the design document cannot
//! go stale unseen: docs/ARCHITECTURE.md's layer order is `LAYERS` of tests/layers.rs, its code
//! map names every top-level module of `src/` and nothing else, and every backticked name of
//! code in ARCHITECTURE, GUIDE and PERFORMANCE (a file or folder, a `Type`, a `Type::item` or
//! `module::item`, a `function()`, a `snake_case` name) is defined in `src/` or is one of the
//! few names from outside listed in [`FROM_OUTSIDE`].
//!
//! What counts as a name of code is decided by its shape alone, so prose in backticks (a
//! command line, an option, an output) is passed over: a span with a space, a dash or a
//! character no Rust name holds is not read. A lowercase word without an underscore (`stdout`,
//! `board`) is passed over too: it is as often a word as a name.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::layers::LAYERS;

/// The documents whose names of code are checked.
const DOCUMENTS: &[&str] = &[
    "docs/ARCHITECTURE.md",
    "docs/GUIDE.md",
    "docs/PERFORMANCE.md",
];

/// Names the documents give in code that are not the crate's: the C library's, the standard
/// library's, the judge systems' and Windows'. Each is named by a document (a test holds it),
/// so that the list stays short.
const FROM_OUTSIDE: &[&str] = &[
    "malloc_trim",
    "set_len",
    "validator_flags",
    "problem_storage_globs",
    "BigEndianUTF32",
];

/// The paths whose names of code are the standard library's or a primitive type's: a name
/// under one of them is not the crate's to check.
const OUTSIDE_ROOTS: &[&str] = &["std", "core", "alloc", "u8", "u32", "u64", "usize", "i64"];

/// Everything defined in `src/`: names after `fn`, `struct`, `enum`, `trait`, `type`, `const`,
/// `static`, `mod` and `macro_rules!`; enum variants and struct fields (a name that begins a
/// line and is followed by `,`, `(`, `{` or `:`); every file's and folder's name as a module;
/// and, for the environment's variables, every upper-case word of the source, the tests, the
/// scripts and CI.
struct Defined {
    names: BTreeSet<String>,
    modules: BTreeSet<String>,
    upper_case_words: BTreeSet<String>,
}

impl Defined {
    fn read(source_root: &Path) -> Defined {
        let mut names = BTreeSet::new();
        let mut modules = BTreeSet::new();
        for file in rust_files(source_root) {
            let relative = file.strip_prefix(source_root).unwrap().with_extension("");
            for part in relative.components() {
                modules.insert(part.as_os_str().to_string_lossy().into_owned());
            }
            let text = fs::read_to_string(&file).unwrap();
            for line in text.lines() {
                names.extend(definitions_on(line));
            }
        }
        modules.extend(["crate", "self", "super", "knight_moves"].map(str::to_owned));
        let root = source_root.parent().unwrap();
        let mut upper_case_words = BTreeSet::new();
        for file in files_under(
            root,
            &["src", "tests", "scripts", "benches", ".ci", ".github"],
        ) {
            let Ok(text) = fs::read_to_string(&file) else {
                continue; // not text
            };
            let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            upper_case_words.extend(words.filter(|word| is_upper_case(word)).map(str::to_owned));
        }
        Defined {
            names,
            modules,
            upper_case_words,
        }
    }

    fn has(&self, name: &str) -> bool {
        self.names.contains(name)
            || FROM_OUTSIDE.contains(&name)
            || (is_upper_case(name) && self.upper_case_words.contains(name))
    }

    fn is_module(&self, name: &str) -> bool {
        self.modules.contains(name) || FROM_OUTSIDE.contains(&name)
    }
}

/// The names `line` defines.
fn definitions_on(line: &str) -> Vec<String> {
    let words: Vec<&str> = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!'))
        .filter(|word| !word.is_empty())
        .collect();
    let mut found: Vec<String> = words
        .windows(2)
        .filter(|pair| {
            matches!(
                pair[0],
                "fn" | "struct"
                    | "enum"
                    | "trait"
                    | "type"
                    | "const"
                    | "static"
                    | "mod"
                    | "macro_rules!"
            )
        })
        .map(|pair| pair[1].to_owned())
        .collect();
    // A variant or a field: the line's first name, after `pub` or `pub(crate)`, followed by
    // `,`, `(`, `{` or `:`.
    let trimmed = line.trim_start();
    let trimmed = trimmed
        .strip_prefix("pub(crate) ")
        .or_else(|| trimmed.strip_prefix("pub(super) "))
        .or_else(|| trimmed.strip_prefix("pub "))
        .unwrap_or(trimmed);
    let name: String = trimmed
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let after = trimmed[name.len()..].trim_start();
    if !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && (after.is_empty() || after.starts_with([',', '(', '{', ':']))
        && !after.starts_with("::")
    {
        found.push(name);
    }
    found
}

/// Whether `word` is an upper-case name (`KNIGHT_MOVES_ACCELERATOR`, `SHOWN`).
fn is_upper_case(word: &str) -> bool {
    word.len() > 1
        && word.starts_with(|c: char| c.is_ascii_uppercase())
        && word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Every file and folder under the folders `folders` of `root` (those that exist).
fn files_under(root: &Path, folders: &[&str]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut to_read: Vec<PathBuf> = folders.iter().map(|folder| root.join(folder)).collect();
    while let Some(folder) = to_read.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                to_read.push(path.clone());
            }
            found.push(path);
        }
    }
    found
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
    found
}

/// The lines of `text` outside its fenced code blocks, with their numbers (from 1).
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The code spans of `line` (single backticks).
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`')
        .enumerate()
        .filter(|(index, _)| index % 2 == 1)
        .map(|(_, span)| span)
        .collect()
}

/// Whether `word` is a Rust identifier.
fn is_identifier(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What is wrong with the code span `span`, read as a name of code, or `None` when it names
/// something real or is no name of code. A folder (`name/`) is read as one of the repository's
/// only where `folders` says so: elsewhere (the guide) it is as often a package's.
fn wrong_name(span: &str, defined: &Defined, root: &Path, folders: bool) -> Option<String> {
    let is_path_shaped = span.ends_with(".rs") || (folders && span.ends_with('/'));
    if is_path_shaped
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./-".contains(c))
    {
        let exists = FROM_OUTSIDE.contains(&span) || path_exists(span, root);
        return (!exists).then(|| format!("`{span}`: no such file or folder"));
    }
    let (name, called) = match span.strip_suffix("()") {
        Some(name) => (name, true),
        None => (span, false),
    };
    let segments: Vec<&str> = name.split("::").collect();
    if !segments.iter().all(|segment| is_identifier(segment)) {
        return None; // not a name of code
    }
    if OUTSIDE_ROOTS.contains(&segments[0]) && segments.len() > 1 {
        return None; // the standard library's
    }
    let (last, before) = segments.split_last().unwrap();
    for segment in before {
        let known = match segment.starts_with(|c: char| c.is_ascii_uppercase()) {
            true => defined.has(segment),
            false => defined.is_module(segment),
        };
        if !known {
            return Some(format!("`{span}`: no `{segment}` in src/"));
        }
    }
    let shaped_as_code = called
        || !before.is_empty()
        || last.contains('_')
        || (last.starts_with(|c: char| c.is_ascii_uppercase())
            && last.chars().any(|c| c.is_ascii_lowercase())
            && last.len() > 1);
    if !shaped_as_code || defined.has(last) || (before.is_empty() && defined.is_module(last)) {
        return None;
    }
    Some(format!("`{span}`: no `{last}` in src/"))
}

/// Whether `path` is a file or folder of `src/`, or of the repository from its root, or (a
/// bare name, as a folder's files are named beside it) a file or folder somewhere under `src/`
/// or `tests/`.
fn path_exists(path: &str, root: &Path) -> bool {
    let path = path.trim_end_matches('/');
    if root.join("src").join(path).exists() || root.join(path).exists() {
        return true;
    }
    !path.contains('/')
        && files_under(root, &["src", "tests"])
            .iter()
            .any(|file| file.file_name().is_some_and(|name| name == path))
}

/// Every wrong name of code in `text`, as `document:line: what`; its folders are the
/// repository's in the design document alone.
fn wrong_names(document: &str, text: &str, defined: &Defined, root: &Path) -> Vec<String> {
    let folders = document.ends_with("ARCHITECTURE.md");
    let mut found = Vec::new();
    for (line, content) in prose(text) {
        for span in code_spans(content) {
            if let Some(what) = wrong_name(span, defined, root, folders) {
                found.push(format!("{document}:{line}: {what}"));
            }
        }
    }
    found
}

/// The lines of the section headed `heading` (its `## ` line), up to the next heading of its
/// level or above.
fn section<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    let mut lines = text.lines().skip_while(|line| *line != heading);
    let Some(_) = lines.next() else {
        return Vec::new();
    };
    lines
        .take_while(|line| !(line.starts_with("# ") || line.starts_with("## ")))
        .collect()
}

fn architecture(root: &Path) -> String {
    fs::read_to_string(root.join("docs/ARCHITECTURE.md")).unwrap()
}

#[test]
fn the_design_documents_layers_are_those_the_layer_test_holds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = architecture(root);
    let layers = section(&text, "## Layers");
    let block: Vec<Vec<&str>> = layers
        .iter()
        .skip_while(|line| !line.starts_with("```"))
        .skip(1)
        .take_while(|line| !line.starts_with("```"))
        .map(|line| line.split(", ").map(str::trim).collect())
        .collect();
    let held: Vec<Vec<&str>> = LAYERS.iter().map(|layer| layer.to_vec()).collect();
    assert_eq!(
        block, held,
        "docs/ARCHITECTURE.md's layers (the first text block under \"## Layers\", one layer a \
         line, bottom first) are not LAYERS of tests/layers.rs"
    );
}

#[test]
fn the_code_map_names_every_top_level_module_and_nothing_else() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = architecture(root);
    // A module is its name: `pipeline.rs` and its folder of tests `pipeline/` are one.
    let module_of = |name: &str| {
        name.trim_end_matches('/')
            .trim_end_matches(".rs")
            .to_owned()
    };
    let mapped: BTreeSet<String> = section(&text, "## Code map")
        .iter()
        .filter_map(|line| line.strip_prefix("### `")?.strip_suffix('`'))
        .map(module_of)
        .collect();
    let modules: BTreeSet<String> = fs::read_dir(root.join("src"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir() || path.extension().is_some_and(|ext| ext == "rs"))
        .map(|path| module_of(&path.file_name().unwrap().to_string_lossy()))
        .collect();
    let missing: Vec<&String> = modules.difference(&mapped).collect();
    let gone: Vec<&String> = mapped.difference(&modules).collect();
    assert!(
        missing.is_empty() && gone.is_empty(),
        "docs/ARCHITECTURE.md's code map (a `### `name`` heading a module under \"## Code \
         map\") leaves out {missing:?} and names {gone:?}, which src/ does not hold"
    );
}

#[test]
fn every_name_of_code_in_the_documents_is_in_the_source() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let defined = Defined::read(&root.join("src"));
    let mut failures = Vec::new();
    let mut spans = BTreeSet::new();
    for document in DOCUMENTS {
        let text = fs::read_to_string(root.join(document)).unwrap();
        failures.extend(wrong_names(document, &text, &defined, root));
        for (_, line) in prose(&text) {
            spans.extend(code_spans(line).into_iter().map(str::to_owned));
        }
    }
    for name in FROM_OUTSIDE {
        if !spans
            .iter()
            .any(|span| span.split("::").any(|part| part == *name))
        {
            failures.push(format!(
                "FROM_OUTSIDE lists `{name}`, which no document names"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "names of code the source does not hold (rename them in the document, or list a name \
         from outside in FROM_OUTSIDE of tests/doc_names.rs):\n{}",
        failures.join("\n")
    );
}

#[test]
fn the_lint_finds_a_name_that_is_not_there() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let defined = Defined::read(&root.join("src"));
    let text = "Real: `engine/bfs.rs`, `sink/check/`, `tests/layers.rs`, `Engine::run`, \
                `Verdict`, `Flow::Settled`, `plain_search`, `common_prefix()`, `crate::fast`.\n\
                Not code: `--path`, `e2 e4`, `stdout`, `knight-moves check`.\n\
                Wrong: `engine/bsf.rs`, `Verdikt`, `Engine::sprint`, `nowhere::run`, \
                `answer_lines_fast()`, `Verdict::Acepted`.\n\
                ```\n`NotChecked` in a fence\n```\n";
    let found = wrong_names("ARCHITECTURE.md", text, &defined, root);
    assert_eq!(
        found,
        [
            "ARCHITECTURE.md:3: `engine/bsf.rs`: no such file or folder",
            "ARCHITECTURE.md:3: `Verdikt`: no `Verdikt` in src/",
            "ARCHITECTURE.md:3: `Engine::sprint`: no `sprint` in src/",
            "ARCHITECTURE.md:3: `nowhere::run`: no `nowhere` in src/",
            "ARCHITECTURE.md:3: `answer_lines_fast()`: no `answer_lines_fast` in src/",
            "ARCHITECTURE.md:3: `Verdict::Acepted`: no `Acepted` in src/",
        ]
    );
    assert!(definitions_on("    pub(crate) fn answer_run(").contains(&"answer_run".to_owned()));
    assert!(definitions_on("    GaveUp {").contains(&"GaveUp".to_owned()));
}
