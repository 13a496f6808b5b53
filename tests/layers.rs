//! The layer rule, written once and kept true: [`LAYERS`] is the order of the crate's top-level
//! modules, bottom first, and this test reads every `.rs` file under `src/` and fails, naming
//! file and line, where a module refers (`crate::x`, `super::…`, `use crate::{…}`) to one in a
//! layer above its own, or to another in its own layer that [`SAME_LAYER_ALLOWED`] does not list.
//! Inside a folder it also fails on a circle between the files (`standard/read.rs` refers to
//! `standard/simd.rs`, which refers back), since a circle there is the same knot one level
//! down; there a `#[cfg(test)]` module may reach a sibling (a test that runs two searches side
//! by side), since test code is not built into the crate.
//!
//! docs/ARCHITECTURE.md quotes the order, and tests/doc_names.rs fails when the two differ: this
//! file is the truth. Comments and string literals are not read, so a doc link to a module above
//! (`[`crate::fast`]`) is not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The top-level modules, bottom layer first. A module may refer to modules of lower layers only.
/// The two crate roots are on top by construction: `lib` (the library: `board`, `standard`,
/// `engine` and `query`, its public API) and `main` (the program: every other module, and the
/// library's `board`, `standard` and `engine`, which it links). `cli` and `query` share the layer below them, each the
/// top of its own crate. Cargo holds the library's side too: its crate cannot name the
/// program's modules.
pub(crate) const LAYERS: &[&[&str]] = &[
    &[
        "exit",
        "board",
        "allocator",
        "standard_streams",
        "held_signals",
    ],
    &["standard"],
    &["engine", "input"],
    &["format", "stats"],
    &["sink"],
    &["problem", "report"],
    &["settings"],
    &["fast"],
    &["pipeline"],
    &["stress"],
    &["package"],
    &["cli", "query"],
    &["lib", "main"],
];

/// References allowed between two modules of the same layer, as (from, to). None today: each
/// layer's modules know nothing of each other.
const SAME_LAYER_ALLOWED: &[(&str, &str)] = &[];

/// Modules that only the modules named may refer to, from any layer above (their tests aside):
/// the 8×8 code is the table engine's and the accelerator's, and the general engines and the
/// formula do not know it.
const ONLY_READ_BY: &[(&str, &[&str])] = &[("standard", &["engine::table", "fast"])];

#[test]
fn no_module_refers_to_one_above_it_and_no_folder_has_a_circle() {
    let source_root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&source_root);
    let known: BTreeSet<Vec<String>> = files
        .iter()
        .map(|file| module_path(&source_root, file))
        .collect();
    let mut failures = check_every_top_level_module_is_placed(&known);
    // Edges between two files of one folder, keyed by the folder: (from, to) → where first seen.
    let mut sibling_edges: BTreeMap<Vec<String>, BTreeMap<(String, String), String>> =
        BTreeMap::new();
    for file in &files {
        let module = module_path(&source_root, file);
        if module == ["main"] {
            continue; // the program's crate root: its `mod` lines and one call, into `cli`
        }
        let text = fs::read_to_string(file).expect("a source file is readable");
        let shown = file.strip_prefix(source_root.parent().unwrap()).unwrap();
        for reference in references(&text) {
            let Some(target) = resolve(&module, &reference, &known) else {
                continue;
            };
            let shared = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if shared == module.len() || shared == target.len() {
                continue; // a module and its own parent or child: not a layer question
            }
            let (from, to) = (&module[shared], &target[shared]);
            let place = format!("{}:{}", shown.display(), reference.line);
            if let Some(why) = not_among_its_readers(&module, &target, reference.in_test_module) {
                failures.push(format!("{place}: {why}"));
            }
            if shared == 0 {
                if let Some(why) = breaks_the_order(from, to) {
                    failures.push(format!("{place}: `{from}` refers to `{to}`, {why}"));
                }
            } else if !reference.in_test_module {
                sibling_edges
                    .entry(module[..shared].to_vec())
                    .or_default()
                    .entry((from.clone(), to.clone()))
                    .or_insert(place);
            }
        }
    }
    for (folder, edges) in &sibling_edges {
        for circle in circles(edges) {
            let steps: Vec<String> = circle
                .windows(2)
                .map(|pair| {
                    let edge = (pair[0].clone(), pair[1].clone());
                    format!("{} → {} ({})", pair[0], pair[1], edges[&edge])
                })
                .collect();
            failures.push(format!(
                "src/{}/: a circle between its files: {}",
                folder.join("/"),
                steps.join(", ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "the layer rule is broken (the order is LAYERS in tests/layers.rs):\n{}",
        failures.join("\n")
    );
}

/// Why `module` may not refer to `target`, if [`ONLY_READ_BY`] keeps `target` from it.
fn not_among_its_readers(module: &[String], target: &[String], in_test: bool) -> Option<String> {
    let (kept, readers) = ONLY_READ_BY
        .iter()
        .find(|(kept, _)| target.first().is_some_and(|top| top == kept))?;
    let from = module.join("::");
    let reads = |reader: &&str| from == *reader || from.starts_with(&format!("{reader}::"));
    // A file of tests (`pipeline/tests.rs`) is test code as a `mod tests` block is.
    let test_code = in_test || module.iter().any(|name| name == "tests");
    if test_code || module.first().is_some_and(|top| top == kept) || readers.iter().any(reads) {
        return None;
    }
    Some(format!(
        "`{from}` refers to `{}`, which only {} may (ONLY_READ_BY)",
        target.join("::"),
        readers.join(" and ")
    ))
}

/// Every `.rs` file under `dir`, in a stable order so that failures read the same on every run.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .map(|entry| entry.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            found.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
    found
}

/// The module a file holds, as its path from the crate root: `src/standard/read.rs` →
/// `[standard, read]`, `src/fast/mod.rs` → `[fast]`, `src/lib.rs` → `[]` (the root),
/// `src/main.rs` → `[main]`.
fn module_path(source_root: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(source_root).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") || parts == ["lib"] {
        parts.pop();
    }
    parts
}

/// The failures that no reference shows: a top-level module missing from [`LAYERS`] (so never
/// checked) or listed there without existing (so the documents would quote a fiction).
fn check_every_top_level_module_is_placed(known: &BTreeSet<Vec<String>>) -> Vec<String> {
    let real: BTreeSet<&str> = known
        .iter()
        .map(|module| module.first().map_or("lib", String::as_str))
        .collect();
    let listed: BTreeSet<&str> = LAYERS
        .iter()
        .flat_map(|layer| layer.iter().copied())
        .collect();
    let mut failures = Vec::new();
    for missing in real.difference(&listed) {
        failures.push(format!("`{missing}` is in src/ but in no layer of LAYERS"));
    }
    for extra in listed.difference(&real) {
        failures.push(format!("`{extra}` is in LAYERS but not in src/"));
    }
    failures
}

/// Why a reference from top-level module `from` to `to` breaks the order, or `None` when it keeps it.
fn breaks_the_order(from: &str, to: &str) -> Option<String> {
    let layer_of = |name: &str| LAYERS.iter().position(|layer| layer.contains(&name));
    let (Some(from_layer), Some(to_layer)) = (layer_of(from), layer_of(to)) else {
        return None; // reported once by check_every_top_level_module_is_placed
    };
    if to_layer > from_layer {
        Some(format!(
            "a layer above it ({} is in layer {}, {} in layer {})",
            to,
            to_layer + 1,
            from,
            from_layer + 1
        ))
    } else if to_layer == from_layer && !SAME_LAYER_ALLOWED.contains(&(from, to)) {
        Some("in its own layer, and SAME_LAYER_ALLOWED does not list it".to_string())
    } else {
        None
    }
}

/// A path written in the code, from its first segment (`crate`, `super` or `self`), with the
/// inline modules (`mod tests { … }`) it was written inside and the line it starts on.
#[derive(Debug, PartialEq)]
struct Reference {
    inline_modules: Vec<String>,
    /// Whether it is inside a `#[cfg(test)]` inline module: test code, not built into the crate.
    in_test_module: bool,
    segments: Vec<String>,
    line: usize,
}

/// Where `reference`, written in the file of `module`, points: the longest module in `known`
/// that its path starts with (`crate::board::Board` → `[board]`), or `None` for a path that
/// names no module of the crate.
fn resolve(
    module: &[String],
    reference: &Reference,
    known: &BTreeSet<Vec<String>>,
) -> Option<Vec<String>> {
    let mut here: Vec<String> = module.to_vec();
    here.extend(reference.inline_modules.iter().cloned());
    let mut segments = reference.segments.iter().map(String::as_str).peekable();
    let mut target = match segments.next()? {
        "crate" => Vec::new(),
        "self" => here,
        "super" => {
            here.pop()?;
            here
        }
        _ => return None,
    };
    while segments.next_if_eq(&"super").is_some() {
        target.pop()?;
    }
    target.extend(segments.map(String::from));
    (0..=target.len())
        .rev()
        .map(|length| target[..length].to_vec())
        .find(|prefix| known.contains(prefix))
}

/// Every path starting with `crate::`, `super::` or `self::` in `text`, outside comments and
/// string literals, with each item of a `use …::{a, b::c}` group as a path of its own.
fn references(text: &str) -> Vec<Reference> {
    let code = blank_comments_and_strings(text);
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    // Each inline module around the current byte: its name, the brace depth inside it, and
    // whether it is `#[cfg(test)]`.
    let mut inline_modules: Vec<(String, usize, bool)> = Vec::new();
    let mut depth = 0;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'{' => depth += 1,
            b'}' => {
                if inline_modules
                    .last()
                    .is_some_and(|(_, inside, _)| *inside == depth)
                {
                    inline_modules.pop();
                }
                depth -= 1;
            }
            byte if is_identifier_start(byte) && (at == 0 || !is_identifier(bytes[at - 1])) => {
                let word = identifier_at(bytes, at);
                let after = at + word.len();
                if word == "mod" {
                    let name_at = skip_spaces(bytes, after);
                    let name = identifier_at(bytes, name_at);
                    let open = skip_spaces(bytes, name_at + name.len());
                    if !name.is_empty() && bytes.get(open) == Some(&b'{') {
                        // The attributes and visibility since the previous item or brace.
                        let item_start = bytes[..at]
                            .iter()
                            .rposition(|b| b";{}".contains(b))
                            .map_or(0, |end| end + 1);
                        let is_test = code[item_start..at].contains("cfg(test)");
                        inline_modules.push((name.to_string(), depth + 1, is_test));
                    }
                } else if matches!(word, "crate" | "super" | "self")
                    && !preceded_by_path_separator(bytes, at)
                    && bytes[skip_spaces(bytes, after)..].starts_with(b"::")
                {
                    let names: Vec<String> = inline_modules
                        .iter()
                        .map(|(name, _, _)| name.clone())
                        .collect();
                    let in_test_module = inline_modules.iter().any(|(_, _, is_test)| *is_test);
                    let mut paths = Vec::new();
                    let end = read_path(bytes, at, Vec::new(), &mut paths);
                    for (segments, start) in paths {
                        let line = 1 + bytes[..start].iter().filter(|&&b| b == b'\n').count();
                        found.push(Reference {
                            inline_modules: names.clone(),
                            in_test_module,
                            segments,
                            line,
                        });
                    }
                    at = end;
                    continue;
                }
                at = after;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    found
}

/// Reads the path starting at `at` after the segments in `prefix`, pushing each complete path
/// (with where it starts) to `paths`, and returns where it ends. A `{…}` group is read item by
/// item; `self` in a group is the group's own prefix, `*` ends a path.
fn read_path(
    bytes: &[u8],
    mut at: usize,
    mut prefix: Vec<String>,
    paths: &mut Vec<(Vec<String>, usize)>,
) -> usize {
    let start = at;
    loop {
        at = skip_spaces(bytes, at);
        if bytes.get(at) == Some(&b'{') {
            at += 1;
            loop {
                at = skip_spaces(bytes, at);
                match bytes.get(at) {
                    Some(b'}') => return at + 1,
                    Some(b',') => at += 1,
                    Some(_) => {
                        let before = at;
                        at = read_path(bytes, at, prefix.clone(), paths);
                        if at == before {
                            at += 1; // something no path starts with: step over it
                        }
                    }
                    None => return at,
                }
            }
        }
        let word = identifier_at(bytes, at);
        if word.is_empty() {
            break;
        }
        at += word.len();
        if word != "self" || prefix.is_empty() {
            prefix.push(word.to_string());
        }
        let separator = skip_spaces(bytes, at);
        if !bytes[separator..].starts_with(b"::") {
            break;
        }
        at = separator + 2;
    }
    if !prefix.is_empty() {
        paths.push((prefix, start));
    }
    at
}

/// `text` with every comment and string or character literal replaced by spaces, newlines kept,
/// so that byte offsets and line numbers still match the file.
fn blank_comments_and_strings(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let blank = |from: usize, to: usize, out: &mut Vec<u8>| {
        for byte in &mut out[from..to] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    };
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let end = if rest.starts_with(b"//") {
            at + rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            at + 2 + find(&rest[2..], b"*/").map_or(rest.len() - 2, |end| end + 2)
        } else if let Some(hashes) = raw_string_hashes(bytes, at) {
            let open = at + rest.iter().position(|&b| b == b'"').unwrap() + 1;
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            open + find(&bytes[open..], &close).map_or(bytes.len() - open, |end| end + close.len())
        } else if rest[0] == b'"' {
            let mut end = at + 1;
            while end < bytes.len() && bytes[end] != b'"' {
                end += if bytes[end] == b'\\' { 2 } else { 1 };
            }
            end + 1
        } else if rest[0] == b'\'' {
            // A character literal ('a', '\n', '\u{1F}') or a lifetime ('a), which is code.
            let character = text[at + 1..].chars().next().map_or(0, char::len_utf8);
            if rest.get(1) == Some(&b'\\') {
                // Past the escaped character, which may itself be a quote ('\'').
                at + 3
                    + rest[3..]
                        .iter()
                        .position(|&b| b == b'\'')
                        .map_or(0, |end| end + 1)
            } else if rest.get(1 + character) == Some(&b'\'') {
                at + 2 + character
            } else {
                at + 1
            }
        } else {
            at += 1;
            continue;
        };
        let end = end.min(bytes.len());
        blank(at, end, &mut out);
        at = end;
    }
    String::from_utf8(out).expect("blanking keeps UTF-8: whole characters become spaces")
}

/// The number of `#` of a raw string literal (`r"…"`, `br#"…"#`) starting at `at`, if one does.
fn raw_string_hashes(bytes: &[u8], at: usize) -> Option<usize> {
    if at > 0 && is_identifier(bytes[at - 1]) {
        return None;
    }
    let after_prefix = match bytes[at..] {
        [b'r', ..] => at + 1,
        [b'b', b'r', ..] => at + 2,
        _ => return None,
    };
    let hashes = bytes[after_prefix..]
        .iter()
        .take_while(|&&b| b == b'#')
        .count();
    (bytes.get(after_prefix + hashes) == Some(&b'"')).then_some(hashes)
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

fn is_identifier_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_'
}

fn is_identifier(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

fn identifier_at(bytes: &[u8], at: usize) -> &str {
    let length = bytes[at.min(bytes.len())..]
        .iter()
        .take_while(|&&b| is_identifier(b))
        .count();
    std::str::from_utf8(&bytes[at..at + length]).unwrap()
}

fn skip_spaces(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
        at += 1;
    }
    at
}

/// Whether the word at `at` continues a path (`super::super`, `x::self`) rather than starting one.
fn preceded_by_path_separator(bytes: &[u8], at: usize) -> bool {
    let mut before = at;
    while before > 0 && bytes[before - 1].is_ascii_whitespace() {
        before -= 1;
    }
    before >= 2 && &bytes[before - 2..before] == b"::"
}

/// The circles of a directed graph given by its edges, each as its nodes with the first repeated
/// at the end (`[read, simd, read]`), each circle once, starting from its smallest node.
fn circles(edges: &BTreeMap<(String, String), String>) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
    }
    let mut found = Vec::new();
    // Small graphs (a folder's files): a depth-first walk from each node, keeping only the
    // circles whose smallest node is where the walk started, finds each circle exactly once.
    for &start in next.keys() {
        let mut path = vec![start];
        walk(start, &next, &mut path, &mut found);
    }
    found
}

fn walk<'a>(
    start: &'a str,
    next: &BTreeMap<&'a str, Vec<&'a str>>,
    path: &mut Vec<&'a str>,
    found: &mut Vec<Vec<String>>,
) {
    let last = *path.last().unwrap();
    for &to in next.get(last).into_iter().flatten() {
        if to == start {
            let mut circle: Vec<String> = path.iter().map(|name| name.to_string()).collect();
            circle.push(start.to_string());
            found.push(circle);
        } else if to > start && !path.contains(&to) {
            path.push(to);
            walk(start, next, path, found);
            path.pop();
        }
    }
}

#[test]
fn paths_are_read_from_code_only_and_groups_item_by_item() {
    let text = r#"
//! See [`crate::fast`], not an import.
use crate::board::{self, Board, standard::{DISTANCES, Square}};
const WORDS: &str = "crate::cli is a string";
fn f<'a>(c: char) -> bool { c == '"' && super::super::simd::classify() }
#[cfg(test)]
mod tests {
    use super::*;
}
"#;
    let found: Vec<(Vec<String>, bool, String, usize)> = references(text)
        .into_iter()
        .map(|reference| {
            let path = reference.segments.join("::");
            let inside = reference.inline_modules;
            (inside, reference.in_test_module, path, reference.line)
        })
        .collect();
    let row = |inside: &[&str], in_test: bool, path: &str, line: usize| {
        let inside = inside.iter().map(|name| name.to_string()).collect();
        (inside, in_test, path.to_string(), line)
    };
    assert_eq!(
        found,
        [
            row(&[], false, "crate::board", 3),
            row(&[], false, "crate::board::Board", 3),
            row(&[], false, "crate::board::standard::DISTANCES", 3),
            row(&[], false, "crate::board::standard::Square", 3),
            row(&[], false, "super::super::simd::classify", 5),
            row(&["tests"], true, "super", 8),
        ]
    );
}

#[test]
fn a_reference_points_at_the_longest_module_it_names() {
    let known: BTreeSet<Vec<String>> = [
        vec![],
        vec!["fast"],
        vec!["fast", "read"],
        vec!["fast", "simd"],
    ]
    .into_iter()
    .map(|path| path.into_iter().map(String::from).collect())
    .collect();
    let read: Vec<String> = vec!["fast".into(), "read".into()];
    let reference = |inline: &[&str], segments: &[&str]| Reference {
        inline_modules: inline.iter().map(|name| name.to_string()).collect(),
        in_test_module: false,
        segments: segments.iter().map(|name| name.to_string()).collect(),
        line: 1,
    };
    let resolved = |inline: &[&str], segments: &[&str]| {
        resolve(&read, &reference(inline, segments), &known).map(|path| path.join("::"))
    };
    assert_eq!(
        resolved(&[], &["super", "simd", "classify"]).as_deref(),
        Some("fast::simd")
    );
    assert_eq!(
        resolved(&[], &["crate", "fast", "simd"]).as_deref(),
        Some("fast::simd")
    );
    assert_eq!(
        resolved(&["tests"], &["super", "Thing"]).as_deref(),
        Some("fast::read")
    );
    assert_eq!(
        resolved(&[], &["self", "Thing"]).as_deref(),
        Some("fast::read")
    );
    assert_eq!(resolved(&[], &["crate", "Board"]).as_deref(), Some(""));
}
