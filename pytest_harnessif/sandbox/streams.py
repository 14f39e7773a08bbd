"""Docker exec streams: the multiplexed frame protocol of an exec's raw socket (stdin sent, stdout/stderr frames
delivered) and the capture of one command's output under a byte cap, with the wrapper's trailer line."""

from __future__ import annotations

import contextlib
import re
import selectors
import socket
import struct
import time
from collections.abc import Callable

import docker

STREAM_HEADER = struct.Struct(">BxxxL")
TRAILER_ROOM = 128  # bytes of stderr kept past the cap so the wrapper's trailer is never lost


class Capture:
    """One command's output: the first `cap` bytes in arrival order, totals, and the tail of stderr."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.kept: list[tuple[int, int, bytes]] = []  # (stream, offset in that stream, data)
        self.kept_len = 0
        self.seen = {1: 0, 2: 0}
        self.err_tail = b""

    @property
    def total(self) -> int:
        return self.seen[1] + self.seen[2]

    def feed(self, stream: int, data: bytes) -> None:
        room = self.cap + TRAILER_ROOM - self.kept_len
        if room > 0:
            self.kept.append((stream, self.seen[stream], data[:room]))
            self.kept_len += min(room, len(data))
        self.seen[stream] += len(data)
        if stream == 2:
            self.err_tail = (self.err_tail + data)[-TRAILER_ROOM:]

    def trailer(self, nonce: str) -> list[int] | None:
        """The wrapper's last line, [exit, ooms, refused forks, full], removed from the output; None if absent."""
        match = re.search(re.escape(nonce.encode()) + rb" (-?\d+) (\d+) (\d+) (\d+)\n\Z", self.err_tail)
        if match is None:
            return None
        size = len(self.err_tail) - match.start()
        self.seen[2] -= size
        self.kept = [(s, off, d if s == 1 else d[: max(self.seen[2] - off, 0)]) for s, off, d in self.kept]
        return [int(g) for g in match.groups()]

    def result(self) -> tuple[str, str, bool]:
        out: dict[int, list[bytes]] = {1: [], 2: []}
        room = self.cap
        for stream, _, data in self.kept:
            out[stream].append(data[:room])
            room -= min(room, len(data))
        return (
            b"".join(out[1]).decode(errors="replace"),
            b"".join(out[2]).decode(errors="replace"),
            self.total > self.cap,
        )


class ExecStream:
    """A started exec: its raw socket, the bytes still to send on stdin, and the frame parser."""

    def __init__(self, api: docker.APIClient, exec_id: str, feed: bytes) -> None:
        self.api = api
        self.id = exec_id
        self._io = api.exec_start(exec_id, socket=True)
        self.sock: socket.socket = getattr(self._io, "_sock", self._io)
        self.sock.setblocking(False)
        self.feed = memoryview(b"\n" + feed)  # the go line, then stdin
        self.buf = bytearray()
        self.eof = False

    def pump(self, deadline: float, sink: Callable[[int, bytes], None], stop: Callable[[], bool]) -> None:
        """Send stdin and deliver frames to `sink` until EOF, the deadline, or `stop()`."""
        sel = selectors.DefaultSelector()
        sel.register(self.sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if self.feed else 0))
        try:
            while not self.eof and not stop():
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return
                for _, mask in sel.select(min(remaining, 0.5)):
                    if mask & selectors.EVENT_WRITE:
                        self._send()
                        if not self.feed:
                            sel.modify(self.sock, selectors.EVENT_READ)
                    if mask & selectors.EVENT_READ:
                        self._receive(sink)
        finally:
            sel.close()

    def _send(self) -> None:
        try:
            sent = self.sock.send(self.feed[: 1 << 20])
        except BlockingIOError:
            return
        except OSError:  # the command exited without reading its stdin
            sent = len(self.feed)
        self.feed = self.feed[sent:]
        if not self.feed:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_WR)

    def _receive(self, sink: Callable[[int, bytes], None]) -> None:
        try:
            data = self.sock.recv(1 << 20)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.eof = True
            return
        self.buf += data
        while len(self.buf) >= STREAM_HEADER.size:
            stream, size = STREAM_HEADER.unpack_from(self.buf)
            end = STREAM_HEADER.size + size
            if len(self.buf) < end:
                break
            sink(stream, bytes(self.buf[STREAM_HEADER.size : end]))
            del self.buf[:end]

    def exit_code(self) -> int:
        """The exec's exit code as the engine reports it (waits briefly for the engine to notice the end)."""
        for _ in range(100):
            state = self.api.exec_inspect(self.id)
            if not state["Running"] and state["ExitCode"] is not None:
                return int(state["ExitCode"])
            time.sleep(0.01)
        return -1

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()
        self._io.close()


def recv_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise OSError("the container's helper stream closed")
        data += chunk
    return data
