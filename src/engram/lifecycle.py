"""Background threads stop before the interpreter does.

The history indexer and the job worker are daemon threads that spend their time inside native code
(onnxruntime, usearch). A script that never calls ``Memory.close()`` used to end with those threads still
running: at interpreter exit a daemon thread returning from native code into a finalizing interpreter is
ended with ``pthread_exit``, whose forced unwind through C++ frames aborts the process ("terminate called
without an active exception", SIGABRT). An ``atexit`` hook, registered once, stops and joins every live
owner's threads first; owners are held weakly, so registering never keeps a Memory alive.
"""

from __future__ import annotations

import atexit
import logging
import threading
import weakref
from typing import Protocol

log = logging.getLogger("engram.lifecycle")


class Stoppable(Protocol):
    def stop_threads(self) -> None: ...


_live: weakref.WeakSet[Stoppable] = weakref.WeakSet()
_lock = threading.Lock()


def stop_at_exit(owner: Stoppable) -> None:
    """Call ``owner.stop_threads()`` at interpreter exit if ``owner`` is still alive then."""
    with _lock:
        _live.add(owner)


def stop_all() -> int:
    """Stop the threads of every registered owner still alive (the atexit hook); returns how many."""
    with _lock:
        owners = list(_live)
        _live.clear()
    for owner in owners:
        try:
            owner.stop_threads()
        except RuntimeError as exc:  # a thread that cannot be joined must not stop the others' shutdown
            log.warning("stopping background threads at exit: %s", exc)
    return len(owners)


atexit.register(stop_all)
