#!/usr/bin/env bash
# The other pieces' benchmark: every figure of docs/PERFORMANCE.md's "Far pairs of other pieces"
# table comes from this script, run from the project root of a fresh clone:
#   scripts/bench-leapers.sh                      build, generate, measure (about a minute)
# For each board (10⁹ × 10⁹, 1000 × 10⁹, 245 × 10⁹) a file of 100,000 pairs from
# `generate random --seed 1` (half random squares, half the hard pairs: corners, their
# diagonal neighbours, the middles of the edges), answered for each piece by the default engine,
# output to /dev/null; the median of RUNS (3) wall times, and whether any query gave up (any
# line on stderr). Then the slowest query of each, from --stats. Settings: RUNS, WORK
# (target/bench, where inputs are kept), PAIRS (100000).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
work=${WORK:-target/bench}
pairs=${PAIRS:-100000}
mkdir -p "$work"
cargo build --release --quiet
bin=target/release/knight-moves
boards=(1000000000 1000x1000000000 245x1000000000)
# Quoted: the leapers given as A,B are one word each, not a list shellcheck suspects.
pieces=(knight camel zebra giraffe "7,8" "13,50" "24,49" "37,41" "1,50")
for board in "${boards[@]}"; do
  file=$work/leapers-$board-$pairs.txt
  [[ -s $file ]] || "$bin" generate random --board "$board" --cases "$pairs" --seed 1 > "$file"
done
median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "| piece | 10⁹ × 10⁹ | 1000 × 10⁹ | 245 × 10⁹ |"
echo "| --- | --- | --- | --- |"
for piece in "${pieces[@]}"; do
  row="| $piece |"
  for board in "${boards[@]}"; do
    file=$work/leapers-$board-$pairs.txt
    times=()
    for ((run = 0; run < runs; run++)); do
      t0=$(date +%s.%N)
      "$bin" --board "$board" --piece "$piece" "$file" > /dev/null 2> "$work/leapers.err"
      t1=$(date +%s.%N)
      times+=("$(echo "$t1 - $t0" | bc -l)")
    done
    gave_up=$(wc -l < "$work/leapers.err")
    t=$(printf '%s\n' "${times[@]}" | median)
    note=""
    if [[ $gave_up -gt 0 ]]; then note=" ($gave_up gave up)"; fi
    row+=" $(printf '%.2f' "$t") s$note |"
  done
  echo "$row"
done
echo
for piece in "${pieces[@]}"; do
  for board in "${boards[@]}"; do
    file=$work/leapers-$board-$pairs.txt
    slowest=$("$bin" --board "$board" --piece "$piece" --stats "$file" 2>&1 > /dev/null | grep "slowest query" || true)
    echo "$piece on $board: ${slowest#*: }"
  done
done
