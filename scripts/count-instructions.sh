#!/usr/bin/env bash
# Instructions a line for each workload of scripts/bench.sh, counted by valgrind's cachegrind:
# unlike seconds, the same on every run of the same build whatever else the machine is doing,
# so it shows changes of a few percent that wall time on these shared machines cannot.
#   scripts/count-instructions.sh                      this build
#   BASELINE=old-binary scripts/count-instructions.sh  the same, with another build beside it
# Needs valgrind, cargo and a C compiler. LINES (1000000) and BIG_LINES (200000) set the input
# sizes, generated as scripts/bench.sh generates its own (the same seeds, fewer lines).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "valgrind is not installed" >&2; exit 2; }
lines=${LINES:-1000000}
big_lines=${BIG_LINES:-200000}
work=${WORK:-target/bench}
mkdir -p "$work"
cargo build --release --quiet
cc -O2 -o "$work/generate" benches/generate.c
cc -O2 -o "$work/reference" benches/reference.c
judge=$work/judge-$lines.txt messy=$work/messy-$lines.txt big=$work/big-$big_lines.txt
[[ -s $judge ]] || "$work/generate" judge "$lines" 2243 > "$judge"
[[ -s $messy ]] || "$work/generate" messy "$lines" 2243 > "$messy"
[[ -s $big ]] || "$work/generate" big "$big_lines" 1372 1000000 > "$big"
nakanj=$work/nakanj-$lines.txt
[[ -s $nakanj ]] || { echo "$lines"; cat "$judge"; } > "$nakanj"

# Instructions of one run of "$@", divided by the lines it answers.
per_line() {
  local count=$1; shift
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
    awk -v lines="$count" '/I *refs:/ { gsub(",", "", $NF); printf "%.1f", $NF / lines }'
}
printf '%-13s %-8s %s\n' program workload instructions_a_line
# The reference reads standard input only: it is counted reading the judge file from there.
printf '%-13s %-8s %s\n' reference judge "$(per_line "$lines" "$work/reference" < "$judge")"
for name in knight-moves ${BASELINE:+baseline}; do
  bin=target/release/knight-moves
  [[ $name == baseline ]] && bin=$BASELINE
  printf '%-13s %-8s %s\n' "$name" judge "$(per_line "$lines" "$bin" "$judge")"
  printf '%-13s %-8s %s\n' "$name" messy "$(per_line "$lines" "$bin" "$messy")"
  printf '%-13s %-8s %s\n' "$name" path "$(per_line "$lines" "$bin" --path "$judge")"
  printf '%-13s %-8s %s\n' "$name" big "$(per_line "$big_lines" "$bin" --board 1000000 "$big")"
  printf '%-13s %-8s %s\n' "$name" nakanj "$(per_line "$lines" "$bin" --problem nakanj "$nakanj")"
done
