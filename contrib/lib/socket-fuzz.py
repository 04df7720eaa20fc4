"""Socket abuse against a live outpostd (issue 47 §1), for contrib/socket-fuzz.sh.

Does what real clients do to the socket, chosen at random from a seed, one operation at a time:
- replay-hangup: `events.subscribe` with `since`, then hangs up at a random byte of the reply and
  replay (a bar script piped into `head`, a crashed client), half the time with a reset;
- half-close: a request (sometimes without its newline), then shutdown(SHUT_WR); the reply
  must still come (`echo … | socat`, `nc -N`);
- stall: a subscriber with a tiny receive buffer that pipelines large requests and never reads,
  kept open for a while as events keep coming (a frozen bar);
- malformed / truncated: garbage, invalid JSON, deep nesting, wrong types, oversized and
  unterminated frames; after a garbage line the same connection must still answer;
- churn: subscribers coming and going (closed, reset, unsubscribed) while a sync runs (a task
  is changed in the sandbox, then `sync.run`, so the syncs really write and publish events);
- ordinary: the requests a CLI or a bar makes, on fresh and on kept connections.

Between batches every connection it holds is closed, the daemon must answer `daemon.status`
with only that connection left and no subscriber, and VmRSS is sampled from /proc. Prints one
table; exits 1 when the daemon died, stopped answering, kept connections of clients that were
gone, or grew (RSS after the last batch above `--rss-limit` times the RSS after warm-up: the
first 10 % of the run with the retained events' window full), or when an operation met an
unexpected error. Python 3 standard library only.
"""

import argparse
import json
import os
import random
import socket
import struct
import sys
import time
import urllib.request
from collections import Counter

TIMEOUT = 10.0
# At most one sync asked for in this time: each writes the calendars and the bar's files, and
# more would only measure the sync, not the socket.
SYNC_GAP = 1.0
SETTLE = 1.5
FRAME_LIMIT = 65536  # rpc.max_frame_bytes in the daemon's config.toml (contrib/socket-fuzz.sh)

WEIGHTS = [
    ("replay-hangup", 24),
    ("half-close", 10),
    ("stall", 1),
    ("malformed", 14),
    ("truncated", 8),
    ("churn", 12),
    ("ordinary", 30),
]

# What a CLI or a bar asks, the cheap ones (1–10 ms each in a debug build); `items.list` of
# everything (70 ms, 580 kB here) is one in a hundred of the ordinary requests.
ORDINARY = [
    ("daemon.hello", {"client": "socket-fuzz"}),
    ("daemon.status", {}),
    ("sync.status", {}),
    ("accounts.list", {}),
    ("accounts.kinds", {}),
    ("items.list", {"kinds": ["task"]}),
    ("items.list", {"kinds": ["assignment"], "statuses": ["active"]}),
    ("notifications.list", {"limit": 5}),
    ("snapshot.get", {"format": "line"}),
    ("calendar.status", {}),
    ("actions.list", {}),
    ("actions.kinds", {}),
    ("events.unsubscribe", {}),
]
LARGE = ("items.list", {})


class Unexpected(Exception):
    """What no client should meet: the category goes into the table, and the run fails."""

    def __init__(self, category, detail=""):
        super().__init__(f"{category}: {detail}")
        self.category = category


def request(method, params, ident):
    return json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}).encode() + b"\n"


def connect(path):
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(TIMEOUT)
    try:
        connection.connect(path)
    except OSError as error:
        connection.close()
        raise Unexpected("connect", str(error))
    return connection


def reset(connection):
    """Closes with a reset (SO_LINGER 0), as a killed client's kernel would."""
    try:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    connection.close()


def hang_up(connection, rng):
    if rng.random() < 0.5:
        reset(connection)
    else:
        connection.close()


class LineReader:
    def __init__(self, connection):
        self.connection = connection
        self.buffer = b""
        self.early = {}

    def line(self):
        """The next line, or None at the end of the stream."""
        while b"\n" not in self.buffer:
            try:
                chunk = self.connection.recv(65536)
            except socket.timeout:
                raise Unexpected("timeout", "no reply within %d s" % TIMEOUT)
            except ConnectionResetError:
                raise Unexpected("reset-by-daemon")
            if not chunk:
                if self.buffer:
                    rest, self.buffer = self.buffer, b""
                    return rest
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def reply(self, ident):
        """The reply with `ident`, skipping event notifications. Pipelined replies may come in
        any order (JSON-RPC ids pair them up): the others are kept for their own call."""
        if ident in self.early:
            return self.early.pop(ident)
        while True:
            line = self.line()
            if line is None:
                raise Unexpected("closed-without-reply", f"id {ident}")
            try:
                message = json.loads(line)
            except ValueError:
                raise Unexpected("invalid-json-from-daemon", repr(line[:120]))
            if not isinstance(message, dict) or message.get("method") == "event":
                continue
            if "result" not in message and "error" not in message:
                raise Unexpected("reply-without-result-or-error", repr(line[:120]))
            if message.get("id") == ident:
                return message
            if len(self.early) < 64:
                self.early[message.get("id")] = message


class Daemon:
    def __init__(self, path, pid):
        self.path = path
        self.pid = pid

    def alive(self):
        try:
            with open(f"/proc/{self.pid}/status") as status:
                return not any(line.startswith("State:") and "Z" in line.split()[1] for line in status)
        except OSError:
            return False

    def rss_kib(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def call(self, method, params=None):
        connection = connect(self.path)
        try:
            connection.sendall(request(method, params or {}, 1))
            return LineReader(connection).reply(1)
        finally:
            connection.close()


class Sandbox:
    """Changes a task upstream so that the next sync of the tasks account writes and publishes."""

    def __init__(self, base, email):
        self.base = base
        self.email = email
        self.ids = []
        self.changes = 0
        state = self.admin("GET", "/__admin/state?service=tasks")
        for user in state.get("users", []):
            if user["email"] == email.lower():
                self.ids = [task["id"] for task in user["tasks"]]

    def admin(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("content-type", "application/json")
        with urllib.request.urlopen(req, timeout=30) as answer:
            return json.load(answer)

    def change_a_task(self, rng):
        if not self.ids:
            return
        self.changes += 1
        self.admin(
            "POST",
            "/__admin/mutate",
            {"service": "tasks", "op": "update", "email": self.email, "id": rng.choice(self.ids),
             "title": f"socket fuzz change {self.changes}"},
        )


class Fuzzer:
    def __init__(self, daemon, sandbox, rng):
        self.daemon = daemon
        self.sandbox = sandbox
        self.rng = rng
        self.errors = Counter()  # unexpected, by category
        self.seen = Counter()  # expected outcomes worth counting (refusals, resets, resyncs)
        self.ops = Counter()
        self.stalled = []  # [connection, operations left]
        self.subscribers = []  # churn's open subscribers
        self.kept = None  # an ordinary client's kept connection
        self.last_seq = 0
        self.bytes_per_event = 400
        self.last_sync = 0.0
        self.next_id = 100
        self.syncs = True  # --no-syncs: churn without syncs, to tell the socket's memory from the syncs'

    def ident(self):
        self.next_id += 1
        return self.next_id

    # MARK: operations

    def since(self):
        rng = self.rng
        if rng.random() < 0.9:
            return max(0, self.last_seq - rng.randint(0, 60))
        return rng.randint(0, max(1, self.last_seq + 2))

    def replay_hangup(self):
        rng = self.rng
        connection = connect(self.daemon.path)
        since = self.since()
        params = {"since": since}
        if rng.random() < 0.2:
            params["types"] = [rng.choice(["items.", "account.", "action.", "notification.", "daemon."])]
        connection.sendall(request("events.subscribe", params, 1))
        expected = 150 + max(0, self.last_seq - since) * self.bytes_per_event
        cut = rng.randint(0, expected)
        got = b""
        replayed = None  # known once the reply is in
        try:
            while len(got) < cut:
                if replayed is not None and got.count(b"\n") > replayed:
                    self.seen["replay-read-whole"] += 1  # shorter than the cut: hung up at its end
                    break
                chunk = connection.recv(min(65536, cut - len(got)))
                if not chunk:
                    connection.close()
                    raise Unexpected("closed-by-daemon", "during a replay")
                got += chunk
                if replayed is None and b"\n" in got:
                    replayed = self.subscribed(got.partition(b"\n")[0])
        except socket.timeout:
            connection.close()
            raise Unexpected("timeout", "in a replay")
        except ConnectionResetError:
            connection.close()
            raise Unexpected("reset-by-daemon", "during a replay")
        first, newline, rest = got.partition(b"\n")
        if newline and replayed is None:
            self.subscribed(first)
        if rest.count(b"\n") >= 2:
            self.bytes_per_event = max(100, len(rest) // rest.count(b"\n"))
        hang_up(connection, rng)

    def subscribed(self, line):
        """Reads the subscribe reply; returns how many events it replays."""
        try:
            result = json.loads(line).get("result")
        except ValueError:
            raise Unexpected("invalid-json-from-daemon", repr(line[:120]))
        if result is None:
            raise Unexpected("subscribe-refused", repr(line[:120]))
        self.last_seq = max(self.last_seq, result["currentSeq"])
        if result["resyncNeeded"]:
            self.seen["replay-resync-needed"] += 1
        return result["replayed"]

    def half_close(self):
        rng = self.rng
        connection = connect(self.daemon.path)
        method, params = rng.choice(ORDINARY)
        line = request(method, params, 7)
        if rng.random() < 0.3:
            line = line[:-1]  # an unterminated last line still counts as a request
        connection.sendall(line)
        connection.shutdown(socket.SHUT_WR)
        try:
            LineReader(connection).reply(7)
        finally:
            connection.close()

    def stall(self):
        rng = self.rng
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        connection.settimeout(TIMEOUT)
        try:
            connection.connect(self.daemon.path)
        except OSError as error:
            connection.close()
            raise Unexpected("connect", str(error))
        # A replay and a few hundred kB of replies: more than the socket's buffer holds.
        burst = request("events.subscribe", {"since": max(0, self.last_seq - 400)}, 1)
        burst += b"".join(
            request(rng.choice(["accounts.kinds", "actions.kinds"]), {}, 2 + i) for i in range(rng.randint(10, 40)))
        connection.setblocking(False)
        try:
            connection.send(burst)  # whatever fits; never waits
        except OSError:
            pass
        self.stalled.append([connection, rng.randint(200, 3000)])
        while len(self.stalled) > 4:
            hang_up(self.stalled.pop(0)[0], rng)

    def garbage(self):
        rng = self.rng
        valid = request("daemon.hello", {"client": "x"}, 5)
        choice = rng.randrange(14)
        if choice == 0:
            return bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))).replace(b"\n", b" ")
        if choice == 1:
            return valid[: rng.randint(1, len(valid) - 2)]
        if choice == 2:
            depth = rng.choice([10, 100, 1000, 20000, FRAME_LIMIT // 2 - 10])
            return b"[" * depth + b"]" * rng.choice([0, depth])
        if choice == 3:
            depth = rng.choice([50, 600, 5000])
            return b'{"jsonrpc":"2.0","id":1,"method":"daemon.hello","params":' + b'{"a":' * depth + b"1" + b"}" * depth + b"}"
        if choice == 4:
            return rng.choice([b"{]", b"nul", b'"unterminated', b"{}", b"[]", b"[1,2]", b"null", b"-", b"1e999999",
                               b'{"jsonrpc":"2.0"}', b'{"jsonrpc":"1.0","id":1,"method":"daemon.hello"}'])
        if choice == 5:
            return request("daemon.hello", {"client": "x"}, rng.choice([{"a": 1}, [1], 2**70, -1.5, True]))[:-1]
        if choice == 6:
            method = rng.choice(["events.subscribe", "items.list", "sync.run", "notifications.list", "items.show"])
            params = rng.choice([
                {"since": -1}, {"since": 2**63 - 1}, {"since": 2**64}, {"since": "1"}, {"types": []},
                {"types": [""]}, {"types": ["x" * 5000]}, {"since": 1.5}, [1, 2], "params", {"limit": -5},
                {"number": 2**40}, {"account": "\u0000"}, {"from": "not a date"},
            ])
            return json.dumps({"jsonrpc": "2.0", "id": 3, "method": method, "params": params}).encode()
        if choice == 7:
            return b'{"jsonrpc":"2.0","id":1,"method":"daemon.hello","params":{"client":"\\ud800\\udfff\\ud800"}}'
        if choice == 8:
            return b'{"jsonrpc":"2.0","id":1,"method":"daemon.\xff\xfe","params":{}}'
        if choice == 9:
            return b'{"jsonrpc":"2.0","id":1,"method":"daemon.hello","params":{"client":"a\x00b"}}'
        if choice == 10:
            return b"[" + b",".join([valid[:-1]] * rng.randint(0, 20)) + b"]"  # a batch
        if choice == 11:
            return b"\r"
        if choice == 12:
            return b'{"jsonrpc":"2.0","id":1,"method":"no.such.method","params":{}}'
        return b" \t "

    def malformed(self):
        rng = self.rng
        connection = connect(self.daemon.path)
        try:
            if rng.random() < 0.08:
                # Over rpc.max_frame_bytes: one error line, then the daemon closes.
                size = FRAME_LIMIT + rng.randint(1, FRAME_LIMIT)
                try:
                    connection.sendall(b"x" * size + (b"\n" if rng.random() < 0.5 else b""))
                except (BrokenPipeError, ConnectionResetError):
                    pass
                reader = LineReader(connection)
                line = reader.line()
                if line is None or b'"error"' not in line:
                    raise Unexpected("oversized-frame-not-refused", repr((line or b"")[:120]))
                self.seen["oversized-frame-refused"] += 1
                return
            lines = [self.garbage() for _ in range(rng.randint(1, 4))]
            connection.sendall(b"\n".join(lines) + b"\n" + request("daemon.hello", {"client": "after"}, 99))
            LineReader(connection).reply(99)
        finally:
            connection.close()

    def truncated(self):
        rng = self.rng
        connection = connect(self.daemon.path)
        method, params = rng.choice(ORDINARY + [("events.subscribe", {"since": 0})])
        line = request(method, params, 9)
        connection.sendall(line[: rng.randint(1, len(line) - 1)])
        how = rng.randrange(3)
        if how == 0:
            hang_up(connection, rng)
            return
        if how == 1:
            # The unterminated rest counts as a request: an answer (a parse error, mostly), then EOF.
            connection.shutdown(socket.SHUT_WR)
            reader = LineReader(connection)
            try:
                while reader.line() is not None:
                    pass
            finally:
                connection.close()
            return
        # Half a request, then a whole one: the two join into one line, which is refused; the
        # connection goes on serving.
        connection.sendall(b"\n" + request("daemon.hello", {"client": "after"}, 98))
        try:
            LineReader(connection).reply(98)
        finally:
            connection.close()

    def drain(self, connection):
        try:
            while connection.recv(65536):
                pass
        except (BlockingIOError, InterruptedError):
            return True
        except OSError:
            return False
        return False  # the daemon closed it

    def churn(self):
        rng = self.rng
        now = time.monotonic()
        if self.syncs and now - self.last_sync > SYNC_GAP:
            self.last_sync = now
            self.sandbox.change_a_task(rng)
            self.daemon_request("sync.run", {"account": "tasks"} if rng.random() < 0.8 else {})
        for _ in range(rng.randint(1, 4)):
            connection = connect(self.daemon.path)
            params = {} if rng.random() < 0.4 else {"since": self.since()}
            connection.sendall(request("events.subscribe", params, 1))
            connection.setblocking(False)
            self.subscribers.append(connection)
        for _ in range(rng.randint(0, 4)):
            if not self.subscribers:
                break
            connection = self.subscribers.pop(rng.randrange(len(self.subscribers)))
            how = rng.randrange(3)
            if how == 0:
                reset(connection)
            elif how == 1:
                try:
                    connection.send(request("events.unsubscribe", {}, 2))
                except OSError:
                    pass
                connection.close()
            else:
                self.drain(connection)
                connection.close()
        still_open = []
        for connection in self.subscribers:
            if self.drain(connection):
                still_open.append(connection)
            else:
                connection.close()
                self.seen["churn-subscriber-closed-by-daemon"] += 1
        self.subscribers = still_open
        while len(self.subscribers) > 48:
            reset(self.subscribers.pop(0))

    def daemon_request(self, method, params):
        if self.kept is None:
            self.kept = LineReader(connect(self.daemon.path))
        ident = self.ident()
        self.kept.connection.sendall(request(method, params, ident))
        return self.kept.reply(ident)

    def call(self):
        return LARGE if self.rng.random() < 0.01 else self.rng.choice(ORDINARY)

    def ordinary(self):
        rng = self.rng
        if rng.random() < 0.5:
            method, params = self.call()
            reply = self.daemon.call(method, params)
        else:
            # Pipelined on a kept connection, as the CLI's completions or a bar's loop do.
            if self.kept is None or rng.random() < 0.02:
                self.close_kept()
                self.kept = LineReader(connect(self.daemon.path))
            calls = [self.call() for _ in range(rng.randint(1, 8))]
            idents = [self.ident() for _ in calls]
            self.kept.connection.sendall(b"".join(request(m, p, i) for (m, p), i in zip(calls, idents)))
            for ident in idents:
                reply = self.kept.reply(ident)
        if "error" in reply:
            self.seen[f"rpc error {reply['error'].get('code')}"] += 1

    def close_kept(self):
        if self.kept is not None:
            self.kept.connection.close()
            self.kept = None

    def close_everything(self):
        for connection, _ in self.stalled:
            hang_up(connection, self.rng)
        for connection in self.subscribers:
            hang_up(connection, self.rng)
        self.stalled, self.subscribers = [], []
        self.close_kept()

    def step(self, operation):
        self.ops[operation] += 1
        for entry in self.stalled:
            entry[1] -= 1
        for entry in [e for e in self.stalled if e[1] <= 0]:
            self.stalled.remove(entry)
            hang_up(entry[0], self.rng)
        try:
            getattr(self, operation.replace("-", "_"))()
        except Unexpected as error:
            self.errors[f"{operation}: {error.category}"] += 1
            if error.category in ("closed-without-reply", "timeout", "reset-by-daemon"):
                self.close_kept()  # it may have been the kept connection that broke
            if not self.daemon.alive():
                raise
        except (BrokenPipeError, ConnectionResetError) as error:
            # Our side's write found the connection gone: the daemon closed a client it should serve.
            self.errors[f"{operation}: {type(error).__name__}"] += 1
            self.close_kept()


def checkpoint(fuzzer, daemon):
    """Everything this driver holds is closed; the daemon must drop to our one connection and no
    subscriber, answer, and be alive. Returns (rss KiB, ms to answer, last seq)."""
    fuzzer.close_everything()
    deadline = time.monotonic() + 10
    while True:
        started = time.monotonic()
        status = daemon.call("daemon.status")["result"]
        answered = (time.monotonic() - started) * 1000
        counts = status["counts"]
        if counts["connections"] <= 1 and counts["subscribers"] == 0:
            break
        if time.monotonic() > deadline:
            raise Unexpected("connections-kept", f"{counts['connections']} connections, {counts['subscribers']} subscribers")
        time.sleep(0.01)  # the daemon closes what we closed on its event loop, a moment later
    fuzzer.last_seq = counts["lastEventSeq"]
    # The daemon hands freed heap back 1 s after the last of a burst of large replies or
    # calendar rewrites (HeapHygiene.trimSoon), and only then: refused oversized frames, say,
    # leave their buffers freed but held by glibc (110 MB of them fell to 78 MB at the next
    # trim). One large reply (over 256 KiB: every item) asks for that trim, so the RSS compared
    # is the daemon's live memory, where a leak stays.
    daemon.call(*LARGE)
    time.sleep(SETTLE)
    return daemon.rss_kib(), answered, counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--socket", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--sandbox", required=True)
    parser.add_argument("--tasks-email", default="tasks@example.ch")
    parser.add_argument("--ops", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rss-limit", type=float, default=1.20)
    parser.add_argument("--retained", type=int, default=1000, help="the daemon's events.retained")
    parser.add_argument("--no-syncs", action="store_true", help="churn asks for no sync (no new events)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    daemon = Daemon(args.socket, args.pid)
    fuzzer = Fuzzer(daemon, Sandbox(args.sandbox, args.tasks_email), rng)
    fuzzer.syncs = not args.no_syncs
    names = [name for name, _ in WEIGHTS]
    weights = [weight for _, weight in WEIGHTS]
    batch = max(1000, args.ops // 100)
    warmup = max(batch, args.ops // 10)

    rss_start, _, _ = checkpoint(fuzzer, daemon)
    rss_warm, rss_max, samples, slowest_answer = None, rss_start, [], 0.0
    rss_busy = rss_start
    warm_at = None
    in_checkpoints = 0.0  # not counted in ops/s
    failure = None
    done = 0
    started = time.monotonic()
    try:
        while done < args.ops:
            count = min(batch, args.ops - done)
            for index, operation in enumerate(rng.choices(names, weights, k=count)):
                fuzzer.step(operation)
                if index % 250 == 0:
                    rss_busy = max(rss_busy, daemon.rss_kib())
            done += count
            checking = time.monotonic()
            rss, answered, counts = checkpoint(fuzzer, daemon)
            seq = counts["lastEventSeq"]
            in_checkpoints += time.monotonic() - checking
            samples.append((done, rss))
            rss_max = max(rss_max, rss)
            slowest_answer = max(slowest_answer, answered)
            # Warm once the daemon holds all it keeps by design: the first 10 % of the run, and
            # the retained events' window full (the daemon keeps each of them in memory for
            # `since`, and RSS grows with the window until it is full), or half the run done.
            full = counts["eventsRetained"] >= args.retained
            if rss_warm is None and done >= warmup and (full or done >= args.ops // 2):
                rss_warm, warm_at = rss, done
            print(f"    {done:>9,} ops  {done / (time.monotonic() - started - in_checkpoints):7.0f} ops/s  RSS {rss / 1024:6.1f} MiB"
                  f"  last seq {seq}  unexpected {sum(fuzzer.errors.values())}", file=sys.stderr, flush=True)
    except Unexpected as error:
        failure = str(error)
    except OSError as error:
        failure = f"driver: {error}"
    elapsed = time.monotonic() - started - in_checkpoints
    alive = daemon.alive()
    if not alive:
        failure = "outpostd died"
    rss_end = samples[-1][1] if alive and samples else 0
    if rss_warm is None:
        rss_warm, warm_at = (samples[-1][1], samples[-1][0]) if samples else (rss_start, 0)
    growth = rss_end / rss_warm - 1 if rss_warm else 0.0
    if failure is None and growth > args.rss_limit - 1:
        failure = f"RSS grew {growth * 100:.1f} % after warm-up (limit {(args.rss_limit - 1) * 100:.0f} %)"
    if failure is None and fuzzer.errors:
        failure = f"{sum(fuzzer.errors.values())} unexpected errors"

    rows = [
        ("seed", args.seed),
        ("ops done", f"{done:,} of {args.ops:,}"),
        ("ops/s", f"{done / elapsed:.0f} ({elapsed:.0f} s of operations, {in_checkpoints:.0f} s of checks)"),
        ("ops by kind", ", ".join(f"{name} {fuzzer.ops[name]:,}" for name in names)),
        ("syncs with an upstream change", f"{fuzzer.sandbox.changes:,}"),
        ("RSS at start", f"{rss_start / 1024:.1f} MiB"),
        ("RSS after warm-up", f"{rss_warm / 1024:.1f} MiB (after {warm_at:,} ops)"),
        ("RSS at the end", f"{rss_end / 1024:.1f} MiB ({growth * 100:+.1f} % after warm-up)"),
        ("RSS max, settled between batches", f"{rss_max / 1024:.1f} MiB"),
        ("RSS max, busy (sampled every 250 ops)", f"{rss_busy / 1024:.1f} MiB"),
        ("slowest daemon.status between batches", f"{slowest_answer:.1f} ms"),
        ("daemon alive", "yes" if alive else "NO"),
    ]
    for category, count in sorted(fuzzer.errors.items()):
        rows.append((f"unexpected: {category}", count))
    if not fuzzer.errors:
        rows.append(("unexpected errors", 0))
    for category, count in sorted(fuzzer.seen.items()):
        rows.append((f"expected: {category}", count))
    width = max(len(name) for name, _ in rows)
    print()
    for name, value in rows:
        print(f"{name:<{width}}  {value}")
    if failure:
        print(f"\nFAILED: {failure}")
        sys.exit(1)


if __name__ == "__main__":
    main()
