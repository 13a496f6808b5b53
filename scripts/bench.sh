#!/usr/bin/env bash
# The repository's benchmark: every figure in docs/PERFORMANCE.md comes from this script, run
# from the project root of a fresh clone:
#   scripts/bench.sh                       build, generate, measure (about two minutes)
#   BASELINE=old-binary scripts/bench.sh   the same, with another build's figures beside
# Needs cargo, a C compiler (cc) and iconv, nothing else. Settings: LINES (10000000), BIG_LINES
# (1000000), RUNS (7, medians are shown), WORK (target/bench, where inputs are kept).
#
# Workloads, timed in turn within each run so that the machine's drift hits all alike, output
# to /dev/null:
#   reference  benches/reference.c on the judge file: a filter that checks nothing (the floor)
#   judge      the judge's own shape, "xx yy\n", random 8x8 pairs
#   messy      the same pairs with blanks around and between, upper case and CRLF
#   path       the judge file with --path
#   big        random pairs of a 1000000x1000000 board (default engine, the formula)
#   general    the judge file with the accelerator off (KNIGHT_MOVES_ACCELERATOR=off): what the
#              general pipeline alone costs
#   nakanj     the same queries as SPOJ NAKANJ has them (a count line first), --problem nakanj
#   utf16      the judge file in UTF-16 (little-endian, after its byte-order mark), as Windows
#              PowerShell 5.1 writes it: decoded to UTF-8 as it is read
#   grid       --problem cses-grid for n = 3000 (9 million numbers; its line is a number)
#   check      `check` of the judge file's right answers against the judge file, beside
#   cmp        cmp of the same answers with a copy of them: what judging by comparing bytes costs
# Then one --compare run over every 8x8 pair 100 times: each engine's time a query.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${LINES:-10000000}
big_lines=${BIG_LINES:-1000000}
runs=${RUNS:-7}
work=${WORK:-target/bench}
baseline=${BASELINE:-}
mkdir -p "$work"

cargo build --release --quiet
bin=target/release/knight-moves
# shellcheck source=scripts/inputs.sh
source scripts/inputs.sh
bench_inputs "$work" "$lines" "$big_lines"
cc -O2 -o "$work/reference" benches/reference.c
pairs=$work/all-pairs-x100.txt
[[ -s $pairs ]] || for _ in $(seq 100); do cat tests/data/all-pairs.in; done > "$pairs"
answers=$work/judge-$lines.out answers_copy=$work/judge-$lines-copy.out
"$bin" "$judge" > "$answers"
cp "$answers" "$answers_copy"

# The reference's answers must be the program's, or the comparison means nothing.
cmp -s <("$work/reference" < "$judge") <("$bin" "$judge") ||
  { echo "the reference and $bin answer $judge differently" >&2; exit 1; }

wall() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
export -f wall
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A times
binaries=(knight-moves)
[[ -n $baseline ]] && binaries+=(baseline)
program() { if [[ $1 == baseline ]]; then echo "$baseline"; else echo "$bin"; fi; }
for ((run = 0; run < runs; run++)); do
  times[reference]+="$(wall "$work/reference" < "$judge") "
  times[cmp]+="$(wall cmp "$answers" "$answers_copy") "
  for name in "${binaries[@]}"; do
    p=$(program "$name")
    times[$name,judge]+="$(wall "$p" "$judge") "
    times[$name,messy]+="$(wall "$p" "$messy") "
    times[$name,path]+="$(wall "$p" --path "$judge") "
    times[$name,big]+="$(wall "$p" --board 1000000 "$big") "
    times[$name,general]+="$(KNIGHT_MOVES_ACCELERATOR=off wall "$p" "$judge") "
    times[$name,nakanj]+="$(wall "$p" --problem nakanj "$nakanj") "
    times[$name,utf16]+="$(wall "$p" "$utf16") "
    times[$name,grid]+="$(echo 3000 | wall "$p" --problem cses-grid) "
    times[$name,check]+="$(wall "$p" check "$answers" "$judge") "
  done
done

reference=$(echo "${times[reference]}" | median)
printf 'inputs: %s judge and messy lines, %s big-board lines; medians of %s runs\n' "$lines" "$big_lines" "$runs"
# Each time also beside the reference's (the judge file, checking nothing) and, with BASELINE,
# the other build's on the same workload; ratio says what the workload is best compared with.
ratio_of() { if [[ -n $2 ]]; then printf '%.2f' "$(echo "$1 / $2" | bc -l)"; else printf -- -; fi; }
printf '%-13s %-10s %9s %9s %12s %11s %s\n' program workload seconds ns/line to_reference to_baseline ratio
printf '%-13s %-10s %9.3f %9.1f %12s %11s %s\n' reference judge "$reference" "$(echo "$reference * 1000000000 / $lines" | bc -l)" 1.00 - 1.00
cmp_time=$(echo "${times[cmp]}" | median)
printf '%-13s %-10s %9.3f %9.1f %12s %11s %s\n' cmp answers "$cmp_time" "$(echo "$cmp_time * 1000000000 / $lines" | bc -l)" "$(ratio_of "$cmp_time" "$reference")" - '(the judge answers and a copy)'
for name in "${binaries[@]}"; do
  workloads=(judge messy path big general nakanj utf16 grid check)
  for workload in "${workloads[@]}"; do
    t=$(echo "${times[$name,$workload]}" | median)
    count=$lines
    [[ $workload == big ]] && count=$big_lines
    [[ $workload == grid ]] && count=9000000
    case $workload in
      judge | messy) ratio=$(printf '%.2f (to reference)' "$(echo "$t / $reference" | bc -l)") ;;
      path | general | nakanj | utf16) ratio=$(printf '%.2f (to judge)' "$(echo "$t / $(echo "${times[$name,judge]}" | median)" | bc -l)") ;;
      grid) ratio='(a number)' ;;
      check) ratio=$(printf '%.2f (to cmp)' "$(echo "$t / $cmp_time" | bc -l)") ;;
      big) ratio=$(printf '%.2f (a line, to messy)' "$(echo "($t / $count) / ($(echo "${times[$name,messy]}" | median) / $lines)" | bc -l)") ;;
    esac
    to_baseline=-
    if [[ -n ${times[baseline,$workload]:-} ]]; then
      to_baseline=$(ratio_of "$t" "$(echo "${times[baseline,$workload]}" | median)")
    fi
    to_reference=-
    # Only the workloads of the judge file's lines compare with the reference a line.
    [[ $workload != big && $workload != grid ]] && to_reference=$(ratio_of "$t" "$reference")
    printf '%-13s %-10s %9.3f %9.1f %12s %11s %s\n' "$name" "$workload" "$t" "$(echo "$t * 1000000000 / $count" | bc -l)" "$to_reference" "$to_baseline" "$ratio"
  done
done
if [[ -x /usr/bin/time ]]; then
  rss=$({ /usr/bin/time -f '%M' "$bin" "$judge" > /dev/null; } 2>&1 | tail -n 1)
  echo "peak RSS on the judge file: $rss KiB"
  rss=$({ /usr/bin/time -f '%M' "$bin" check "$answers" "$judge" > /dev/null; } 2>&1 | tail -n 1)
  echo "peak RSS of check on the judge file and its answers: $rss KiB"
fi
echo "--compare over every 8x8 pair, 100 times (ns_per_query is each engine's time a query):"
# shellcheck disable=SC2069 # on purpose: the table (stderr) to the terminal, the answers away
"$bin" --compare "$pairs" 2>&1 > /dev/null
