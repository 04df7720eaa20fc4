"""The reader of contrib/week.sh: what a status bar and a user glancing at the agenda see.

Polls `outpost agenda`, `outpost items` and the bars' snapshot.json until WORLD/reader.stop
appears, and counts every poll that failed (an error exit, unreadable output) and every empty
view of data that existed: an account whose items all vanished, an agenda or a snapshot that
went empty after showing something. Pauses while WORLD/reader.pause exists (the machine is
asleep) and says so by creating WORLD/reader.paused. Also looks for secrets in every reply:
the accounts' passwords and anything shaped like a JWT.

At the end it writes WORLD/reader.json: {"polls", "errors", "empty", "secrets", "problems"}.

    python3 week-reader.py WORLD OUTPOST RUNTIME_DIR PASSWORD...
"""

import json
import os
import re
import subprocess
import sys
import time

world, outpost, runtime = sys.argv[1:4]
passwords = [p.encode() for p in sys.argv[4:]]
jwt = re.compile(rb"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}")
figures = {"polls": 0, "errors": 0, "empty": 0, "secrets": 0, "problems": []}
seen = {"agenda": False, "snapshot": False, "accounts": set()}


def problem(text):
    if len(figures["problems"]) < 50:
        figures["problems"].append(time.strftime("%Y-%m-%dT%H:%M:%S") + " " + text)


def secrets_in(data):
    return any(p in data for p in passwords) or jwt.search(data) is not None


def run(*arguments):
    """The CLI's JSON reply, or None after counting the failure."""
    figures["polls"] += 1
    try:
        done = subprocess.run([outpost, *arguments, "--json"], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        figures["errors"] += 1
        problem(f"outpost {' '.join(arguments)}: no reply in 60 s")
        return None
    if secrets_in(done.stdout) or secrets_in(done.stderr):
        figures["secrets"] += 1
        problem(f"outpost {' '.join(arguments)}: a secret in the reply")
    if done.returncode != 0:
        figures["errors"] += 1
        problem(f"outpost {' '.join(arguments)}: exit {done.returncode}: {done.stderr.decode(errors='replace')[:200]}")
        return None
    try:
        return json.loads(done.stdout)
    except ValueError as error:
        figures["errors"] += 1
        problem(f"outpost {' '.join(arguments)}: unreadable reply: {error}")
        return None


def poll_once():
    agenda = run("agenda", "--days", "60")
    if agenda is not None:
        if agenda["items"]:
            seen["agenda"] = True
        elif seen["agenda"]:
            figures["empty"] += 1
            problem("the agenda's next 60 days went empty")
    items = run("items")
    if items is not None:
        accounts = {row["account"] for row in items["items"]}
        for gone in seen["accounts"] - accounts:
            figures["empty"] += 1
            problem(f"every item of {gone} vanished")
        seen["accounts"] |= accounts
    figures["polls"] += 1
    path = os.path.join(runtime, "snapshot.json")
    try:
        with open(path, "rb") as file:
            data = file.read()
        snapshot = json.loads(data)
    except (OSError, ValueError) as error:
        figures["errors"] += 1
        problem(f"snapshot.json: {error}")
        return
    if secrets_in(data):
        figures["secrets"] += 1
        problem("snapshot.json: a secret")
    if snapshot.get("next"):
        seen["snapshot"] = True
    elif seen["snapshot"]:
        figures["empty"] += 1
        problem("snapshot.json lists nothing upcoming")


def main():
    pause, paused, stop = (os.path.join(world, name) for name in ("reader.pause", "reader.paused", "reader.stop"))
    while not os.path.exists(stop):
        if os.path.exists(pause):
            open(paused, "w").close()
            time.sleep(0.05)
            continue
        if os.path.exists(paused):
            os.remove(paused)
        poll_once()
        time.sleep(0.1)
    figures["accountsSeen"] = sorted(seen["accounts"])
    with open(os.path.join(world, "reader.json"), "w") as file:
        json.dump(figures, file)


main()
