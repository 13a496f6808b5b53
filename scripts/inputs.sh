# shellcheck shell=bash
# The benchmarks' inputs, sourced by scripts/bench.sh, scripts/count-instructions.sh and
# scripts/tricks.sh, so that all three measure the same bytes.
#   bench_inputs WORK LINES BIG_LINES
# sets `judge` (LINES lines of the judge's shape), `messy` (the same pairs with blanks, upper
# case and CRLF), `nakanj` (the judge file's queries after a count line, as SPOJ NAKANJ has
# them), `utf16` (the judge file in UTF-16, little-endian after its byte-order mark, as Windows
# PowerShell 5.1 writes it) and `big` (BIG_LINES lines of a 10^6 x 10^6 board), each a file in
# WORK made by benches/generate.c (seeded: the same bytes on every machine) and iconv unless it
# is already there.
bench_inputs() {
  local work=$1 lines=$2 big_lines=$3
  mkdir -p "$work"
  cc -O2 -o "$work/generate" benches/generate.c
  judge=$work/judge-$lines.txt messy=$work/messy-$lines.txt
  nakanj=$work/nakanj-$lines.txt utf16=$work/judge-$lines-utf16.txt big=$work/big-$big_lines.txt
  [[ -s $judge ]] || "$work/generate" judge "$lines" 2243 > "$judge"
  [[ -s $messy ]] || "$work/generate" messy "$lines" 2243 > "$messy"
  [[ -s $nakanj ]] || { echo "$lines"; cat "$judge"; } > "$nakanj"
  [[ -s $utf16 ]] || { printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$judge"; } > "$utf16"
  [[ -s $big ]] || "$work/generate" big "$big_lines" 1372 1000000 > "$big"
}
