#!/usr/bin/env bash
# Writes what a package installs beside the binary, made by that binary from its own clap
# definition (`man`, `completions`), so the man pages and completions cannot drift from its
# commands and options:
#   scripts/package-assets.sh [BINARY] [DIR]
# BINARY defaults to target/release/knight-moves (under CARGO_TARGET_DIR if set), DIR to
# target/assets. Writes knight-moves.1.gz and a page for each command and each command's own
# commands, knight-moves-check.1.gz, knight-moves-generate-random.1.gz and so on (gzip -n: no
# name or time stamp, so the same binary gives the same bytes),
# knight-moves.bash, _knight-moves (zsh) and knight-moves.fish.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-${CARGO_TARGET_DIR:-target}/release/knight-moves}
dir=${2:-target/assets}
[[ -x $bin ]] || { echo "no executable at $bin (build with: cargo build --release)" >&2; exit 2; }
mkdir -p "$dir"
"$bin" man | gzip -9n > "$dir/knight-moves.1.gz"
# The commands, as --help lists them.
commands_of() {
  "$bin" "$@" --help | sed -n '/^Commands:/,/^$/p' | awk 'NR > 1 && NF { print $1 }'
}
for command in $(commands_of); do
  "$bin" man "$command" | gzip -9n > "$dir/knight-moves-$command.1.gz"
  for inner in $(commands_of "$command"); do
    "$bin" man "$command" "$inner" | gzip -9n > "$dir/knight-moves-$command-$inner.1.gz"
  done
done
"$bin" completions bash > "$dir/knight-moves.bash"
"$bin" completions zsh > "$dir/_knight-moves"
"$bin" completions fish > "$dir/knight-moves.fish"
echo "wrote the man page and completions to $dir"
