//! The Debian package, built and checked as installed by `scripts/test-deb.sh`: its contents,
//! then the installed binary on the sample, its man page through `man -l`, and its bash
//! completion. Making the package needs cargo-deb and dpkg-deb, which `cargo test` itself does
//! not: the test is ignored, and `.ci/run` runs it where both are installed (run by hand, it
//! fails where either is missing, rather than pass having checked nothing).

use std::process::Command;

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
