#!/usr/bin/env bash
# Builds the Debian package: the release binary, its man page and completions (package-assets.sh),
# then cargo-deb with the layout in Cargo.toml's [package.metadata.deb]:
#   scripts/package-deb.sh          # prints the .deb's path last
#   scripts/package-deb.sh DIR      # also copies it to DIR with its SHA-256 (DIR/NAME.deb.sha256)
# KNIGHT_MOVES_DEB_PROFILE=test packages the binary `cargo test` has built (the test profile,
# in target/debug) rather than building a release: .ci/run checks the packaging that way, in
# seconds; a release's package is always the release profile's.
# Needs cargo-deb (cargo install cargo-deb --locked); nothing else in the project does.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-deb >/dev/null || { echo "cargo-deb is not installed (cargo install cargo-deb --locked)" >&2; exit 2; }
case ${KNIGHT_MOVES_DEB_PROFILE:-release} in
  release) profile=release folder=release deb_profile=release ;;
  # cargo-deb names a profile's folder after it, but the test profile's is target/debug: the
  # dev profile's, which is where cargo-deb looks for it.
  test) profile=test folder=debug deb_profile=dev ;;
  *) echo "KNIGHT_MOVES_DEB_PROFILE is release or test" >&2; exit 2 ;;
esac
cargo build --profile "$profile" --locked
# Where cargo put the binary: CARGO_TARGET_DIR if set (cargo-deb follows it too).
scripts/package-assets.sh "${CARGO_TARGET_DIR:-target}/$folder/knight-moves" target/assets
# --no-build: package the binary just built, the one the assets were made from.
deb=$(cargo deb --no-build --locked --profile "$deb_profile" --output target/debian/ | tail -n 1)
if [[ -n ${1:-} ]]; then
  mkdir -p "$1"
  cp "$deb" "$1/"
  (cd "$1" && sha256sum "$(basename "$deb")" > "$(basename "$deb").sha256")
fi
echo "$deb"
