#!/usr/bin/env bash
# Builds knight-moves and its tests for Windows (x86_64-pc-windows-gnu) and runs the tests under
# Wine: the nearest this project's Linux machines come to the release workflow's Windows job.
#   scripts/test-windows-under-wine.sh [cargo test arguments...]
# Needs: rustup target add x86_64-pc-windows-gnu; Debian's gcc-mingw-w64-x86-64 and wine64.
# Wine is not Windows: tests that time a program can fail when Wine is slow to start one (the
# run is single-threaded to make that rarer), and a pass here is a good sign, not a proof.
set -euo pipefail
cd "$(dirname "$0")/.."
wine=$(command -v wine64 || echo /usr/lib/wine/wine64)
[[ -x $wine ]] || { echo "wine64 is not installed (apt install wine64)" >&2; exit 2; }
command -v x86_64-w64-mingw32-gcc > /dev/null \
  || { echo "mingw-w64 is not installed (apt install gcc-mingw-w64-x86-64)" >&2; exit 2; }
export WINEDEBUG=-all WINEPREFIX=${WINEPREFIX:-$PWD/target/wine-prefix}
if [[ ! -f $WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll ]]; then
  "$wine" cmd /c exit > /dev/null 2>&1 || true # makes the prefix
  x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
    scripts/wine/bcryptprimitives.c -ladvapi32
fi
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=$wine
cargo test --locked --target x86_64-pc-windows-gnu "$@" -- --test-threads=1
