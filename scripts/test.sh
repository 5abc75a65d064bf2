#!/usr/bin/env bash
# The one command that runs every test: static checks, unit/integration projects, the built app in
# the system Chromium, and Storybook. With TEST_POSTGRES_URL set, the server tests run a second time
# on that PostgreSQL server (each test file in a database of its own).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/*.json

step() { printf '\n== %s\n' "$*"; }

step "typecheck"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "translation catalogs complete"; npm run --silent i18n:check
step "machines, server and web tests (PGlite)"
npx vitest run --project machines --project server --project web --reporter=default --reporter=json --outputFile=test-results/unit.json
if [ -n "${TEST_POSTGRES_URL:-}" ]; then
  step "server tests on PostgreSQL"
  DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run --project server --reporter=default --reporter=json --outputFile=test-results/server-postgres.json
fi
step "build"; npm run --silent build
step "end-to-end tests in the system Chromium"
npx vitest run --project e2e --reporter=default --reporter=json --outputFile=test-results/e2e.json
step "storybook build"; npm run --silent build-storybook
step "every story in the system Chromium at 375 px and at 1280 px: renders without errors, axe violations or sideways scrolling"
npx vitest run --project storybook --reporter=default --reporter=json --outputFile=test-results/storybook.json

node -e '
const fs = require("fs");
let passed = 0, failed = 0, skipped = 0;
for (const file of fs.readdirSync("test-results").filter((f) => f.endsWith(".json"))) {
  const report = JSON.parse(fs.readFileSync("test-results/" + file, "utf8"));
  passed += report.numPassedTests; failed += report.numFailedTests; skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`\n${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exit(failed ? 1 : 0);
'
