#!/usr/bin/env bash
# Builds the Debian package and checks it as an installed program: its contents (dpkg-deb -c),
# then, extracted into a scratch root (dpkg-deb -x, so no root and no system change), the
# installed binary on the judge's sample, its man page through man -l, and its bash completion.
#   scripts/test-deb.sh [DEB]     # DEB: check this package instead of building one
# Needs dpkg-deb, and cargo-deb unless DEB is given; man and bash for their checks.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "FAIL: $*" >&2; exit 1; }

deb=${1:-}
if [[ -z $deb ]]; then
  deb=$(scripts/package-deb.sh | tail -n 1)
fi
[[ -f $deb ]] || fail "no package at '$deb'"
echo "checking $deb"

listing=$(dpkg-deb -c "$deb")
for path in ./usr/bin/knight-moves \
  ./usr/share/man/man1/knight-moves.1.gz \
  ./usr/share/man/man1/knight-moves-check.1.gz \
  ./usr/share/man/man1/knight-moves-stress.1.gz \
  ./usr/share/bash-completion/completions/knight-moves \
  ./usr/share/zsh/vendor-completions/_knight-moves \
  ./usr/share/fish/vendor_completions.d/knight-moves.fish \
  ./usr/share/doc/knight-moves/README.md \
  ./usr/share/doc/knight-moves/docs/GUIDE.md \
  ./usr/share/doc/knight-moves/copyright \
  ./usr/share/doc/knight-moves/LICENSE-MIT \
  ./usr/share/doc/knight-moves/LICENSE-APACHE; do
  grep -qE " $path\$" <<< "$listing" || fail "the package lacks $path"
done
grep -qE '^-rwxr-xr-x .* \./usr/bin/knight-moves$' <<< "$listing" || fail "usr/bin/knight-moves is not executable"
[[ $(dpkg-deb -f "$deb" Package) == knight-moves ]] || fail "the package is not named knight-moves"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"

# The installed binary answers the judge's sample exactly.
"$root/usr/bin/knight-moves" tests/data/sample.in | cmp - tests/data/sample.out \
  || fail "the installed binary's answers to the sample differ from tests/data/sample.out"
# It is the program the package says it is.
version=$(dpkg-deb -f "$deb" Version)
"$root/usr/bin/knight-moves" --version | grep -qF "knight-moves ${version%%-*}" \
  || fail "the installed binary's --version does not say ${version%%-*}"

# man finds and renders the installed page.
if command -v man >/dev/null; then
  page=$(MANWIDTH=80 man -l "$root/usr/share/man/man1/knight-moves.1.gz" 2>&1) || fail "man -l failed: $page"
  grep -q -- '--algorithm' <<< "$page" || fail "the rendered man page lacks --algorithm"
else
  echo "man is not installed: skipping the man page check"
fi

# bash, once the completion is sourced, completes knight-moves with it.
registered=$(bash -c "source '$root/usr/share/bash-completion/completions/knight-moves'; complete -p knight-moves") \
  || fail "the bash completion did not register"
grep -q 'knight-moves$' <<< "$registered" || fail "unexpected registration: $registered"
# And it offers the options: complete "knight-moves --alg".
offered=$(bash -c "source '$root/usr/share/bash-completion/completions/knight-moves'
  COMP_WORDS=(knight-moves --alg); COMP_CWORD=1; COMP_LINE='knight-moves --alg'; COMP_POINT=\${#COMP_LINE}
  function=\$(complete -p knight-moves | sed -E 's/.* -F ([^ ]+) .*/\\1/')
  \"\$function\" knight-moves --alg knight-moves; printf '%s\\n' \"\${COMPREPLY[@]}\"")
grep -qx -- '--algorithm' <<< "$offered" || fail "bash does not complete --alg to --algorithm (offered: $offered)"

echo "ok: $deb installs the binary, its man page and its completions"
