#!/usr/bin/env bash
# Throughput on a 1,000,000 × 1,000,000 board, beside the 8×8 messy figure, from the project root:
#   scripts/bench-big-board.sh [BINARY] [QUERIES]
# Generates QUERIES random pairs of squares on the big board (files aa… to bdwgn, ranks up to
# 1000000, deterministic), times the default engine (the formula) on them, and times the 8×8
# messy file that ../shared/bench/throughput.sh made, both to /dev/null, median of RUNS runs.
# Prints the time a line of each and their ratio (target: big board within 3× of 8×8 messy), and
# the same ratio a byte of input each.
set -euo pipefail
bin=${1:-target/release/knight-moves}
queries=${2:-1000000}
runs=${RUNS:-5}
work=${BENCH_DIR:-/tmp/knight-moves-bench}
messy=$work/messy-10000000.txt
big=$work/big-board-$queries.txt
[[ -x $bin ]] || { echo "no executable at $bin (build with: cargo build --release)" >&2; exit 2; }
[[ -s $messy ]] || { echo "no $messy: run ../shared/bench/throughput.sh first" >&2; exit 2; }
if [[ ! -s $big ]]; then
  awk -v n="$queries" 'function name(file,   s) { s = ""; file++;
      while (file > 0) { file--; s = sprintf("%c", 97 + file % 26) s; file = int(file / 26) } return s }
    BEGIN { srand(2243); side = 1000000
      for (i = 0; i < n; i++) printf "%s%d %s%d\n", name(int(rand() * side)), 1 + int(rand() * side),
        name(int(rand() * side)), 1 + int(rand() * side) }' > "$big"
fi
wall() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
b=() m=()
for ((i = 0; i < runs; i++)); do
  b+=("$(wall "$bin" --board 1000000 "$big")")
  m+=("$(wall "$bin" "$messy")")
done
big_t=$(printf '%s\n' "${b[@]}" | median); messy_t=$(printf '%s\n' "${m[@]}" | median)
messy_lines=$(wc -l < "$messy")
big_ns=$(echo "$big_t * 1000000000 / $queries" | bc -l); messy_ns=$(echo "$messy_t * 1000000000 / $messy_lines" | bc -l)
printf 'big board  1000000x1000000 queries=%s time=%.3fs ns_per_line=%.1f\n' "$queries" "$big_t" "$big_ns"
printf '8x8 messy  lines=%s time=%.3fs ns_per_line=%.1f\n' "$messy_lines" "$messy_t" "$messy_ns"
printf 'ratio (big board / 8x8 messy, a line each) = %.2f\n' "$(echo "$big_ns / $messy_ns" | bc -l)"
# Big-board lines are longer: the same comparison a byte of input each.
big_bytes=$(wc -c < "$big"); messy_bytes=$(wc -c < "$messy")
printf 'ratio (big board / 8x8 messy, a byte each) = %.2f\n' \
  "$(echo "($big_t / $big_bytes) / ($messy_t / $messy_bytes)" | bc -l)"
