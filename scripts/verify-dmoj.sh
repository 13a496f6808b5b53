#!/usr/bin/env bash
# Verifies the DMOJ problem folders knight-moves writes (`package --format dmoj`) with DMOJ's own
# judge, run offline: each problem's folder (UVa 439, with routes too, NAKANJ, POJ 1915, CSES,
# KnightL) is written, then
# - `dmoj-cli test CODE` runs the folder's own tests (init.yml's `tests:`, every submission with
#   the verdict its folder asks for) and must exit 0, every test run (none skipped for a
#   language the judge has not loaded);
# - a submission of each kind is judged, its `Test case N CODE` lines read: the right C++ and
#   Python solutions AC on every case, the first wrong one WA on at least one;
# - with routes: a right solution whose routes differ from knight-moves' on every case
#   (tests/data/dmoj/route_from_the_end.py) AC on every case; the same with a step that is no
#   knight move, and with a route longer than the fewest, WA; and AC again from a copy of the
#   folder whose knight-moves lost its executable mode;
# - a copy of the folder whose answer file is not knight-moves' answer: DMOJ's internal error
#   (knight-moves' judge failure, from the checker), never the submission's wrong answer.
# It says each outcome, and exits 1 on any unexpected one (2 when it cannot run).
#
#   scripts/verify-dmoj.sh [KNIGHT_MOVES]    the binary that writes the folders, copied into
#                                            them as their checker (default: this clone's,
#                                            built by cargo build)
#   scripts/verify-dmoj.sh --install         only install DMOJ's judge, if missing
#
# DMOJ's judge (PyPI's dmoj 4.1.0) is installed into the virtual environment DMOJ_VENV (default
# target/dmoj) where it is missing: Debian's libseccomp-dev by apt as root where it is missing
# (its sandbox builds against it; g++ too), `python3 -m venv`, `pip install dmoj==4.1.0`, and
# the languages the judge finds (`dmoj-autoconf`, run with a plain PATH: it tests each
# interpreter, and a version manager's shim for python3 fails its test), of which PY3 (CPython)
# and CPP17 must be there. About 20 s; then the verification about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${DMOJ_VENV:-$PWD/target/dmoj}
venv=$(realpath -m "$venv")
languages=PY3,CPP17
version=4.1.0

say() { echo "verify-dmoj: $*"; }
cannot() {
  echo "verify-dmoj: $*" >&2
  exit 2
}

# DMOJ's judge in $venv, and its languages in $venv/runtime.yml, unless there already (at the
# version tested).
install_dmoj() {
  if [[ -x $venv/bin/dmoj-cli && -s $venv/runtime.yml &&
    $("$venv/bin/pip" show dmoj 2>/dev/null | sed -n 's/^Version: //p') == "$version" ]]; then
    return 0
  fi
  if [[ ! -e /usr/include/seccomp.h ]]; then
    if [[ $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
      cannot "libseccomp-dev is missing (DMOJ's sandbox builds against it): install it as root"
    fi
    say "installing libseccomp-dev (apt-get)"
    apt-get install -y libseccomp-dev >/dev/null 2>&1 ||
      { apt-get update >/dev/null 2>&1 && apt-get install -y libseccomp-dev >/dev/null 2>&1; } ||
      cannot "apt-get could not install libseccomp-dev"
  fi
  command -v g++ >/dev/null || cannot "g++ is missing (DMOJ's judge builds with it, and runs C++)"
  say "installing DMOJ's judge into $venv (pip install dmoj==$version)"
  rm -rf "$venv"
  python3 -m venv "$venv" || cannot "python3 -m venv $venv failed"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "dmoj==$version" \
    >"$venv/pip.log" 2>&1 || cannot "pip could not install dmoj==$version: $venv/pip.log"
  # The languages found on the system's own PATH: on a version manager's (pyenv's python3 is a
  # shell script) the judge's self-test of PY3 fails.
  PATH=/usr/bin:/bin "$venv/bin/dmoj-autoconf" -s >"$venv/runtime.found" 2>"$venv/autoconf.log" ||
    cannot "dmoj-autoconf failed: $venv/autoconf.log"
  grep -q '^  python3: ' "$venv/runtime.found" ||
    cannot "DMOJ's judge found no python3 for PY3: $venv/autoconf.log"
  grep -q '^  g++17: ' "$venv/runtime.found" ||
    cannot "DMOJ's judge found no g++ for CPP17: $venv/autoconf.log"
  mv "$venv/runtime.found" "$venv/runtime.yml"
}

install_dmoj
if [[ ${1:-} == --install ]]; then
  say "DMOJ's judge is in $venv"
  exit 0
fi

if [[ $# -gt 0 ]]; then
  knight_moves=$(realpath "$1")
else
  cargo build --locked --quiet
  knight_moves=$PWD/${CARGO_TARGET_DIR:-target}/debug/knight-moves
fi
[[ -x $knight_moves ]] || cannot "$knight_moves is not an executable knight-moves"
other_route=$PWD/tests/data/dmoj/route_from_the_end.py

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/problems"
{
  echo "problem_storage_globs: ['$work/problems/*']"
  cat "$venv/runtime.yml"
} >"$work/judge.yml"
: >"$work/history"
dmoj_cli() {
  timeout 900 "$venv/bin/dmoj-cli" -c "$work/judge.yml" --no-ansi -e "$languages" \
    --skip-self-test --history "$work/history" "$@"
}

failures=0
fail() {
  echo "verify-dmoj: FAILED: $*"
  failures=$((failures + 1))
}

# The verdicts of `submit CODE LANGUAGE FILE`, one word a case (AC, WA, TLE, ... and -- for a
# case skipped), with the time and memory limits of the folder's tests.
verdicts() {
  local code=$1 language=$2 file=$3 time
  time=$(sed -n 's/.* time: \([0-9.]*\), memory: .*/\1/p' "$work/problems/$code/init.yml" | head -n 1)
  dmoj_cli -- submit -tl "$time" -ml 262144 "$code" "$language" "$file" 2>"$work/submit.err" |
    sed -n 's/^ *Test case *[0-9]* \([A-Z-]*\).*/\1/p' | paste -s -d ' '
}

# Judges FILE in LANGUAGE on CODE: WANTED is "AC" (AC on every case) or "WA" (WA on one at
# least, and nothing else but AC and skipped cases).
judged() {
  local code=$1 language=$2 file=$3 wanted=$4 cases found words shown
  cases=$(find "$work/problems/$code/data" -name '*.in' | wc -l)
  found=$(verdicts "$code" "$language" "$file")
  read -ra words <<<"$found"
  shown="$code: $(basename "$file") ($language): ${found:-no verdict}"
  if ((${#words[@]} != cases)); then
    fail "$shown: ${#words[@]} verdicts for $cases cases ($(tail -n 3 "$work/submit.err"))"
  elif [[ $wanted == AC && " $found " != "$(printf ' AC%.0s' $(seq "$cases")) " ]]; then
    fail "$shown: not AC on every case"
  elif [[ $wanted == WA && ! " $found" =~ " WA " ]]; then
    fail "$shown: no case WA"
  elif [[ $wanted == WA && -n $(tr -d ' ' <<<"${found//AC/}" | tr -d 'WA-') ]]; then
    fail "$shown: a verdict other than AC, WA or skipped"
  else
    say "$shown (as wanted: $wanted)"
  fi
}

for options in "uva439" "uva439 --path" "nakanj" "poj1915" "cses-grid" "knightl"; do
  read -ra words <<<"$options"
  code=$(tr -cd 'a-z0-9' <<<"${words[*]}")
  folder=$work/problems/$code
  "$knight_moves" package --format dmoj --problem "${words[@]}" "$folder" >/dev/null ||
    cannot "knight-moves package --format dmoj --problem $options failed"

  # The folder's own tests: every one run, every one passed.
  status=0
  dmoj_cli test "$code" >"$work/test.log" 2>&1 || status=$?
  listed=$(grep -c '^- {source: ' "$folder/init.yml")
  passed=$(grep -c '^	Result of test .*: Success' "$work/test.log" || true)
  # A test in a language the judge has not loaded is "Skipped - Language not supported", and
  # counts as passed.
  if grep -q 'Skipped.* - ' "$work/test.log"; then
    fail "$code: dmoj-cli test skipped a test:"$'\n'"$(grep -B 1 'Skipped.* - ' "$work/test.log")"
  elif ((status != 0 || passed != listed)); then
    fail "$code: dmoj-cli test exited $status, $passed of $listed tests passed:"$'\n'"$(
      grep -E 'Unexpected|Result of test|failed' "$work/test.log")"
  else
    say "$code: dmoj-cli test $code exited 0: all $listed tests passed"
  fi

  # A submission of each kind, its verdicts read case by case.
  submissions=$folder/submissions
  if [[ $options == *--path* ]]; then
    judged "$code" CPP17 "$submissions/accepted/route_bfs.cpp" AC
    judged "$code" PY3 "$submissions/accepted/route_bfs.py" AC
    differing=0
    for input in "$folder"/data/*/*.in; do
      python3 "$other_route" <"$input" >"$work/routes.out"
      cmp -s "$work/routes.out" "${input%.in}.out" || differing=$((differing + 1))
    done
    cases=$(find "$folder/data" -name '*.in' | wc -l)
    if ((differing != cases)); then
      fail "$code: route_from_the_end.py writes knight-moves' own answers on $((cases - differing)) of $cases cases"
    fi
    judged "$code" PY3 "$other_route" AC
    for mistake in not-a-move longer; do
      sed "s/^MISTAKE = None\$/MISTAKE = \"$mistake\"/" "$other_route" >"$work/route_$mistake.py"
      judged "$code" PY3 "$work/route_$mistake.py" WA
    done
    judged "$code" PY3 "$submissions/wrong_answer/route_no_edges.py" WA
    # A folder whose copy of knight-moves lost its executable mode on the way to the judge:
    # checker.py runs a copy made executable.
    cp -r "$folder" "$work/problems/modelost"
    chmod 644 "$work/problems/modelost/knight-moves"
    judged modelost PY3 "$other_route" AC
    rm -rf "$work/problems/modelost"
    judged "$code" PY3 "$submissions/wrong_answer/route_detour.py" WA
  else
    judged "$code" CPP17 "$submissions/accepted/bfs.cpp" AC
    judged "$code" PY3 "$submissions/accepted/bfs.py" AC
    wrong=$(find "$submissions/wrong_answer" -name '*.py' | sort | head -n 1)
    judged "$code" PY3 "$wrong" WA
  fi

  # An answer file that is not knight-moves' answer (an answer more at the end of the first
  # secret case's): knight-moves' judge failure, which DMOJ reports as its internal error (no
  # verdict for that case, none after it), never the submission's wrong answer.
  right=$(find "$submissions/accepted" -name '*.py' | sort | head -n 1)
  cp -r "$folder" "$work/problems/tampered"
  tampered=$(find "$work/problems/tampered/data/secret" -name '*.out' | sort | head -n 1)
  echo 0 >>"$tampered"
  found=$(verdicts tampered PY3 "$right")
  if [[ $found == AC ]] &&
    grep -q "the judge's answer file differs from knight-moves' answers" "$work/submit.err"; then
    say "$code: an answer file that is not knight-moves': internal error after the sample (AC), as wanted"
  else
    fail "$code: an answer file that is not knight-moves': ${found:-no verdict}, $(tail -n 1 "$work/submit.err")"
  fi
  rm -rf "$work/problems/tampered"
done

if ((failures)); then
  echo "verify-dmoj: $failures unexpected outcome(s)"
  exit 1
fi
say "every outcome as wanted"
