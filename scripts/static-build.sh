#!/usr/bin/env bash
# Builds knight-moves statically linked, for the judges that run a checker in a sandbox with no
# libraries (CMS; a Kattis-format package run by a judge): the C library linked in, so that ldd
# finds no dynamic library. Checks that, runs the binary on the sample, and prints its path.
# The release workflow attaches it; anyone can run it on x86_64 Linux with glibc:
#   scripts/static-build.sh
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-unknown-linux-gnu
RUSTFLAGS='-C target-feature=+crt-static' cargo build --release --locked --target "$target"
binary=${CARGO_TARGET_DIR:-target}/$target/release/knight-moves
if ldd "$binary" 2>&1 | grep -q '=>'; then
  echo "static-build: $binary links dynamic libraries:" >&2
  ldd "$binary" >&2
  exit 1
fi
"$binary" tests/data/sample.in | cmp - tests/data/sample.out
echo "$binary"
