#!/usr/bin/env python3
"""Turn swift-argument-parser's `--experimental-dump-help` JSON into a troff man page.

Usage:
    outpost --experimental-dump-help | contrib/manpage.py --version 0.1.0 > outpost.1
    contrib/manpage.py --input outpostd.json --version 0.1.0 --output outpostd.1

The command tree (abstracts, discussions, options, subcommands) comes from the JSON, so the
page always matches the binary. Discussion paragraphs are sorted into sections:
  - a paragraph starting "Exit status:" becomes EXIT STATUS (one entry per "N meaning;" item);
  - a paragraph starting "Files" is dropped in favour of the FILES section below;
  - everything else is DESCRIPTION.
FILES, ENVIRONMENT and SEE ALSO are Outpost-specific text kept here, next to the generator.

Standard library only (Python 3.8+).
"""

import argparse
import datetime
import json
import os
import re
import sys

# --- Outpost-specific sections -------------------------------------------------------------

FILES = [
    (
        "$XDG_RUNTIME_DIR/outpost/outpost.sock",
        "The daemon's JSON-RPC socket (mode 0600). Created by outpostd.socket when systemd starts "
        "the daemon on demand, otherwise by outpostd itself. Overridden by OUTPOST_SOCKET, "
        "OUTPOST_RUNTIME_DIR or --socket.",
    ),
    (
        "$XDG_RUNTIME_DIR/outpost/",
        "The private (0700) runtime directory: the socket, the instance lock outpostd.lock and "
        "the status-bar snapshot files. Not persistent. Overridden by OUTPOST_RUNTIME_DIR.",
    ),
    (
        "$XDG_DATA_HOME/outpost/outpost.sqlite",
        "The database (default ~/.local/share/outpost/outpost.sqlite), next to the generated "
        "calendars. Overridden by OUTPOST_DATA_DIR.",
    ),
    (
        "$XDG_CONFIG_HOME/outpost/config.toml",
        "The daemon's configuration (default ~/.config/outpost/config.toml). "
        "`outpostd --print-config` prints every key with its default and meaning; "
        "`outpostd --check-config` checks the file. Overridden by OUTPOST_CONFIG_DIR.",
    ),
    (
        "~/.local/share/systemd/user/outpostd.socket, outpostd.service",
        "The systemd user units installed by contrib/install.sh. Enable with "
        "`systemctl --user enable --now outpostd.socket`; the daemon's log is in "
        "`journalctl --user -u outpostd`.",
    ),
]

ENVIRONMENT = [
    ("OUTPOST_RUNTIME_DIR", "Use this directory instead of $XDG_RUNTIME_DIR/outpost for the socket and the lock. It must be private to the user."),
    ("OUTPOST_SOCKET", "Use this socket path instead of $OUTPOST_RUNTIME_DIR/outpost.sock or $XDG_RUNTIME_DIR/outpost/outpost.sock. The --socket option takes precedence."),
    ("OUTPOST_DATA_DIR", "Use this directory instead of $XDG_DATA_HOME/outpost for the database and calendars."),
    ("OUTPOST_CONFIG_DIR", "Use this directory instead of $XDG_CONFIG_HOME/outpost for config.toml."),
    ("XDG_RUNTIME_DIR", "The per-user runtime directory (set by systemd-logind, usually /run/user/UID). Without it, and without OUTPOST_RUNTIME_DIR or --socket, Outpost refuses to guess a socket path."),
    ("XDG_DATA_HOME", "Base of the data directory; ~/.local/share when unset."),
    ("XDG_CONFIG_HOME", "Base of the config directory; ~/.config when unset."),
    ("HOME", "Used for the defaults above when the XDG variables are unset."),
]

DAEMON_ENVIRONMENT = [
    ("LISTEN_FDS, LISTEN_PID", "Set by systemd socket activation: outpostd serves the socket it is passed instead of creating one."),
    ("NOTIFY_SOCKET", "Set by systemd for Type=notify services: outpostd reports READY=1, STATUS= and STOPPING=1 there."),
    ("WATCHDOG_USEC", "Set by systemd from WatchdogSec=: outpostd sends WATCHDOG=1 at half this interval."),
    ("JOURNAL_STREAM", "Set by systemd when stderr goes to the journal: log lines then carry <N> priority prefixes instead of timestamps."),
]

SEE_ALSO = {
    "outpost": ["outpostd(1)", "systemctl(1)", "journalctl(1)"],
    "outpostd": ["outpost(1)", "systemctl(1)", "journalctl(1)", "systemd.socket(5)", "systemd.service(5)", "sd_notify(3)"],
}

# --- troff helpers ---------------------------------------------------------------------------

OPTION_TOKEN = re.compile(r"(?<![\w/.-])(--?[A-Za-z][\w-]*)")


def escape(text):
    """Escapes text for troff: backslashes, and dashes in option names (so they render and
    search as ASCII hyphen-minus)."""
    text = text.replace("\\", "\\e")
    return OPTION_TOKEN.sub(lambda m: m.group(1).replace("-", "\\-"), text)


def inline(text):
    """Escapes text and turns `code` spans into bold."""
    parts = text.split("`")
    out = []
    for index, part in enumerate(parts):
        if index % 2 == 1 and index < len(parts) - 1:
            out.append("\\fB" + part.replace("\\", "\\e").replace("-", "\\-") + "\\fR")
        else:
            out.append(escape(part) if index % 2 == 0 else "`" + escape(part))
    return "".join(out)


def line(text):
    """A text line that troff does not take for a request."""
    if text.startswith((".", "'")):
        return "\\&" + text
    return text


def paragraphs(text):
    return [p for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def render_paragraph(paragraph):
    """A paragraph; indented lines (tables, examples) are kept as they are."""
    rows = paragraph.split("\n")
    if any(row.startswith((" ", "\t")) for row in rows[1:]):
        out = [line(inline(rows[0])), ".PP", ".RS 4", ".nf"]
        out += [line(escape(row.strip("\n"))) for row in rows[1:]]
        out += [".fi", ".RE"]
        return out
    return [line(inline(" ".join(row.strip() for row in rows)))]


# --- the command tree --------------------------------------------------------------------------


def names_of(argument):
    names = []
    for name in argument.get("names", []):
        kind = name["kind"]
        if kind == "short":
            names.append("-" + name["name"])
        elif kind == "long":
            names.append("--" + name["name"])
        elif kind == "longWithSingleDash":
            names.append("-" + name["name"])
    return names


def visible(argument):
    return argument.get("shouldDisplay", True)


def is_builtin(argument):
    return argument.get("kind") == "flag" and argument.get("valueName") in ("help", "version")


def synopsis_token(argument):
    kind = argument["kind"]
    value = argument.get("valueName", "value")
    if kind == "positional":
        token = "\\fI" + value + "\\fR"
        if argument.get("isRepeating"):
            token += " ..."
        return "[" + token + "]" if argument.get("isOptional") else token
    preferred = argument.get("preferredName") or (argument.get("names") or [None])[0]
    flag = names_of({"names": [preferred]})[0] if preferred else "--" + value
    token = "\\fB" + flag.replace("-", "\\-") + "\\fR"
    if kind == "option":
        token += " \\fI" + value + "\\fR"
    if argument.get("isRepeating"):
        token += " ..."
    return "[" + token + "]" if argument.get("isOptional", True) else token


def option_entry(argument):
    kind = argument["kind"]
    value = argument.get("valueName", "value")
    if kind == "positional":
        head = "\\fI" + value + "\\fR"
    else:
        head = ", ".join("\\fB" + n.replace("-", "\\-") + "\\fR" for n in names_of(argument))
        if kind == "option":
            head += " \\fI" + value + "\\fR"
    body = inline(argument.get("abstract") or "")
    extras = []
    if argument.get("defaultValue") is not None:
        extras.append("Default: " + escape(str(argument["defaultValue"])) + ".")
    if argument.get("allValues"):
        extras.append("One of: " + escape(", ".join(argument["allValues"])) + ".")
    if argument.get("isRepeating") and kind != "positional" and "repeat" not in body:
        extras.append("May be repeated.")
    if argument.get("discussion"):
        extras.append(inline(argument["discussion"]))
    return [".TP", line(head), line(" ".join([body] + extras).strip())]


def split_discussion(discussion):
    """Returns (description paragraphs, exit status paragraph or None)."""
    description, exit_status = [], None
    for paragraph in paragraphs(discussion):
        stripped = paragraph.strip()
        if re.match(r"exit status:", stripped, re.I):
            exit_status = stripped
        elif re.match(r"files\b", stripped, re.I):
            continue  # covered by FILES
        else:
            description.append(paragraph)
    return description, exit_status


def render_exit_status(paragraph):
    body = re.sub(r"^exit status:\s*", "", " ".join(paragraph.split()), flags=re.I).rstrip(".")
    items = [item.strip() for item in body.split(";") if item.strip()]
    parsed = [re.match(r"^(\d+)\s+(.*)$", item) for item in items]
    if not all(parsed):
        return render_paragraph(paragraph)
    out = []
    for match in parsed:
        meaning = match.group(2)
        out += [".TP", "\\fB" + match.group(1) + "\\fR", line(inline(meaning[:1].upper() + meaning[1:]) + ".")]
    return out


def render_command(command, path, out):
    """A subcommand's COMMANDS subsection, then its own subcommands'."""
    arguments = [a for a in command.get("arguments", []) if visible(a) and not is_builtin(a)]
    described = [a for a in arguments if a.get("abstract")]
    full = " ".join(path)
    synopsis = " ".join(["\\fB" + full + "\\fR"] + [synopsis_token(a) for a in arguments])
    if command.get("subcommands"):
        synopsis += " \\fIcommand\\fR"
    out += ['.SS "%s"' % full, line(synopsis)]
    out += [".PP", line(inline(command.get("abstract") or ""))]
    description, exit_status = split_discussion(command.get("discussion"))
    for paragraph in description + ([exit_status] if exit_status else []):
        out += [".PP"] + render_paragraph(paragraph)
    if described:
        out += [".PP", "Options:", ".RS 4"]
        for argument in described:
            out += option_entry(argument)
        out += [".RE"]
    for sub in command.get("subcommands", []):
        if sub.get("shouldDisplay", True):
            render_command(sub, path + [sub["commandName"]], out)


def man_page(dump, version, date, section="1"):
    root = dump["command"]
    name = root["commandName"]
    out = [
        '.\\" Generated by contrib/manpage.py from `%s --experimental-dump-help`; do not edit.' % name,
        '.TH "%s" "%s" "%s" "Outpost %s" "User Commands"' % (name.upper(), section, date, version),
        ".nh",  # no hyphenation: paths, options and variable names must stay whole
        ".ad l",
        ".SH NAME",
        line("%s \\- %s" % (name, inline((root.get("abstract") or "").rstrip(".")))),
    ]

    arguments = [a for a in root.get("arguments", []) if visible(a)]
    subcommands = [s for s in root.get("subcommands", []) if s.get("shouldDisplay", True)]
    if all(s["commandName"] == "help" for s in subcommands):
        # swift-argument-parser adds a `help` subcommand to every root command; on its own it
        # is not worth a COMMANDS section.
        subcommands = []
    out += [".SH SYNOPSIS"]
    if subcommands:
        shown = [a for a in arguments if not is_builtin(a)]
        out.append(line(" ".join(["\\fB" + name + "\\fR"] + [synopsis_token(a) for a in shown] + ["\\fIcommand\\fR", "[\\fIoptions\\fR]"])))
        out += [".br", line("\\fB%s\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR" % name)]
    else:
        out.append(line(" ".join(["\\fB" + name + "\\fR"] + [synopsis_token(a) for a in arguments])))

    description, exit_status = split_discussion(root.get("discussion"))
    out += [".SH DESCRIPTION"]
    for paragraph in description:
        out += [".PP"] + render_paragraph(paragraph)
    if not description:
        out += [".PP", line(inline(root.get("abstract") or ""))]

    if arguments:
        out += [".SH OPTIONS"]
        for argument in arguments:
            out += option_entry(argument)
        if subcommands:
            out += [".PP", "Each command also takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR and \\fB\\-\\-version\\fR."]

    if subcommands:
        out += [".SH COMMANDS"]
        for sub in subcommands:
            render_command(sub, [name, sub["commandName"]], out)

    if exit_status:
        out += [".SH EXIT STATUS"] + render_exit_status(exit_status)

    out += [".SH FILES"]
    for path, text in FILES:
        out += [".TP", line("\\fI" + escape(path) + "\\fR"), line(inline(text))]

    out += [".SH ENVIRONMENT"]
    for variable, text in ENVIRONMENT + (DAEMON_ENVIRONMENT if name == "outpostd" else []):
        out += [".TP", line("\\fB" + escape(variable) + "\\fR"), line(inline(text))]

    see_also = SEE_ALSO.get(name, ["outpost(1)", "outpostd(1)"])
    refs = []
    for ref in see_also:
        page, sect = re.match(r"^(.*)\((\w+)\)$", ref).groups()
        refs.append("\\fB%s\\fR(%s)" % (escape(page), sect))
    out += [".SH SEE ALSO", line(", ".join(refs))]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", help="the --experimental-dump-help JSON (default: stdin)")
    parser.add_argument("--output", help="where to write the page (default: stdout)")
    parser.add_argument("--version", default="", help="the program's version, for the page footer")
    parser.add_argument("--section", default="1")
    parser.add_argument("--date", help="YYYY-MM-DD (default: $SOURCE_DATE_EPOCH, else today)")
    options = parser.parse_args()

    try:
        if options.input:
            with open(options.input, encoding="utf-8") as stream:
                dump = json.load(stream)
        else:
            dump = json.load(sys.stdin)
    except (OSError, ValueError) as error:
        sys.exit("manpage.py: cannot read the help dump: %s" % error)
    if not isinstance(dump, dict) or "command" not in dump:
        sys.exit("manpage.py: not an --experimental-dump-help document (no \"command\" key)")

    date = options.date
    if not date:
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        moment = (
            datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
            if epoch
            else datetime.datetime.now(datetime.timezone.utc)
        )
        date = moment.strftime("%Y-%m-%d")

    page = man_page(dump, options.version, date, options.section)
    if options.output:
        with open(options.output, "w", encoding="utf-8") as stream:
            stream.write(page)
    else:
        sys.stdout.write(page)


if __name__ == "__main__":
    main()
