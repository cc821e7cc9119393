#!/usr/bin/env bash
# `npm test`: every check and test, from a fresh clone. Installs and starts what it needs when it is missing
# (PostgreSQL + PostGIS, Redis, Chromium), builds, then runs lint, types, unit, integration and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-env.sh

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export NODE_OPTIONS="${NODE_OPTIONS:-} --experimental-vm-modules --no-warnings=ExperimentalWarning"

step() { printf '\n== %s\n' "$*"; }

step build
npm run build

step lint
npm run lint

step typecheck
npm run typecheck

step "deployment files"
node scripts/check-deploy.mjs

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

# Each run has a hard limit, and jest exits once its tests are done even if a failed set-up left a handle open:
# a broken run fails in minutes instead of hanging. The limits guard against a hang; they are no time budget.
jest() { timeout --kill-after=30s "$1" node node_modules/jest/bin/jest.js --ci --forceExit "${@:2}"; }

# Unit and web tests hold no server or database of their own: two workers share the machine's cores. Integration
# tests start services against the one PostgreSQL and Redis, some of them on shared queue names: one at a time.
# Each browser test file starts a site of its own (its database, queue prefix, data folder, free ports) and spends
# much of its time waiting on the browser and the site: two files at a time (on two cores, 152 tests took 539 and
# 595 s against 827 s one at a time).
step "unit and web tests"
jest 30m --selectProjects unit web --maxWorkers=2 --json --outputFile "$results/unit.json"

# One process runs them all, and jest's ESM loader keeps each test file's modules until it ends (about 40 MB a
# file): the heap may grow past Node's default limit of about 4 GB, so this run has 8 GB (the machine has 24).
step "integration tests"
NODE_OPTIONS="$NODE_OPTIONS --max-old-space-size=8192" \
  jest 60m --selectProjects integration --json --outputFile "$results/integration.json"

step "browser tests (Chromium)"
jest 60m --selectProjects e2e --maxWorkers=2 --json --outputFile "$results/e2e.json"

# One image per deployable from the build above (each with only the files its entry points load), then the
# Kubernetes manifests played with podman and the smoke journey walked in Chromium through them, the compose
# file run with podman-compose, and a backup restored with the backup image.
step "images (podman)"
timeout 20m node scripts/images.mjs --tag test

step "deployment tests (podman: kube play, compose, backup)"
jest 20m --selectProjects deploy --json --outputFile "$results/deploy.json"

# One closing line over the four runs.
node -e '
  const runs = process.argv.slice(1).map((f) => require(f));
  const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
  console.log(`\n${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed`);
' "$results/unit.json" "$results/integration.json" "$results/e2e.json" "$results/deploy.json"
