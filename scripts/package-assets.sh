#!/usr/bin/env bash
# Writes what a package installs beside the binary, made by that binary from its own clap
# definition (--generate), so the man page and completions cannot drift from its options:
#   scripts/package-assets.sh [BINARY] [DIR]
# BINARY defaults to target/release/knight-moves (under CARGO_TARGET_DIR if set), DIR to
# target/assets. Writes knight-moves.1.gz
# (gzip -n: no name or time stamp, so the same binary gives the same bytes), knight-moves.bash,
# _knight-moves (zsh) and knight-moves.fish.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-${CARGO_TARGET_DIR:-target}/release/knight-moves}
dir=${2:-target/assets}
[[ -x $bin ]] || { echo "no executable at $bin (build with: cargo build --release)" >&2; exit 2; }
mkdir -p "$dir"
"$bin" --generate man | gzip -9n > "$dir/knight-moves.1.gz"
"$bin" --generate complete-bash > "$dir/knight-moves.bash"
"$bin" --generate complete-zsh > "$dir/_knight-moves"
"$bin" --generate complete-fish > "$dir/knight-moves.fish"
echo "wrote the man page and completions to $dir"
