#!/usr/bin/env python3
"""Every CLI command's CommandConfiguration names the command (commandName:).

Without one, ArgumentParser derives the name from String(describing: Self.self) when it builds
the command tree at every start, and each such call makes the Swift runtime walk every protocol
conformance record in the binary: 41 unnamed commands were a quarter of `outpost --version`
(issue 20's profile). Exit 1 and name the commands that lack one.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "outpost"
missing = []
for path in sorted(root.rglob("*.swift")):
    text = path.read_text(encoding="utf-8")
    for match in re.finditer(r"CommandConfiguration\(", text):
        depth, index = 1, match.end()
        while depth and index < len(text):
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            index += 1
        if "commandName:" not in text[match.end():index]:
            line = text.count("\n", 0, match.start()) + 1
            missing.append(f"{path.relative_to(root.parents[1])}:{line}")
if missing:
    print("CommandConfiguration without commandName (add one; see this script's comment):", file=sys.stderr)
    print("\n".join(missing), file=sys.stderr)
    sys.exit(1)
print(f"every command names itself ({root.relative_to(root.parents[1])})")
