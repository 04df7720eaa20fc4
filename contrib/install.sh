#!/usr/bin/env bash
# Installs Outpost for the current user: outpostd, outpost, the systemd user units, shell
# completions and man pages. Run it from a checkout (any working directory will do).
#
#   contrib/install.sh [--prefix DIR] [--no-build] [--uninstall]
#
#   --prefix DIR   install under DIR (default: ~/.local): DIR/bin, DIR/share/man/man1,
#                  DIR/share/{bash-completion,zsh,fish}/...
#   --no-build     do not run `swift build`; install the binaries in .build/release or, if
#                  there are none, the ones already in DIR/bin (to refresh units, completions
#                  and man pages)
#   --uninstall    stop and disable the units, then remove exactly what was installed. Your
#                  data and configuration are never touched.
#
# The units always go to ${XDG_DATA_HOME:-~/.local/share}/systemd/user/, where the user's
# systemd looks for them; outpostd.service's ExecStart= is rewritten to DIR/bin/outpostd.
# Both binaries link the Swift runtime statically (they run without the toolchain's libraries).
# Extra `swift build` flags for outpostd can be passed in SWIFT_BUILD_FLAGS.
#
# Running it again is safe: files are replaced atomically (also while outpostd runs) and a
# list of what was installed is kept in DIR/share/doc/outpost/install-manifest for --uninstall.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)

say() { printf '%s\n' "$*"; }
note() { printf 'note: %s\n' "$*"; }
die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '2,23s/^# \{0,1\}//p' "$0"; }

prefix="${HOME:?HOME is not set}/.local"
build=yes
mode=install
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) { [ $# -ge 2 ] && [ -n "$2" ]; } || die "--prefix needs a directory"; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#*=}; [ -n "$prefix" ] || die "--prefix needs a directory"; shift ;;
    --no-build) build=no; shift ;;
    --uninstall) mode=uninstall; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

case "$prefix" in
  /*) ;;
  *) prefix="$(pwd)/$prefix" ;;  # ExecStart= needs an absolute path
esac
prefix=${prefix%/}
case "$prefix" in *$'\n'*) die "the prefix must not contain a newline" ;; esac

bin_dir="$prefix/bin"
man_dir="$prefix/share/man/man1"
bash_dir="$prefix/share/bash-completion/completions"
zsh_dir="$prefix/share/zsh/site-functions"
fish_dir="$prefix/share/fish/vendor_completions.d"
doc_dir="$prefix/share/doc/outpost"
manifest="$doc_dir/install-manifest"
unit_dir="${XDG_DATA_HOME:-$HOME/.local/share}/systemd/user"
applications_dir="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
bars_dir="$prefix/share/outpost/bars"
wants_link="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user/sockets.target.wants/outpostd.socket"
data_dir="${OUTPOST_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/outpost}"
config_dir="${OUTPOST_CONFIG_DIR:-${XDG_CONFIG_HOME:-$HOME/.config}/outpost}"

# The only file names --uninstall will ever delete, whatever the manifest says.
known_names=" outpost outpostd outpostd.socket outpostd.service _outpost outpost.fish outpost.1 outpostd.1 outpost-open.desktop config.jsonc style.css outpost.ini outpost.conf outpost.toml README.md "

# True when systemctl can reach this user's service manager.
have_user_manager() {
  command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1
}

scratch=$(mktemp -d "${TMPDIR:-/tmp}/outpost-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

# --- bookkeeping ----------------------------------------------------------------------------

installed_files=()
created_dirs=()
last_state=""        # what put() did last: installed, updated or unchanged
daemon_changed=no    # whether outpostd's binary or units changed (a running daemon is stale)

# mkdir -p that remembers which directories it created, so that --uninstall can remove them
# again (only if they are empty by then).
ensure_dir() {
  local dir=$1 missing=()
  while [ ! -d "$dir" ]; do
    missing=("$dir" ${missing[@]+"${missing[@]}"})
    dir=$(dirname "$dir")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  mkdir -p "${missing[-1]}" || die "cannot create ${missing[-1]}"
  created_dirs+=("${missing[@]}")
}

# put SOURCE DEST MODE: replaces DEST atomically (rename), so that a running outpostd is not
# disturbed ("Text file busy") and a reader never sees half a file.
put() {
  local source=$1 dest=$2 perms=$3 state
  ensure_dir "$(dirname "$dest")"
  if [ -f "$dest" ] && cmp -s "$source" "$dest"; then
    state=unchanged
    chmod "$perms" "$dest"
  else
    state=installed
    [ -e "$dest" ] && state=updated
    install -m "$perms" "$source" "$dest.new.$$" || die "cannot write $dest"
    mv -f "$dest.new.$$" "$dest" || { rm -f "$dest.new.$$"; die "cannot replace $dest"; }
  fi
  installed_files+=("$dest")
  last_state=$state
  printf '  %-9s %s\n' "$state" "$dest"
}

# Records this run's files and directories, plus those of earlier runs that still exist (a
# file an earlier run installed stays listed even if this run skipped it).
write_manifest() {
  local old_files=() old_dirs=() line path
  if [ -f "$manifest" ]; then
    while IFS= read -r line; do
      case "$line" in
        "file "*) path=${line#file }; if [ -e "$path" ]; then old_files+=("$path"); fi ;;
        "dir "*) path=${line#dir }; if [ -d "$path" ]; then old_dirs+=("$path"); fi ;;
      esac
    done <"$manifest"
  fi
  ensure_dir "$doc_dir"
  {
    printf '# Files installed by contrib/install.sh; read by contrib/install.sh --uninstall.\n'
    printf 'prefix %s\n' "$prefix"
    for path in "${installed_files[@]}" ${old_files[@]+"${old_files[@]}"}; do
      printf 'file %s\n' "$path"
    done | awk '!seen[$0]++'
    for path in ${old_dirs[@]+"${old_dirs[@]}"} ${created_dirs[@]+"${created_dirs[@]}"}; do
      printf 'dir %s\n' "$path"
    done | awk '!seen[$0]++'
  } >"$scratch/manifest"
  install -m 0644 "$scratch/manifest" "$manifest"
}

# --- uninstall ------------------------------------------------------------------------------

uninstall() {
  say "Uninstalling Outpost from $prefix"
  if have_user_manager; then
    systemctl --user disable --now outpostd.socket outpostd.service 2>/dev/null || true
    systemctl --user reset-failed outpostd.socket outpostd.service 2>/dev/null || true
  else
    note "no systemd user manager reachable (systemctl --user): if outpostd runs, stop it yourself"
    # What `systemctl --user disable outpostd.socket` would have removed.
    if [ -L "$wants_link" ] && [ "$(readlink "$wants_link")" = "$unit_dir/outpostd.socket" ]; then
      rm -f "$wants_link" && say "  removed   $wants_link (the socket was enabled)"
    fi
  fi

  local files=() dirs=() line path
  if [ -f "$manifest" ]; then
    while IFS= read -r line; do
      case "$line" in
        "file "*) files+=("${line#file }") ;;
        "dir "*) dirs+=("${line#dir }") ;;
      esac
    done <"$manifest"
    files+=("$manifest")
    dirs+=("$doc_dir")
  else
    note "no $manifest; removing the standard files for this prefix"
    files=("$bin_dir/outpostd" "$bin_dir/outpost" "$unit_dir/outpostd.socket"
      "$unit_dir/outpostd.service" "$bash_dir/outpost" "$zsh_dir/_outpost"
      "$fish_dir/outpost.fish" "$man_dir/outpost.1" "$man_dir/outpostd.1")
  fi

  for path in "${files[@]}"; do
    case "$known_names" in
      *" $(basename "$path") "*) ;;
      *) [ "$path" = "$manifest" ] || { note "not removing $path: not a file Outpost installs"; continue; } ;;
    esac
    if [ -f "$path" ] || [ -L "$path" ]; then
      rm -f "$path" && printf '  removed   %s\n' "$path"
    fi
  done
  # Directories the installer created, deepest first, and only while empty.
  for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do
    if rmdir "${dirs[i]}" 2>/dev/null; then printf '  removed   %s/\n' "${dirs[i]}"; fi
  done

  if have_user_manager; then
    systemctl --user daemon-reload && say "Reloaded the systemd user manager."
  fi
  say ""
  say "Outpost is uninstalled. Your data and configuration are never removed by this script:"
  for path in "$data_dir" "$config_dir"; do
    if [ -e "$path" ]; then say "  kept      $path"; else say "  (none)    $path"; fi
  done
  say "Delete them yourself if you no longer want them. Credentials Outpost stored are kept in"
  say "your keyring (Secret Service), not in these directories."
}

# --- install --------------------------------------------------------------------------------

find_binaries() {
  local extra=()
  read -r -a extra <<<"${SWIFT_BUILD_FLAGS:-}"
  if [ "$build" = yes ]; then
    command -v swift >/dev/null 2>&1 \
      || die "swift is not in PATH (install a Swift 6 toolchain, or use --no-build with built binaries)"
    cd "$root"
    say "Building release binaries (swift build -c release, the Swift runtime linked in)..."
    # How and why: contrib/lib/release-build.sh (the benchmarks build the same way).
    # shellcheck source=lib/release-build.sh
    . "$here/lib/release-build.sh"
    local daemon cli
    daemon=$(release_build_daemon ${extra[@]+"${extra[@]}"}) || die "swift build failed (outpostd)"
    cli=$(release_build_cli) || die "swift build failed (outpost)"
    source_dir="$root/.build-static/install-bin"
    mkdir -p "$source_dir"
    cp -f "$root/$daemon" "$source_dir/outpostd"
    cp -f "$root/$cli" "$source_dir/outpost"
  elif [ -x "$root/.build-static/install-bin/outpostd" ] && [ -x "$root/.build-static/install-bin/outpost" ]; then
    source_dir="$root/.build-static/install-bin"
  elif [ -x "$root/.build/release/outpostd" ] && [ -x "$root/.build/release/outpost" ]; then
    source_dir="$root/.build/release"
  elif [ -x "$bin_dir/outpostd" ] && [ -x "$bin_dir/outpost" ]; then
    source_dir=$bin_dir
  else
    die "--no-build: no outpostd and outpost in $root/.build/release or in $bin_dir; build first (drop --no-build)"
  fi
  { [ -x "$source_dir/outpostd" ] && [ -x "$source_dir/outpost" ]; } \
    || die "no outpostd and outpost in $source_dir after the build"
}

# The value for ExecStart=: %-specifiers escaped, quoted if the path has spaces or quotes.
exec_start_value() {
  local path=$1
  if [ "$path" = "$HOME/.local/bin/outpostd" ]; then
    printf '%s' '%h/.local/bin/outpostd'  # as shipped; also survives a change of $HOME
    return
  fi
  path=${path//%/%%}
  case "$path" in
    *[[:space:]\"\'\\]*) path=${path//\\/\\\\}; path=\"${path//\"/\\\"}\" ;;
  esac
  printf '%s' "$path"
}

install_units() {
  local value replacement
  value=$(exec_start_value "$bin_dir/outpostd")
  replacement=$(printf '%s' "$value" | sed 's/[\\&|]/\\&/g')
  sed "s|^ExecStart=.*|ExecStart=$replacement|" "$root/systemd/outpostd.service" >"$scratch/outpostd.service"
  { [ "$(grep -c '^ExecStart=' "$scratch/outpostd.service")" = 1 ] \
    && grep -qxF "ExecStart=$value" "$scratch/outpostd.service"; } \
    || die "could not rewrite ExecStart= in outpostd.service"
  put "$root/systemd/outpostd.socket" "$unit_dir/outpostd.socket" 0644
  [ "$last_state" = unchanged ] || daemon_changed=yes
  put "$scratch/outpostd.service" "$unit_dir/outpostd.service" 0644
  [ "$last_state" = unchanged ] || daemon_changed=yes
}

install_completions() {
  local shell
  for shell in bash zsh fish; do
    "$bin_dir/outpost" --generate-completion-script "$shell" >"$scratch/completion.$shell" \
      || die "$bin_dir/outpost --generate-completion-script $shell failed"
  done
  put "$scratch/completion.bash" "$bash_dir/outpost" 0644
  put "$scratch/completion.zsh" "$zsh_dir/_outpost" 0644
  put "$scratch/completion.fish" "$fish_dir/outpost.fish" 0644
}

install_manpages() {
  if ! command -v python3 >/dev/null 2>&1; then
    note "python3 not found: skipping the man pages (contrib/generate-manpages.sh needs it)"
    return
  fi
  "$here/generate-manpages.sh" --bin-dir "$bin_dir" --out-dir "$scratch/man" >/dev/null \
    || die "generating the man pages failed"
  put "$scratch/man/outpost.1" "$man_dir/outpost.1" 0644
  put "$scratch/man/outpostd.1" "$man_dir/outpostd.1" 0644
}

# The link handler: outpost:// links and those of each service's app (volleykit://, as the
# connectors declare them; `outpostd --print-link-schemes`) open with `outpost open`. Like the
# units, it goes where the user's desktop looks.
install_desktop_file() {
  local value replacement schemes mime handlers name
  # Desktop entries escape like systemd does: % doubled, quotes around spaces.
  value=$(exec_start_value "$bin_dir/outpost")
  replacement=$(printf '%s' "$value" | sed 's/[\\&|]/\\&/g')
  schemes=$("$bin_dir/outpostd" --print-link-schemes) || die "outpostd --print-link-schemes failed"
  mime="MimeType="
  handlers=""
  for name in $schemes; do
    case "$name" in
      *[!a-z0-9+.-]* | "") die "outpostd printed an odd link scheme: '$name'" ;;
    esac
    mime="${mime}x-scheme-handler/$name;"
    handlers="$handlers x-scheme-handler/$name"
  done
  sed -e "s|^Exec=outpost |Exec=$replacement |" -e "s|^MimeType=.*|$mime|" "$here/outpost-open.desktop" \
    >"$scratch/outpost-open.desktop"
  grep -q "^Exec=.* open %u$" "$scratch/outpost-open.desktop" || die "could not rewrite Exec= in outpost-open.desktop"
  put "$scratch/outpost-open.desktop" "$applications_dir/outpost-open.desktop" 0644
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$applications_dir" 2>/dev/null || true
  fi
  if command -v xdg-mime >/dev/null 2>&1; then
    # shellcheck disable=SC2086 # one argument per scheme
    xdg-mime default outpost-open.desktop $handlers 2>/dev/null \
      || note "xdg-mime could not register the link schemes; open links with 'outpost open LINK'"
  fi
}

# The presets Outpost ships (the Agile Network's brands: no brand value is compiled in), where
# the installed binaries look first: PREFIX/share/outpost beside PREFIX/bin.
install_presets() {
  put "$root/share/outpost/presets.toml" "$prefix/share/outpost/presets.toml" 0644
}

# The status-bar modules (contrib/bars), for the user to copy into the bar's configuration.
install_bars() {
  local file
  for file in README.md waybar/config.jsonc waybar/style.css polybar/outpost.ini i3blocks/outpost.conf \
    i3status-rust/outpost.toml; do
    put "$here/bars/$file" "$bars_dir/$file" 0644
  done
}

install_all() {
  { [ -f "$root/systemd/outpostd.service" ] && [ -f "$root/systemd/outpostd.socket" ]; } \
    || die "$root/systemd/outpostd.{service,socket} not found; run this script from an Outpost checkout"
  find_binaries
  say "Installing Outpost into $prefix"
  if [ "$source_dir" -ef "$bin_dir" ]; then
    say "  using the binaries already in $bin_dir"
    installed_files+=("$bin_dir/outpostd" "$bin_dir/outpost")
  else
    put "$source_dir/outpostd" "$bin_dir/outpostd" 0755
    [ "$last_state" = unchanged ] || daemon_changed=yes
    put "$source_dir/outpost" "$bin_dir/outpost" 0755
  fi
  "$bin_dir/outpost" --version >/dev/null 2>&1 \
    || die "$bin_dir/outpost does not run (built with --no-build elsewhere? it needs that toolchain's Swift runtime libraries)"
  install_presets
  install_units
  install_completions
  install_manpages
  install_desktop_file
  install_bars
  write_manifest
  printf '  %-9s %s\n' written "$manifest"

  say ""
  local running=no
  if have_user_manager; then
    systemctl --user daemon-reload && say "Reloaded the systemd user manager."
    systemctl --user is-active --quiet outpostd.service && running=yes
  else
    note "no systemd user manager reachable (systemctl --user); run 'systemctl --user daemon-reload' in your session"
  fi
  case ":$PATH:" in
    *":$bin_dir:"*) ;;
    *) note "$bin_dir is not in PATH; add it, or call $bin_dir/outpost" ;;
  esac
  if [ "$zsh_dir" != /usr/share/zsh/site-functions ] && [ "$zsh_dir" != /usr/local/share/zsh/site-functions ]; then
    note "zsh: add 'fpath=($zsh_dir \$fpath)' before compinit in ~/.zshrc to get completions"
  fi

  say ""
  say "Next steps:"
  if [ "$running" = yes ] && [ "$daemon_changed" = yes ]; then
    say "  systemctl --user restart outpostd.service   # the running outpostd predates this install"
  elif [ "$running" = yes ]; then
    say "  (outpostd is running and up to date)"
  else
    say "  systemctl --user enable --now outpostd.socket   # outpostd then starts on demand"
  fi
  say "  outpost status"
  say "Status bars: see $bars_dir/README.md (waybar, polybar, i3blocks, i3status-rust)"
  say "Logs: journalctl --user -u outpostd   Manual: man outpostd, man outpost"
  say "Data: $data_dir   Config: $config_dir (outpostd --print-config shows every key)"
}

if [ "$mode" = uninstall ]; then uninstall; else install_all; fi
