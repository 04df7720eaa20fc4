"""Event subscribers under load, for contrib/lib/bench/peers.py (issue 20's scale list: "200
clients subscribed to events while a sync writes 10k changes: every client gets every event, in
order, none blocks the daemon").

`watch(socket_path, clients, action)` opens `clients` connections to outpostd, subscribes each
(`events.subscribe`), runs `action()` (which makes the daemon write), and meanwhile:
- one thread reads every subscriber's notifications, noting each event's `seq`, type and
  arrival time;
- one more connection asks `daemon.hello` every millisecond and notes each round trip, so
  that a daemon held up by the sync or by its subscribers shows as long waits (back to back,
  the asking took a core from the sync: 8.6 s instead of about 1).
It returns what a table row needs; it asserts nothing.
"""

import json
import selectors
import socket
import statistics
import threading
import time

SUBSCRIBE = b'{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{}}\n'
HELLO = b'{"jsonrpc":"2.0","id":1,"method":"daemon.hello","params":{"client":"bench"}}\n'


def connect(path):
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    return connection


def read_line(connection, buffer):
    while b"\n" not in buffer:
        chunk = connection.recv(65536)
        if not chunk:
            raise ConnectionError("outpostd closed the connection")
        buffer += chunk
    line, _, rest = buffer.partition(b"\n")
    return line, rest


class Subscribers:
    def __init__(self, path, clients):
        self.connections = []
        self.buffers = {}
        self.events = {}  # client index: [(seq, type, account, arrival)]
        for index in range(clients):
            connection = connect(path)
            connection.sendall(SUBSCRIBE)
            line, rest = read_line(connection, b"")
            if b'"result"' not in line:
                raise SystemExit(f"events.subscribe failed: {line[:200]!r}")
            connection.setblocking(False)
            self.connections.append(connection)
            self.buffers[index] = rest
            self.events[index] = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.read, daemon=True)

    def read(self):
        selector = selectors.DefaultSelector()
        for index, connection in enumerate(self.connections):
            selector.register(connection, selectors.EVENT_READ, index)
        while not self.stopping.is_set():
            for key, _ in selector.select(timeout=0.05):
                index = key.data
                try:
                    chunk = key.fileobj.recv(1 << 20)
                except BlockingIOError:
                    continue
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                arrival = time.monotonic()
                buffer = self.buffers[index] + chunk
                *lines, buffer = buffer.split(b"\n")
                self.buffers[index] = buffer
                for line in lines:
                    message = json.loads(line)
                    if message.get("method") == "event":
                        event = message["params"]
                        account = (event.get("data") or {}).get("account")
                        self.events[index].append((event["seq"], event["type"], account, arrival))

    def close(self):
        self.stopping.set()
        self.thread.join()
        for connection in self.connections:
            connection.close()


class Prober:
    """`daemon.hello` round trips on one connection, a millisecond apart, until stopped."""

    def __init__(self, path):
        self.connection = connect(path)
        self.waits = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        buffer = b""
        while not self.stopping.is_set():
            started = time.monotonic()
            self.connection.sendall(HELLO)
            _, buffer = read_line(self.connection, buffer)
            self.waits.append(time.monotonic() - started)
            time.sleep(0.001)

    def close(self):
        self.stopping.set()
        self.thread.join()
        self.connection.close()


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def watch(path, clients, action, settle=2.0):
    """Runs `action` with `clients` subscribers and a prober; returns a dict of figures.
    `action` returns the account id whose `items.didChange` ends the watch; the watch also ends
    `settle` seconds after the action if some subscriber never gets it."""
    idle = Prober(path)
    idle.thread.start()
    time.sleep(0.5)
    idle.close()
    subscribers = Subscribers(path, clients)
    subscribers.thread.start()
    prober = Prober(path)
    prober.thread.start()
    started = time.monotonic()
    account = action()
    finished = time.monotonic()

    def delivered(events):
        return any(kind == "items.didChange" and owner == account for _, kind, owner, _ in events)

    deadline = finished + settle
    while time.monotonic() < deadline and not all(delivered(events) for events in subscribers.events.values()):
        time.sleep(0.01)
    # Whatever the sync's regeneration publishes after it (calendars, reminders) arrives too.
    time.sleep(0.5)
    prober.close()
    subscribers.close()

    sequences = [[seq for seq, _, _, _ in events] for events in subscribers.events.values()]
    reference = max(sequences, key=len)
    in_order = all(sequence == sorted(set(sequence)) for sequence in sequences)
    identical = all(sequence == reference for sequence in sequences)
    arrivals = [arrival for events in subscribers.events.values() for seq, kind, owner, arrival in events
                if kind == "items.didChange" and owner == account]
    return {
        "clients": clients,
        "events": len(reference),
        "types": sorted({kind for events in subscribers.events.values() for _, kind, _, _ in events}),
        "every client every event in order": in_order and identical and len(arrivals) == clients,
        "received": sum(len(sequence) for sequence in sequences),
        "action_s": finished - started,
        "spread_ms": (max(arrivals) - min(arrivals)) * 1000 if arrivals else None,
        "hello_idle_p50_us": statistics.median(idle.waits) * 1e6,
        "hello_p50_us": statistics.median(prober.waits) * 1e6,
        "hello_p99_ms": percentile(prober.waits, 0.99) * 1000,
        "hello_max_ms": max(prober.waits) * 1000,
        "hellos": len(prober.waits),
    }
