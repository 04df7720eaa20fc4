#!/usr/bin/env bash
# One setup for a new user and for CI: every Debian and PyPI package Outpost needs to build, to run
# the demo and to run the whole test suite. Idempotent: what is already there is left alone and
# said so. The README's Quick start runs it and .ci/run calls it, so the two never drift apart.
#
#   contrib/setup.sh           install what is missing (needs root or sudo for apt)
#   contrib/setup.sh --check   only report what is missing; exit 1 if anything is
#
# The test suite checks for the same set (Tests/OutpostTests/Support/Prerequisites.swift reads the
# marker this script writes) and fails fast with one message naming this script.
set -euo pipefail

# Build: the C libraries Outpost links. libsecret (with GLib) is loaded when the keyring is first
# used, so only its runtime library is needed. Runtime and tests: the session bus, the keyring and its
# tools, systemd's socket activation, the test notification server's python3-dbus/gi, jsonschema for
# the rpc-schema and snapshot checks, desktop-file-utils for the link handler. Glewlwyd, a real
# OpenID Connect provider, for the OIDC client's end-to-end sign-in (openssl makes its throw-away
# signing key). gcc builds contrib/lib/timewarp.c for contrib/week.sh. PostgreSQL (server 15 on
# Debian 12) for contrib/supabase/check.sh, which loads the Supabase projects' schemas into a
# throw-away cluster of its own.
apt_packages=(
  libsqlite3-dev libsystemd-dev libsecret-1-0 pkg-config
  systemd dbus gnome-keyring libsecret-tools
  python3 python3-dbus python3-gi python3-jsonschema python3-pip
  util-linux ca-certificates desktop-file-utils gcc
  glewlwyd openssl
  postgresql
)
# The independent peers the tests check Outpost's output against: an iCalendar parser, python-dateutil's
# RRULE expansion (the reference of the recurrence property test), khal and
# vdirsyncer (read our vdir and feed), Radicale (a real CalDAV server for CalDAV push), pyrebase4
# (a Firebase client for the RPP sandbox), supabase-py (the official Supabase client, GoTrue and
# PostgREST, for the ViiRaa sandbox), gql with its requests transport (a GraphQL client for the Agile
# Network gateway) and python-keycloak (an OpenID Connect client for the sandbox's Keycloak realms).
# Module name to import = pip requirement.
pypi_modules=(icalendar dateutil khal vdirsyncer radicale pyrebase jwcrypto supabase gql keycloak)
pypi_requirements=('icalendar>=6' python-dateutil khal vdirsyncer radicale pyrebase4 'jwcrypto<1.5.7' supabase 'gql[requests]' python-keycloak)
# Debian's python3, not a pyenv or venv one: python3-dbus and python3-gi live there.
python=/usr/bin/python3

check_only=false
case "${1:-}" in
  --check) check_only=true ;;
  "") ;;
  -h | --help)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *)
    echo "setup.sh: unknown option '$1' (try --help)" >&2
    exit 64
    ;;
esac

missing_apt=()
for p in "${apt_packages[@]}"; do
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then :; else missing_apt+=("$p"); fi
done
missing_pypi=()
if [ -x "$python" ]; then
  for i in "${!pypi_modules[@]}"; do
    "$python" -c "import ${pypi_modules[$i]}" 2>/dev/null || missing_pypi+=("${pypi_requirements[$i]}")
  done
else
  missing_pypi=("${pypi_requirements[@]}")
fi

if $check_only; then
  if [ ${#missing_apt[@]} -eq 0 ] && [ ${#missing_pypi[@]} -eq 0 ]; then
    echo "setup: everything Outpost needs is installed"
    exit 0
  fi
  [ ${#missing_apt[@]} -gt 0 ] && echo "setup: missing Debian packages: ${missing_apt[*]}"
  [ ${#missing_pypi[@]} -gt 0 ] && echo "setup: missing PyPI packages (for $python): ${missing_pypi[*]}"
  echo "setup: run contrib/setup.sh to install them"
  exit 1
fi

sudo=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || {
    echo "setup.sh: not root and no sudo: install as root: apt-get install ${missing_apt[*]}" >&2
    exit 77
  }
  sudo=(sudo)
fi

if [ ${#missing_apt[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing_apt[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  # Again through env: sudo drops the exported variable, and glewlwyd would ask about dbconfig.
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing_apt[@]}" >/dev/null
else
  echo "setup: Debian packages already installed (${#apt_packages[@]})"
fi

if [ ${#missing_pypi[@]} -gt 0 ]; then
  echo "setup: installing PyPI packages for $python: ${missing_pypi[*]}"
  # Debian marks its python as externally managed; these are test peers, not system tools.
  "${sudo[@]}" "$python" -m pip install --quiet --break-system-packages "${missing_pypi[@]}"
else
  echo "setup: PyPI packages already installed (${#pypi_modules[@]})"
fi

echo "setup: done"
