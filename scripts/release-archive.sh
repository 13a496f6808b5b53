#!/usr/bin/env bash
# Builds the release binary for this machine and packs it for a release, with its man page,
# completions, README, guide and licences: a .tar.gz (a .zip on Windows) and its SHA-256 checksum, in
# target/release-archive/. The release workflow runs this on each platform; so can anyone:
#   scripts/release-archive.sh PLATFORM      # e.g. x86_64-linux, aarch64-macos, x86_64-windows
set -euo pipefail
cd "$(dirname "$0")/.."
platform=${1:?usage: scripts/release-archive.sh PLATFORM (e.g. x86_64-linux)}
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)

cargo build --release --locked
binary=${CARGO_TARGET_DIR:-target}/release/knight-moves
[[ -f $binary.exe ]] && binary=$binary.exe
scripts/package-assets.sh "$binary" target/assets

name=knight-moves-$version-$platform
out=target/release-archive
rm -rf "${out:?}/$name"
mkdir -p "$out/$name/complete" "$out/$name/doc" "$out/$name/docs"
cp "$binary" README.md LICENSE-MIT LICENSE-APACHE "$out/$name/"
# The guide below the README as in the repository, so that the README's links to it work.
cp docs/GUIDE.md "$out/$name/docs/"
cp target/assets/*.1.gz "$out/$name/doc/"
cp target/assets/knight-moves.bash target/assets/_knight-moves target/assets/knight-moves.fish "$out/$name/complete/"

cd "$out"
if [[ $binary == *.exe ]]; then
  archive=$name.zip
  rm -f "$archive"
  7z a -bd "$archive" "$name" > /dev/null # on GitHub's Windows runners; zip is not there
else
  archive=$name.tar.gz
  tar -czf "$archive" "$name"
fi
# sha256sum on Linux and in Git Bash; shasum on macOS. Both write "HASH  NAME".
if command -v sha256sum > /dev/null; then sha256sum "$archive"; else shasum -a 256 "$archive"; fi > "$archive.sha256"
echo "$out/$archive"
