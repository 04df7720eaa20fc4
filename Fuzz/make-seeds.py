#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora (Fuzz/Corpus/TARGET/) from what the project already
holds: the OpenRPC examples, the iCalendar texts in the tests and the sandbox, the TOML files and
the README's configuration blocks. Run it again when those change; the seeds are committed."""
import hashlib
import json
import pathlib
import re

fuzz = pathlib.Path(__file__).resolve().parent
root = fuzz.parent
corpus = fuzz / "Corpus"


def write(target: str, data: bytes) -> None:
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)


def swift_multiline_strings(text: str):
    # """ ... """ literals, with Swift's escapes for \n, \r and \t resolved.
    for raw, block in re.findall(r'(#?)"""\n(.*?)\n\s*"""#?', text, re.S):
        lines = block.split("\n")
        indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        body = "\n".join(l[indent:] for l in lines)
        if raw:
            body = body.replace("\\#t", "\t").replace("\\#r", "\r").replace("\\#n", "\n")
        else:
            body = body.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"')
        yield body


# JSON and JSON-RPC: every example request and reply, one line each, and a batch of requests.
requests = []
for path in sorted((root / "rpc-schema" / "examples").glob("*.json")):
    example = json.loads(path.read_text())
    for part in ("request", "response"):
        if part in example:
            line = json.dumps(example[part], separators=(",", ":"), ensure_ascii=False).encode()
            write("json", line)
            if part == "request":
                write("rpc", line)
                requests.append(example[part])
write("rpc", json.dumps(requests[:5], separators=(",", ":")).encode())
write("rpc", b'{"jsonrpc":"2.0","method":"daemon.status"}')
write("rpc", b"[]")
write("json", json.dumps(json.loads((root / "rpc-schema" / "snapshot.schema.json").read_text())).encode())

# iCalendar: the tests' and the sandbox's calendars.
sources = list((root / "Tests").rglob("*.swift")) + list((root / "Sources" / "OutpostSandbox").rglob("*.swift"))
for path in sorted(sources):
    for body in swift_multiline_strings(path.read_text()):
        if "BEGIN:VCALENDAR" in body or "BEGIN:VEVENT" in body:
            write("ical", body.replace("\r\n", "\n").replace("\n", "\r\n").encode())

# One recurring event per rule the recurrence tests use, with overrides and exceptions.
recurrence = pathlib.Path(root / "Tests" / "OutpostCalendarTests" / "RecurrenceTests.swift").read_text()
for rule, start in re.findall(r'starts\(\s*"(FREQ=[^"]*)", start: "([^"]*)"', recurrence):
    event = (
        "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:r\nDTSTART" + start + "\nDTEND" + start
        + "\nRRULE:" + rule + "\nEXDATE:20260102T000000Z\nRDATE:20260501T100000Z\nEND:VEVENT\n"
        + "BEGIN:VEVENT\nUID:r\nRECURRENCE-ID:20260310T180000Z\nDTSTART:20260311T180000Z\nEND:VEVENT\nEND:VCALENDAR\n"
    )
    write("ical", event.replace("\n", "\r\n").encode())

# TOML: the shipped presets, the bar examples, and the README's configuration blocks.
for path in [root / "share" / "outpost" / "presets.toml", *sorted((root / "contrib").rglob("*.toml"))]:
    write("toml", path.read_bytes())
for path in [root / "README.md", *sorted((root / "Tests").rglob("*TOML*.swift"))]:
    text = path.read_text()
    for block in re.findall(r"```toml\n(.*?)```", text, re.S):
        write("toml", block.encode())
    if path.suffix == ".swift":
        for body in swift_multiline_strings(text):
            write("toml", body.encode())

# The connectors' targets: every literal in their tests (and the sandbox's sources) that is JSON,
# HTML, XML or CSV. A target whose first byte picks a status code or mode gets the literal behind
# a 0 byte (HTTP 200, the first mode); the VolleyManager target's HTML mode is 0, JSON mode 1.
def literals(text: str):
    yield from swift_multiline_strings(text)
    for raw in re.findall(r'#"(.*?)"#', text):
        yield raw.replace("\\#n", "\n")
    for plain in re.findall(r'(?<![#\\])"((?:[^"\\\n]|\\.)*)"', text):
        yield plain.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def is_json(text: str) -> bool:
    if not text.strip().startswith(("{", "[")):
        return False
    try:
        json.loads(text)
        return True
    except ValueError:
        return False


def test_files(*patterns):
    for pattern in patterns:
        yield from sorted(root.glob(pattern))


connector_seeds = {
    "volleymanager": test_files("Tests/OutpostTests/Connectors/VolleyManager*.swift", "Sources/OutpostSandbox/VolleyManager*.swift"),
    "rpp": test_files("Tests/OutpostTests/Connectors/RPP*.swift", "Tests/OutpostSandboxTests/RPP*.swift"),
    "graphql": test_files("Tests/OutpostTests/Connectors/Agile*.swift", "Tests/OutpostSandboxTests/Agile*.swift"),
    "supabase": test_files("Tests/OutpostTests/ViiRaa/*.swift", "Tests/OutpostTests/Agility/*.swift", "Tests/OutpostTests/Connectors/Supabase*.swift", "Tests/OutpostSandboxTests/*Supabase*.swift"),
    "oidc": test_files("Tests/OutpostTests/Connectors/*OIDC*.swift", "Tests/OutpostTests/Connectors/IDToken*.swift", "Tests/OutpostSandboxTests/Keycloak*.swift"),
    "caldav": test_files("Tests/OutpostTests/CalDAV/*.swift"),
    "cgm-csv": test_files("Tests/OutpostTests/ViiRaa/CGM*.swift", "Tests/OutpostTests/Connectors/ViiRaa*.swift"),
    "bank-csv": test_files("Tests/OutpostTests/Agility/BankCSV*.swift"),
}
for target, paths in connector_seeds.items():
    for path in paths:
        for text in literals(path.read_text()):
            if len(text) < 8:
                continue
            data = text.encode()
            if target == "caldav":
                if "<" in text and ">" in text:
                    write(target, data)
            elif target in ("cgm-csv", "bank-csv"):
                if text.count("\n") >= 1 and ("," in text or ";" in text or "\t" in text):
                    write(target, b"\0" + data)
            elif target == "volleymanager" and "<" in text and ">" in text:
                write(target, b"\0" + data)
            elif is_json(text):
                write(target, (b"\1" if target == "volleymanager" else b"\0") + data)
for seed in (corpus / "toml").iterdir():
    write("config", seed.read_bytes())

# Dictionaries for the JSON-reading connector targets: the JSON tokens plus every key and short
# text value their seeds hold, so the fuzzer writes field names it would rarely guess.
def strings_in(value, found):
    if isinstance(value, dict):
        for key, member in value.items():
            found.add(key)
            strings_in(member, found)
    elif isinstance(value, list):
        for member in value:
            strings_in(member, found)
    elif isinstance(value, str) and len(value) <= 24:
        found.add(value)


base = (fuzz / "Dictionaries" / "json.dict").read_text()
for target in ("volleymanager", "rpp", "graphql", "supabase", "oidc"):
    found = set()
    for seed in (corpus / target).iterdir():
        try:
            strings_in(json.loads(seed.read_bytes()[1:]), found)
        except ValueError:
            pass
    entries = sorted(json.dumps(json.dumps(s))[1:-1] for s in found if s and s.isprintable())
    (fuzz / "Dictionaries" / f"{target}.dict").write_text(base + "".join(f'"{e}"\n' for e in entries))

for folder in sorted(corpus.iterdir()):
    print(f"{folder.name}: {len(list(folder.iterdir()))} seeds")
