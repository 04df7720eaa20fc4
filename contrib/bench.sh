#!/usr/bin/env bash
# Builds release binaries and runs outpost-bench (see README, "Benchmark"). Arguments are passed
# to outpost-bench, e.g. `contrib/bench.sh --idle-seconds 10`.
#
# outpostd and outpost are built as contrib/install.sh builds them (contrib/lib/release-build.sh:
# the Swift runtime linked in); outpost-bench shares the CLI's scratch path and flags.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/release-build.sh
. contrib/lib/release-build.sh
daemon=$(release_build_daemon)
cli=$(release_build_cli)
bench=$(release_build_like_cli outpost-bench)
bin=.build-static/bench-bin
mkdir -p "$bin"
cp -f "$daemon" "$bin/outpostd"
cp -f "$cli" "$bin/outpost"
"$bench" --bin-dir "$bin" "$@"
# The sync figures need Foundation (GRDB, URLSession): a dynamic release build of their own.
swift build -c release --product outpost-sync-bench
exec .build/release/outpost-sync-bench
