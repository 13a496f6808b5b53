#!/usr/bin/env bash
# What each trick of the accelerator buys: the program built once with every trick and once
# without each (each is a cargo feature, `trick-…`, on by default: Cargo.toml lists them), and
# every workload of scripts/bench.sh run by each build. For each trick and workload it prints the
# instructions a line (valgrind's cachegrind, as scripts/count-instructions.sh counts them: the
# same on every run) and the wall time (the median of RUNS, the builds taking turns), and what
# the trick saves: 1 - with/without. The last column says whether it pays: 10% or more fewer
# instructions on some workload, or 10% less time where even the fastest run without the trick
# took that much longer than the slowest with it (a shared machine's noise cannot pass that
# test, and a median alone can). SSE2 is priced twice: beside AVX2, which does the messy lines'
# classing where the processor has it, and without AVX2, as on a processor without it. Every
# build's output on every workload must be the all-on build's, byte for byte, or the script
# stops. Then the peak memory of each workload, all tricks on. docs/PERFORMANCE.md's tables are
# its output.
#   scripts/tricks.sh                 about forty minutes: a release build with every trick, one
#                                     without each, one without SSE2 and AVX2; then measures
# Needs cargo, valgrind, iconv, bc, GNU time (/usr/bin/time) and a C compiler (cc). LINES
# (1000000, counted) and WALL_LINES (10000000, timed), BIG_LINES (200000), RUNS (5), WORK
# (target/bench), BUILDS (target/tricks).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in cargo valgrind iconv bc /usr/bin/time cc; do
  command -v "$tool" > /dev/null || { echo "$tool is not installed" >&2; exit 2; }
done
lines=${LINES:-1000000}
wall_lines=${WALL_LINES:-10000000}
big_lines=${BIG_LINES:-200000}
runs=${RUNS:-5}
work=${WORK:-target/bench}
builds=${BUILDS:-target/tricks}
mkdir -p "$builds"

# The tricks, as Cargo.toml names them (without `trick-`), read from its `tricks` feature.
mapfile -t tricks < <(sed -n '/^tricks = \[/,/^\]/p' Cargo.toml | grep -o '"trick-[a-z0-9-]*"' | tr -d '"' | sed 's/^trick-//')
[[ ${#tricks[@]} -gt 0 ]] || { echo "no tricks found in Cargo.toml" >&2; exit 1; }

# One build a feature set, into a target folder of their own (so the usual build stays as it
# is), the binary copied out under its name.
build() {
  local name=$1 features=$2
  CARGO_TARGET_DIR=$builds/target cargo build --release --quiet --locked \
    --no-default-features --features "$features"
  cp "$builds/target/release/knight-moves" "$builds/$name"
}
# Every trick but those named.
all_but() {
  local others=cli other
  for other in "${tricks[@]}"; do [[ " $* " == *" $other "* ]] || others+=",trick-$other"; done
  echo "$others"
}
build all cli,tricks
for trick in "${tricks[@]}"; do build "no-$trick" "$(all_but "$trick")"; done
build no-avx2-sse2 "$(all_but avx2 sse2)"

# shellcheck source=scripts/inputs.sh
source scripts/inputs.sh
# The inputs, by size (counted or timed) and name.
declare -A file
for size in counted timed; do
  case $size in counted) count=$lines ;; timed) count=$wall_lines ;; esac
  bench_inputs "$work" "$count" "$big_lines"
  file[$size,judge]=$judge file[$size,messy]=$messy file[$size,nakanj]=$nakanj
  file[$size,utf16]=$utf16 file[$size,big]=$big file[$size,answers]=${judge%.txt}.out
  # Made anew by this build: `check` is timed judging right answers.
  "$builds/all" "$judge" > "${file[$size,answers]}"
done
# CSES's grid: n = 1000 counted (a million numbers), 3000 timed (nine million).
declare -A grid_side=([counted]=1000 [timed]=3000)

workloads=(judge messy path nakanj utf16 check grid big)
# The command line of workload $2 for the program $1 on the inputs named $3 (counted or
# timed), into `command`, and what it reads on standard input, into `stdin`.
command_of() {
  local bin=$1 workload=$2 size=$3
  stdin=/dev/null
  case $workload in
    judge) command=("$bin" "${file[$size,judge]}") ;;
    messy) command=("$bin" "${file[$size,messy]}") ;;
    path) command=("$bin" --path "${file[$size,judge]}") ;;
    nakanj) command=("$bin" --problem nakanj "${file[$size,nakanj]}") ;;
    utf16) command=("$bin" "${file[$size,utf16]}") ;;
    check) command=("$bin" check "${file[$size,answers]}" "${file[$size,judge]}") ;;
    grid) command=("$bin" --problem cses-grid) stdin=$work/grid-${grid_side[$size]}.in ;;
    big) command=("$bin" --board 1000000 "${file[$size,big]}") ;;
  esac
}
for side in "${grid_side[@]}"; do echo "$side" > "$work/grid-$side.in"; done
# What a workload counts as its lines: the judge file's, the grid's numbers, the big board's.
lines_of() {
  local workload=$1 size=$2 n
  case $workload in
    grid) n=${grid_side[$size]}; echo $((n * n)) ;;
    big) echo "$big_lines" ;;
    *) [[ $size == counted ]] && echo "$lines" || echo "$wall_lines" ;;
  esac
}
instructions() {
  local command stdin total
  command_of "$1" "$2" counted
  total=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "${command[@]}" < "$stdin" 2>&1 > /dev/null | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }')
  awk -v total="$total" -v lines="$(lines_of "$2" counted)" 'BEGIN { printf "%.1f", total / lines }'
}
seconds() {
  local command stdin t0 t1
  command_of "$1" "$2" timed
  t0=$(date +%s.%N)
  "${command[@]}" < "$stdin" > /dev/null
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc -l
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

builds_measured=(all "${tricks[@]/#/no-}" no-avx2-sse2)
# What each build writes on each workload, against the all-on build's: a trick changes how
# fast, never what is written.
for name in "${builds_measured[@]}"; do
  for workload in "${workloads[@]}"; do
    command_of "$builds/$name" "$workload" counted
    "${command[@]}" < "$stdin" > "$work/tricks-$name.out" 2>&1 || true
    command_of "$builds/all" "$workload" counted
    "${command[@]}" < "$stdin" > "$work/tricks-all.out" 2>&1 || true
    cmp -s "$work/tricks-all.out" "$work/tricks-$name.out" ||
      { echo "$name writes other bytes than every trick on, on $workload" >&2; exit 1; }
  done
done
rm -f "$work"/tricks-*.out
declare -A counts times
for name in "${builds_measured[@]}"; do
  for workload in "${workloads[@]}"; do
    counts[$name,$workload]=$(instructions "$builds/$name" "$workload")
  done
done
# The builds take turns, each run starting from another, after one run of the workload that is
# not counted: the first run after another workload is slower, whichever build makes it.
for ((i = 0; i < runs; i++)); do
  for workload in "${workloads[@]}"; do
    seconds "$builds/all" "$workload" > /dev/null
    count=${#builds_measured[@]}
    for ((turn = 0; turn < count; turn++)); do
      name=${builds_measured[$(((i + turn) % count))]}
      times[$name,$workload]+="$(seconds "$builds/$name" "$workload") "
    done
  done
done

# 1 - with/without, as a percentage with no decimals, for showing only.
saves() { awk -v with="$1" -v without="$2" 'BEGIN { printf "%.0f%%", 100 * (1 - with / without) }'; }
# Whether $1 is at least 10% less than $2, compared unrounded.
a_tenth_less() { awk -v with="$1" -v without="$2" 'BEGIN { exit !(with <= 0.9 * without) }'; }
slowest() { tr ' ' '\n' | grep . | sort -g | tail -n 1; }
fastest() { tr ' ' '\n' | grep . | sort -g | head -n 1; }
echo "What each trick saves: 1 - with/without, instructions a line / wall time ($(date -u +%Y-%m-%d),"
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $lines lines counted,"
echo "$wall_lines timed, medians of $runs runs):"
echo
header="| trick |"
rule="| --- |"
for workload in "${workloads[@]}"; do header+=" $workload |"; rule+=" --- |"; done
echo "$header pays |"
echo "$rule --- |"
row="| all on: instructions a line / ms |"
for workload in "${workloads[@]}"; do
  ms=$(echo "$(echo "${times[all,$workload]}" | median) * 1000" | bc -l)
  row+=" ${counts[all,$workload]} / $(printf '%.0f' "$ms") |"
done
echo "$row |"
# The row of the trick named $1: the build $2 (with it) against the build $3 (without it).
price() {
  local row="| $1 |" pays=no workload with without
  for workload in "${workloads[@]}"; do
    with=$(echo "${times[$2,$workload]}" | median)
    without=$(echo "${times[$3,$workload]}" | median)
    row+=" $(saves "${counts[$2,$workload]}" "${counts[$3,$workload]}") / $(saves "$with" "$without") |"
    if a_tenth_less "${counts[$2,$workload]}" "${counts[$3,$workload]}" ||
      a_tenth_less "$(echo "${times[$2,$workload]}" | slowest)" \
        "$(echo "${times[$3,$workload]}" | fastest)"; then
      pays=yes
    fi
  done
  echo "$row $pays |"
}
for trick in "${tricks[@]}"; do price "$trick" all "no-$trick"; done
price "sse2, without avx2" no-avx2 no-avx2-sse2

# Peak resident memory, all tricks on: what the kernel reports (`/usr/bin/time -f %M`) for one
# run of each workload on the timed inputs, and for an empty input (the program alone).
peak() {
  local command stdin
  command_of "$builds/all" "$1" timed
  { /usr/bin/time -f '%M' "${command[@]}" < "$stdin" > /dev/null; } 2>&1 | tail -n 1
}
echo
echo "Peak resident memory, all tricks on, KiB:"
echo
header="| empty input |"
rule="| --- |"
row="| $({ /usr/bin/time -f '%M' "$builds/all" < /dev/null > /dev/null; } 2>&1 | tail -n 1) |"
for workload in "${workloads[@]}"; do
  header+=" $workload |"
  rule+=" --- |"
  row+=" $(peak "$workload") |"
done
echo "$header"
echo "$rule"
echo "$row"
