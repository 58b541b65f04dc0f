"""Read-your-writes with a streaming replica: a read goes to the replica once it has replayed this process's
last commit, and to the primary until then.

With ``read_url`` set, :meth:`PostgresStore.read` transactions may run on a replica, which applies the
primary's WAL a little later (milliseconds on a local network, more under load). A process that has just
committed (a turn, a remembered record) and then recalls must see what it wrote, so every write
transaction notes the primary's flushed WAL position right after its ``COMMIT`` (sent in the same round
trip), and a read asks the replica how far it has replayed (``pg_last_wal_replay_lsn()``) only while that
position is ahead of what the replica was last seen to have replayed. Behind: the read polls it for up to
``read_wait`` (5 ms by default), then runs on the primary. The guarantee is per process: a client that
writes through one server and reads through another may not see its write yet; route such clients to one
server, or give that server no ``read_url``.
"""

from __future__ import annotations

import threading


def lsn(text: str | None) -> int | None:
    """A ``pg_lsn`` in its text form (``16/B374D848``) as an integer; None stays None."""
    if text is None:
        return None
    hi, _, lo = text.partition("/")
    return (int(hi, 16) << 32) | int(lo, 16)


class ReadYourWrites:
    """The highest WAL position this process committed, and the highest its replica was seen to replay."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.wrote = 0
        self.seen = 0
        self.routes = {"replica": 0, "primary": 0}  # where read transactions ran (for benches and tests)

    def committed(self, at: str | None) -> None:
        pos = lsn(at)
        if pos is not None:
            with self._lock:
                self.wrote = max(self.wrote, pos)

    def behind(self) -> bool:
        """Whether the replica may not have replayed this process's last commit yet (a check is needed)."""
        return self.wrote > self.seen

    def replayed(self, at: str | None) -> bool:
        """Record the replica's replay position; True when it covers this process's last commit. A server
        that is not in recovery (NULL) has nothing to replay: it is read as it is."""
        pos = lsn(at)
        with self._lock:
            if pos is None:
                return True
            self.seen = max(self.seen, pos)
            return self.seen >= self.wrote

    def count(self, route: str) -> None:
        with self._lock:
            self.routes[route] += 1
