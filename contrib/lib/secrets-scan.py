"""Looks for secrets in files: the sandbox's demo passwords, anything shaped like a JWT or a
bearer header, and the lines of --needles FILE (secrets collected during a run, such as the
keyring's refresh tokens). Prints each file that holds one and what kind; exit 1 if any does.

    python3 contrib/lib/secrets-scan.py [--needles FILE] PATH...

CI runs it on the output of `swift test` (issue 19: no secret in test output); soak.sh and
week.sh scan their daemon's files the same way.
"""

import pathlib
import re
import sys

PASSWORDS = [b"demo-referee-2026", b"demo-twofactor-2026", b"demo-tasks-2026", b"sandbox-password",
             b"demo-viiraa-2026", b"demo-agility-2026"]
JWT = re.compile(rb"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}")


def main(arguments):
    needles = list(PASSWORDS)
    if arguments[:1] == ["--needles"]:
        needles += [line.strip().encode() for line in open(arguments[1]) if len(line.strip()) >= 8]
        arguments = arguments[2:]
    if not arguments:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    found = 0
    for argument in arguments:
        root = pathlib.Path(argument)
        for path in [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file()):
            data = path.read_bytes()
            kinds = [kind for kind, hit in (
                ("a password or collected secret", any(needle in data for needle in needles)),
                ("a JWT", JWT.search(data) is not None),
                ("a bearer header", b"Bearer ey" in data)) if hit]
            if kinds:
                found += 1
                print(f"{path}: {', '.join(kinds)}")
    print(f"secrets scan: {found} file(s) holding a secret", file=sys.stderr)
    return 1 if found else 0


sys.exit(main(sys.argv[1:]))
