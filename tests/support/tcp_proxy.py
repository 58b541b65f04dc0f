"""A loopback TCP forwarder in front of the test PostgreSQL server, to make the server go away and come back.

The test database is shared, so it is never stopped; engram is pointed at this proxy instead. ``down()`` closes
every forwarded connection and stops listening (the port then refuses, as a stopped server's does); ``up()``
listens on the same port again. The network edge is the only thing faked: engram speaks to the real server.
"""

from __future__ import annotations

import contextlib
import select
import socket
import threading


class Proxy:
    """Forward ``127.0.0.1:port`` to ``target``; see the module docstring."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._listener: socket.socket | None = None
        self.up()

    def up(self) -> None:
        """Listen (again, on the same port) and forward every connection accepted."""
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = int(listener.getsockname()[1])
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        """Stop listening and cut every connection: the server is gone, for the client's purposes."""
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread (close alone does not)
            self._listener.close()
            self._listener = None
        with self._lock:
            cut, self._open = self._open, []
        for sock in cut:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.down()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            server.settimeout(None)
            with self._lock:
                self._open += [client, server]
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        try:
            while True:
                ready, _, _ = select.select([a, b], [], [])
                for sock in ready:
                    data = sock.recv(65536)
                    if not data:
                        raise ConnectionError("closed")
                    (b if sock is a else a).sendall(data)
        except (OSError, ValueError):  # ValueError: select on a socket closed meanwhile
            pass
        finally:
            for sock in (a, b):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            with self._lock:
                self._open = [s for s in self._open if s is not a and s is not b]
