#!/usr/bin/env bash
# Instructions a line for each workload of scripts/bench.sh, counted by valgrind's cachegrind:
# unlike seconds, the same on every run of the same build whatever else the machine is doing,
# so it shows changes of a few percent that wall time on these shared machines cannot.
#   scripts/count-instructions.sh                      this build
#   BASELINE=old-binary scripts/count-instructions.sh  the same, with another build beside it
# Each figure is also given as a ratio to the reference's (benches/reference.c on the judge file)
# and, with BASELINE, to the other build's on the same workload.
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
workloads=(judge messy path big nakanj)
# Instructions a line of one workload of the program `bin`.
count() {
  local bin=$1 workload=$2
  case $workload in
    judge) per_line "$lines" "$bin" "$judge" ;;
    messy) per_line "$lines" "$bin" "$messy" ;;
    path) per_line "$lines" "$bin" --path "$judge" ;;
    big) per_line "$big_lines" "$bin" --board 1000000 "$big" ;;
    nakanj) per_line "$lines" "$bin" --problem nakanj "$nakanj" ;;
  esac
}
# The reference reads standard input only: it is counted reading the judge file from there.
reference=$(per_line "$lines" "$work/reference" < "$judge")
declare -A baseline_counts
if [[ -n ${BASELINE:-} ]]; then
  for workload in "${workloads[@]}"; do
    baseline_counts[$workload]=$(count "$BASELINE" "$workload")
  done
fi
# Each figure beside the reference's (judge lines, checking nothing) and the baseline's for the
# same workload: below 1 is fewer instructions than theirs.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }
row() { printf '%-13s %-8s %19s %12s %11s\n' "$@"; }
row program workload instructions_a_line to_reference to_baseline
row reference judge "$reference" 1.00 -
for name in knight-moves ${BASELINE:+baseline}; do
  for workload in "${workloads[@]}"; do
    if [[ $name == baseline ]]; then
      figure=${baseline_counts[$workload]} to_baseline=1.00
    else
      figure=$(count target/release/knight-moves "$workload")
      to_baseline=-
      [[ -n ${BASELINE:-} ]] && to_baseline=$(ratio "$figure" "${baseline_counts[$workload]}")
    fi
    row "$name" "$workload" "$figure" "$(ratio "$figure" "$reference")" "$to_baseline"
  done
done
