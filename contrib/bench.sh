#!/usr/bin/env bash
# Builds release binaries and runs outpost-bench (see README, "Benchmark"). Arguments are passed
# to outpost-bench, e.g. `contrib/bench.sh --idle-seconds 10`.
#
# outpost and outpost-bench link the Swift runtime statically (start-up time is what is being
# measured); outpostd cannot (Foundation's static libraries do not link under SwiftPM here), so
# it is built separately. The two kinds of build use separate scratch paths: switching
# --static-swift-stdlib in one path rebuilds every dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product outpostd
swift build -c release --static-swift-stdlib --scratch-path .build-static --product outpost
swift build -c release --static-swift-stdlib --scratch-path .build-static --product outpost-bench
bin=.build-static/bench-bin
mkdir -p "$bin"
cp -f .build/release/outpostd "$bin/outpostd"
cp -f .build-static/release/outpost "$bin/outpost"
.build-static/release/outpost-bench --bin-dir "$bin" "$@"
# The sync figures need Foundation (GRDB, URLSession): a dynamic release build of their own.
swift build -c release --product outpost-sync-bench
exec .build/release/outpost-sync-bench
