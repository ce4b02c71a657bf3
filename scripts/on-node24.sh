#!/usr/bin/env bash
# Runs a command on the project's runtime, Node 24 LTS (package.json "engines", .nvmrc). When the
# installed Node is older than the engines allow (this CI host has Node 20), Node 24 is taken
# from npm for the whole command, as `npx -p node@24` fetches it; on Node 22.22+ it runs as is
# (react-router 8 asks for it).
# Usage: bash scripts/on-node24.sh npm ci && bash scripts/on-node24.sh npm test
set -euo pipefail
if node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 22) ? 0 : 1)'; then
  exec "$@"
fi
command=$(printf '%q ' "$@")
exec npx --yes -p node@24 -c "node --version && $command"
