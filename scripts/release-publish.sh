#!/usr/bin/env bash
# Publishes a release: writes SHA256SUMS for every file in DIR (the archives and the .deb the
# release workflow collected there) and creates the GitHub release TAG with them attached, or
# adds them to it if it exists. Needs the gh command, logged in (in the workflow, GH_TOKEN).
#   scripts/release-publish.sh TAG DIR
#   DRY_RUN=1 scripts/release-publish.sh TAG DIR     # only write SHA256SUMS and say what it would do
set -euo pipefail
tag=${1:?usage: scripts/release-publish.sh TAG DIR}
dir=${2:?usage: scripts/release-publish.sh TAG DIR}
# The tag must name the version the binaries say they are (knight-moves --version).
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$(dirname "$0")/../Cargo.toml" | head -n 1)
[[ $tag == "v$version" ]] || { echo "tag $tag does not match Cargo.toml's version $version (expected v$version)" >&2; exit 1; }
cd "$dir"
# One line a file, as sha256sum -c reads them; the per-file .sha256 files are left out.
sums=$(find . -maxdepth 1 -type f ! -name '*.sha256' ! -name SHA256SUMS -printf '%f\n' | sort | xargs sha256sum)
echo "$sums" > SHA256SUMS
files=$(find . -maxdepth 1 -type f -printf '%f\n' | sort)
if [[ ${DRY_RUN:-} == 1 ]]; then
  echo "would publish release $tag with:"
  echo "$files"
  exit 0
fi
# shellcheck disable=SC2086 # the file names are ours, without blanks
if gh release view "$tag" > /dev/null 2>&1; then
  gh release upload "$tag" $files --clobber
else
  gh release create "$tag" $files --title "knight-moves $tag" --generate-notes
fi
