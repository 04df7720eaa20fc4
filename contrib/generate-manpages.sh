#!/usr/bin/env bash
# Generates the man pages outpost.1 and outpostd.1 from the binaries themselves.
#
#   contrib/generate-manpages.sh [--bin-dir DIR] [--out-dir DIR]
#
# Each binary prints its command tree as JSON with swift-argument-parser's
# `--experimental-dump-help`; contrib/manpage.py (python3, standard library only) turns that
# into troff. The pages therefore always describe exactly the binaries they were made from.
#
#   --bin-dir DIR   where outpost and outpostd are (default: .build/release, else .build/debug)
#   --out-dir DIR   where to write the pages (default: .build/man)
#
# SOURCE_DATE_EPOCH, when set, fixes the date in the pages (reproducible builds).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

die() { printf 'generate-manpages.sh: %s\n' "$*" >&2; exit 1; }

usage() { sed -n '2,14s/^# \{0,1\}//p' "$0"; }

bin_dir=""
out_dir="$root/.build/man"
while [ $# -gt 0 ]; do
  case "$1" in
    --bin-dir) [ $# -ge 2 ] || die "--bin-dir needs a directory"; bin_dir=$2; shift 2 ;;
    --bin-dir=*) bin_dir=${1#*=}; shift ;;
    --out-dir) [ $# -ge 2 ] || die "--out-dir needs a directory"; out_dir=$2; shift 2 ;;
    --out-dir=*) out_dir=${1#*=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

if [ -z "$bin_dir" ]; then
  for candidate in "$root/.build/release" "$root/.build/debug"; do
    if [ -x "$candidate/outpost" ] && [ -x "$candidate/outpostd" ]; then bin_dir=$candidate; break; fi
  done
  [ -n "$bin_dir" ] || die "no outpost/outpostd in .build/release or .build/debug; build first or pass --bin-dir"
fi

command -v python3 >/dev/null 2>&1 || die "python3 is needed to generate the man pages"

mkdir -p "$out_dir"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/outpost-man.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

for program in outpost outpostd; do
  binary="$bin_dir/$program"
  [ -x "$binary" ] || die "$binary is missing or not executable"
  "$binary" --experimental-dump-help >"$scratch/$program.json" \
    || die "$binary --experimental-dump-help failed"
  version=$("$binary" --version 2>/dev/null || true)
  python3 "$here/manpage.py" --input "$scratch/$program.json" --version "${version:-unknown}" \
    --output "$scratch/$program.1"
  mv -f "$scratch/$program.1" "$out_dir/$program.1"
  printf '  %s\n' "$out_dir/$program.1"
done
