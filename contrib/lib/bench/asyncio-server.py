"""The "typical Python daemon" peer of contrib/bench-peers.sh's latency and throughput rows.

An asyncio Unix-socket server speaking Outpost's wire format (one JSON-RPC object per line,
'\\n'-terminated, one reply line each) the way a straightforward Python daemon would: a
StreamReader per connection, readline(), write the reply, drain(). It answers every request
line with the same canned reply, so what is measured is the event loop and streams, not any
handler work. Runs until SIGTERM or SIGINT. Standard library only.

    python3 asyncio-server.py SOCKET REPLYFILE
"""

import asyncio
import os
import signal
import sys

# asyncio's default line limit is 64 KiB; requests larger than that are still one line.
LINE_LIMIT = 16 * 1024 * 1024


def load_reply(path):
    """The reply, read once: exactly one line ending in exactly one '\\n'."""
    with open(path, "rb") as f:
        reply = f.read().rstrip(b"\r\n")
    if not reply or b"\n" in reply:
        sys.exit(f"asyncio-server: {path}: the reply must be one non-empty line")
    return reply + b"\n"


async def main(path, reply):
    async def handle(reader, writer):
        try:
            while True:
                line = await reader.readline()
                if not line.endswith(b"\n"):  # EOF, with or without a partial line
                    break
                writer.write(reply)
                await writer.drain()
        except (ConnectionError, asyncio.LimitOverrunError, ValueError):
            pass  # the client went away, or sent a line past LINE_LIMIT
        finally:
            writer.close()

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    server = await asyncio.start_unix_server(handle, path=path, limit=LINE_LIMIT, backlog=128)
    async with server:
        await stop.wait()
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: asyncio-server.py SOCKET REPLYFILE")
    asyncio.run(main(sys.argv[1], load_reply(sys.argv[2])))
