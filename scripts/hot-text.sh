#!/usr/bin/env bash
# Writes src/hot-text.ld, the list of the functions the filter runs, which build.rs gives the
# linker so that it puts them side by side at the start of the program's code (see build.rs).
#   scripts/hot-text.sh         after a change that moves, renames or adds code the filter runs
# It runs a release build under valgrind's callgrind on the filter's usual jobs (a judge file
# named and on standard input, a messy one, --path, --problem nakanj), takes every function of
# the program that ran, and writes each as a pattern without the hash Rust puts in its symbol
# names (which changes with the compiler and the crate's metadata), so that the list holds
# across builds: a generic function stands for all its instances, and a function the linker
# finds no longer only costs memory, never correctness. Those are `.text.hot`; the functions
# that scripts/bench.sh's big-board, UTF-16, cses-grid and check jobs run and those do not are
# `.text.warm`, after them. Each function of both starts on a 64-byte boundary, so that where
# its loops lie against the processor's fetch blocks is the compiler's doing alone, not moved
# by every change elsewhere in the program (docs/PERFORMANCE.md, "Memory of a run", says what
# that cost). Needs valgrind, cargo, iconv and a C compiler.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }
work=${WORK:-target/bench}
# The profile is of the program linked plainly, in a target folder of its own: valgrind names the
# functions of a build linked with the list but gives them no object (`ob=???`), and the list
# should not depend on itself.
KNIGHT_MOVES_PLAIN_LINK=1 CARGO_TARGET_DIR=target/hot-text cargo build --release --quiet
bin=target/hot-text/release/knight-moves
# shellcheck source=scripts/inputs.sh
source scripts/inputs.sh
bench_inputs "$work" 2000 2000

profiles=$(mktemp -d)
trap 'rm -rf "$profiles"' EXIT
answers=$profiles/judge.out
"$bin" "$judge" > "$answers"
run=0
# One profiled run of the program, of the `hot` or `warm` jobs, with the other arguments (and
# standard input, if redirected).
profile() {
  local kind=$1
  shift
  run=$((run + 1))
  valgrind --tool=callgrind --demangle=no --compress-strings=no \
    --callgrind-out-file="$profiles/$kind-$run.out" "$bin" "$@" > /dev/null 2>&1
}
profile hot "$judge"
profile hot < "$judge"
profile hot "$messy"
profile hot < "$messy"
profile hot --path "$judge"
profile hot --problem nakanj "$nakanj"
profile warm --board 1000000 "$big"
profile warm "$utf16"
profile warm --problem cses-grid <<< 300
profile warm check "$answers" "$judge"

# Each function that ran in the program itself (not in libc: Rust's, and the C `main` that
# starts them) in the profiles given, its hash taken out: a legacy symbol's `17h` and sixteen
# hex digits before its final `E`, a v0 symbol's crate disambiguators (`Cs` ... `_`), and the
# number LLVM puts after a local copy's name (`.4207`), which changes whenever the code does.
# callgrind marks a recursive call's copy with a quote.
functions_in() {
  awk '/^ob=/ { mine = ($0 ~ /\/knight-moves$/) }
       mine && /^fn=/ { name = substr($0, 4); sub(/'"'"'.*/, "", name); print name }' "$@" |
    { grep -E '^(_(ZN|R)|main$)' || true; } |
    sed -E 's/17h[0-9a-f]{16}E$/17h*/; /^_R/ s/Cs[0-9A-Za-z]+_/Cs*_/g; s/\.[0-9]+$/.*/' |
    LC_ALL=C sort -u
}
hot=$(functions_in "$profiles"/hot-*.out)
warm=$(LC_ALL=C comm -13 <(echo "$hot") <(functions_in "$profiles"/warm-*.out))
count=$(grep -c . <<< "$hot" || true) warm_count=$(grep -c . <<< "$warm" || true)
# The filter runs a few hundred functions: far fewer means a profile went wrong.
((count >= 100 && warm_count >= 20)) || {
  echo "only $count and $warm_count functions ran: the profiles in $profiles are kept" >&2
  trap - EXIT
  exit 1
}

# One output section of the patterns on standard input, each function 64-byte aligned.
section() {
  echo "  $1 : SUBALIGN(64) {"
  while read -r pattern; do
    echo "    *(.text.$pattern .text.unlikely.$pattern)"
  done
  echo "  }"
}
# Written aside and moved into place, so that a failure leaves the list as it was.
list=$profiles/hot-text.ld
{
  cat << 'EOF'
/* The functions the filter runs (.text.hot), then those the benchmark's other jobs run
 * (.text.warm), put first in the program's code by build.rs, each on a 64-byte boundary.
 * Written by scripts/hot-text.sh: run it again, do not edit by hand. Each function appears
 * under both names LLVM may give its section (a cold one is under .text.unlikely.). */
SECTIONS {
EOF
  section .text.hot <<< "$hot"
  section .text.warm <<< "$warm"
  cat << 'EOF'
}
INSERT BEFORE .text;
EOF
} > "$list"
mv "$list" src/hot-text.ld
echo "src/hot-text.ld: $count functions the filter runs, $warm_count more the other jobs run"
