# The release binaries, built the way contrib/install.sh installs them. Sourced by install.sh,
# bench.sh and bench-peers.sh, so that the benchmarks measure what users run. Call from the
# checkout's root; extra `swift build` flags come from the arguments.
#
# Both link the Swift runtime, Foundation included, statically: a dynamically linked one loads
# and binds libswiftCore, libFoundation and ICU at every start, 6 to 9 ms of the CLI's few and
# of the daemon's start under socket activation (docs/performance.md, "Start to ready").
# Neither exports its symbols (--no-export-dynamic): SwiftPM links executables with
# --export-dynamic, and outpostd's 54,800 exported symbols cost every start a linear dladdr over
# them (the Swift runtime's backtracer set-up) and the symbol look-ups of the C libraries that
# search the executable first: 0.75 ms of `outpostd --version`, 1.1 ms of a socket-activated
# start, 0.15 ms of every CLI command (docs/performance.md, "Start to ready").
# Each has its own scratch path: swift build passes -Xswiftc flags to every compile, so two
# products with different flags in one path would rebuild every dependency in turn.

# Both link the C++ runtime (the Swift runtime's) statically too: loading libstdc++.so, binding
# its symbols and running its constructors took 0.5 ms of every CLI command (`outpost status`
# 3.95 -> 3.50 ms) and 1.4 ms of `outpostd --version`. Swift's static-stdlib-args.lnk asks for
# -lstdc++; a directory holding only libstdc++.a, searched before the compiler's own, makes the
# linker take the archive. Where there is no libstdc++.a, the shared library as before.
release_static_cxx_flags() {
  local archive dir="$PWD/.build-static-cxx" cc
  for cc in "${CC:-gcc}" clang; do
    archive=$("$cc" -print-file-name=libstdc++.a 2>/dev/null) || continue
    [ -f "$archive" ] || continue
    mkdir -p "$dir" && ln -sf "$archive" "$dir/libstdc++.a" && printf '%s\n' -Xswiftc -L -Xswiftc "$dir"
    return 0
  done
}

# outpost: position-dependent (-no-pie). A PIE applies 57,000 relocations at every start (0.6
# to 0.9 ms of `outpost status`). It talks only to the user's own daemon.
release_build_cli() { release_build_like_cli outpost; }

# Another product (outpost-bench) with the CLI's flags and scratch path, which stay built.
release_build_like_cli() {
  local cxx
  mapfile -t cxx < <(release_static_cxx_flags)
  swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Xclang-linker -Xswiftc -no-pie \
    -Xlinker --no-export-dynamic "${cxx[@]}" --scratch-path .build-static --product "$1" >&2 &&
    echo ".build-static/release/$1"
}

# outpostd: a PIE all the same. It parses what services, feeds and CalDAV servers send, so its
# code is worth the address randomisation; the relocations cost its start 1 to 1.6 ms.
release_build_daemon() {
  local cxx
  mapfile -t cxx < <(release_static_cxx_flags)
  swift build -c release --static-swift-stdlib --disable-local-rpath -Xlinker --no-export-dynamic "${cxx[@]}" \
    --scratch-path .build-daemon "$@" --product outpostd >&2 &&
    echo ".build-daemon/release/outpostd"
}
