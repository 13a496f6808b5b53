//! The packages: the crate as crates.io would receive it, held to the files and the size that
//! docs/RELEASING.md ("The crate") gives; and the Debian package, built and
//! checked as installed by `scripts/test-deb.sh`: its contents, then the installed binary on the
//! sample, its man page through `man -l`, and its bash completion. Making the Debian package
//! needs cargo-deb and dpkg-deb, which `cargo test` itself does not: that test is ignored, and
//! `.ci/run` runs it where both are installed (run by hand, it fails where either is missing,
//! rather than pass having checked nothing).

use std::path::Path;
use std::process::Command;

/// The most the compressed crate may weigh, in KiB, as docs/RELEASING.md states (a test holds
/// the two together). A guard against the tests (mostly the golden corpus) slipping in, with
/// room for the sources and documents to grow: the crate weighed 400 KiB when it was set.
const MOST_CRATE_KIB: u64 = 512;

/// `cargo package` with `arguments`, in the project's root, with its own target folder
/// `target` (the test's own build holds the project's); returns stdout.
fn cargo_package(arguments: &[&str], target: &Path) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args(["package", "--locked", "--allow-dirty"])
        .args(arguments)
        .env("CARGO_TARGET_DIR", target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo package {arguments:?} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("file names in UTF-8")
}

/// The patterns of docs/RELEASING.md's list of the crate's files: each `code span` on the
/// lines between its markers.
fn listed_patterns() -> Vec<String> {
    let releasing = include_str!("../docs/RELEASING.md");
    let (_, rest) = releasing
        .split_once("<!-- package files: begin -->")
        .expect("the list's start");
    let (list, _) = rest
        .split_once("<!-- package files: end -->")
        .expect("the list's end");
    list.lines()
        .filter(|line| line.trim_start().starts_with("- "))
        .flat_map(|line| {
            let before_colon = line.split(": ").next().unwrap_or(line);
            before_colon
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Whether `file` matches `pattern`: the same path, or, for `DIR/**/*.EXT`, any file under DIR
/// whose name ends in .EXT.
fn matches(pattern: &str, file: &str) -> bool {
    match pattern.split_once("/**/*") {
        Some((folder, extension)) => {
            file.starts_with(&format!("{folder}/")) && file.ends_with(extension)
        }
        None => pattern == file,
    }
}

#[test]
fn the_crate_holds_the_files_listed_and_no_more_weight_than_stated() {
    let target = tempfile::tempdir().unwrap();
    let patterns = listed_patterns();
    assert!(patterns.len() >= 8, "the list was not read: {patterns:?}");
    // Windows' cargo lists its paths with backslashes.
    let listed = cargo_package(&["--list"], target.path()).replace('\\', "/");
    let files: Vec<&str> = listed.lines().collect();
    let unintended: Vec<&&str> = files
        .iter()
        .filter(|file| !patterns.iter().any(|pattern| matches(pattern, file)))
        .collect();
    assert!(
        unintended.is_empty(),
        "in the crate, but in no pattern: {unintended:?}"
    );
    let unmatched: Vec<&String> = patterns
        .iter()
        .filter(|pattern| !files.iter().any(|file| matches(pattern, file)))
        .collect();
    assert!(
        unmatched.is_empty(),
        "patterns that match no file: {unmatched:?}"
    );
    assert!(files.contains(&"src/lib.rs") && !files.iter().any(|f| f.starts_with("tests/")));

    cargo_package(&["--no-verify"], target.path());
    let version = env!("CARGO_PKG_VERSION");
    let crate_file = target
        .path()
        .join("package")
        .join(format!("knight-moves-{version}.crate"));
    let bytes = std::fs::metadata(&crate_file).expect("the .crate").len();
    assert!(
        bytes <= MOST_CRATE_KIB * 1024,
        "the crate weighs {bytes} bytes, more than the {MOST_CRATE_KIB} KiB docs/RELEASING.md allows"
    );
}

#[test]
fn releasing_states_the_crate_size_the_test_allows() {
    // The words, wherever the document's lines break them.
    let releasing: Vec<&str> = include_str!("../docs/RELEASING.md")
        .split_whitespace()
        .collect();
    let stated = format!("fails if it passes {MOST_CRATE_KIB} KiB,");
    assert!(
        releasing.join(" ").contains(&stated),
        "docs/RELEASING.md does not say {stated:?}"
    );
}

/// Whether `program` runs here (`--version` is enough to tell).
fn available(program: &str, argument: &str) -> bool {
    Command::new(program)
        .arg(argument)
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Whether `cargo deb` is installed: `cargo deb --version` only asks, where `cargo deb` alone
/// would build a package.
fn available_cargo_deb() -> bool {
    Command::new("cargo")
        .args(["deb", "--version"])
        .output()
        .is_ok_and(|output| output.status.success())
}

#[test]
#[ignore = "needs cargo-deb and dpkg-deb (Linux): .ci/run runs it where both are installed"]
fn the_debian_package_installs_the_binary_its_man_page_and_completions() {
    assert!(
        cfg!(target_os = "linux") && available("dpkg-deb", "--version"),
        "dpkg-deb is not installed, so no Debian package can be checked here"
    );
    assert!(
        available_cargo_deb(),
        "cargo-deb is not installed (cargo install cargo-deb --locked), so the package cannot \
         be made here"
    );
    let output = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/test-deb.sh"))
        .output()
        .expect("bash runs");
    assert!(
        output.status.success(),
        "scripts/test-deb.sh failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The statically linked build that judges' sandboxes need (`scripts/static-build.sh`, which
/// the release workflow runs): ldd finds no dynamic library in it, and it judges the sample as
/// a Kattis output validator. A release build of its own, so ignored, and left to the release
/// workflow (which runs the script) and to anyone by hand: CI's two cores would spend a minute
/// and a half on it.
#[test]
#[cfg(target_os = "linux")] // the script builds for x86_64 Linux with glibc, as CI's machines are
#[ignore = "a release build of its own, a minute or more: the release workflow runs its script"]
fn the_static_build_links_no_dynamic_library_and_judges_the_sample() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let built = Command::new(root.join("scripts/static-build.sh"))
        .env("CARGO_TARGET_DIR", root.join("target/static"))
        .current_dir(root)
        .output()
        .expect("bash runs the script");
    assert!(
        built.status.success(),
        "scripts/static-build.sh failed:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let stdout = String::from_utf8(built.stdout).unwrap();
    let binary = stdout.lines().last().expect("the binary's path");
    let ldd = Command::new("ldd").arg(binary).output().expect("ldd runs");
    let libraries = String::from_utf8_lossy(&ldd.stdout).into_owned();
    assert!(!libraries.contains("=>"), "{libraries}");
    let feedback = tempfile::tempdir().unwrap();
    let sample = root.join("tests/data/sample.out");
    let judged = Command::new(binary)
        .args([
            "checker",
            "kattis",
            "tests/data/sample.in",
            "tests/data/sample.out",
        ])
        .arg(feedback.path())
        .stdin(std::fs::File::open(sample).unwrap())
        .current_dir(root)
        .status()
        .unwrap();
    assert_eq!(judged.code(), Some(42));
}
