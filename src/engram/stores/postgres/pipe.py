"""A transaction's connection with queued statements: what nobody waits for goes out with the next query.

Most statements of a write transaction return nothing anyone reads (an inserted record, its version, the
statistics upsert, a ``set_config``). Sending each one and waiting for its answer costs a round trip to the
server per statement: 2,000 round trips for a batch of 1,000 records. :meth:`Pipe.later` queues such a
statement instead; the queue leaves in psycopg's pipeline mode (one network flush, one ``Sync``) together
with the next statement whose result is read, or with ``COMMIT``. Every statement goes through
:meth:`Pipe.execute` or :meth:`Pipe.cursor`, which send the queue first, so statements still run in the
order they were issued. An error in a queued statement surfaces at that flush, inside the transaction,
which then rolls back as a whole: nothing it wrote remains.

:meth:`Pipe.later_row` goes one step further for rows written one call at a time (a batch of records and
their versions): consecutive rows of one kind become a single statement over arrays when the queue is
sent, so 1,000 records cost two statements instead of 2,000 (psycopg spends about as long preparing a
statement's parameters as the server spends inserting a row).

:meth:`Pipe.later_list` queues a statement whose rows someone does want, but not yet: it returns a
:class:`Later` list that is filled from the statement's rows once the queue has been sent. Appended events
get their numbers that way (``EventsTx.insert_events``), so a one-message append is a single round trip:
``BEGIN``, the numbering insert, the index rows and ``COMMIT`` leave together. A ``Later`` read before the
queue went sends it then (one round trip, as if it had been an ordinary query).

A pooled connection the server closed while it sat idle (a restart, a failover, an idle timeout) can pass
the check at checkout and fail the transaction's first round trip. Nothing of the transaction ran then, so
that round trip is sent again, once, on a fresh connection (:attr:`Pipe.reconnect`): the queue is kept
until it has been answered, and a queued statement's :class:`Queued` result is bound to whichever connection
it finally ran on. A round trip carrying ``COMMIT`` is never sent twice (the server may have committed it
before the connection went).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, SupportsIndex, TypeVar, overload

import psycopg
from psycopg.rows import DictRow, tuple_row

Conn = psycopg.Connection[DictRow]
Cursor = psycopg.Cursor[DictRow]
T = TypeVar("T")
R = TypeVar("R")
Params = Sequence[Any] | Mapping[str, Any]


class Queued:
    """The result of a queued statement: its cursor exists once the statement has been sent (on the
    connection it finally ran on, see the module docstring)."""

    __slots__ = ("cur",)

    def __init__(self) -> None:
        self.cur: Cursor | None = None

    def _sent(self) -> Cursor:
        if self.cur is None:
            raise RuntimeError("a queued statement was read before its queue was sent")
        return self.cur

    def fetchall(self) -> list[DictRow]:
        return self._sent().fetchall()

    def fetchone(self) -> DictRow | None:
        return self._sent().fetchone()

    @property
    def rowcount(self) -> int:
        return self._sent().rowcount


class Later(list[T]):
    """A list filled from a queued statement's rows when its queue is sent (see the module docstring).

    Reading it before then sends the queue first; once filled it reads as the plain list it is."""

    __slots__ = ("_pipe", "_ready")

    def __init__(self, pipe: Pipe) -> None:
        super().__init__()
        self._pipe: Pipe | None = pipe
        self._ready = False

    def fill(self, items: Sequence[T]) -> None:
        list.extend(self, items)
        self._ready, self._pipe = True, None

    def _wait(self) -> None:
        if not self._ready and self._pipe is not None:
            self._pipe.flush()

    def __len__(self) -> int:
        self._wait()
        return list.__len__(self)

    def __iter__(self) -> Iterator[T]:
        self._wait()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[T]:
        self._wait()
        return list.__reversed__(self)

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> T | list[T]:
        self._wait()
        return list.__getitem__(self, i)

    def __contains__(self, item: object) -> bool:
        self._wait()
        return list.__contains__(self, item)

    def __eq__(self, other: object) -> bool:
        self._wait()
        return list.__eq__(self, other)

    def __repr__(self) -> str:
        self._wait()
        return list.__repr__(self)


class Pipe:
    """Wraps one pooled connection for the length of a transaction (see the module docstring)."""

    __slots__ = ("answered", "conn", "done", "queue", "reconnect")

    def __init__(self, conn: Conn) -> None:
        self.conn = conn
        # (result, sql, args), or (None, kind, [build, rows]) for rows sent as one statement
        self.queue: list[tuple[Queued | None, Any, Any]] = []
        self.done: list[Callable[[], None]] = []  # run once the queue they came with has been sent
        self.answered = False  # a round trip of this transaction has succeeded: never retried after that
        # given the dead connection, a fresh one (the store returns the dead one to its pool)
        self.reconnect: Callable[[Conn], Conn] | None = None

    def later_list(self, sql: str, args: Params, rows: Callable[[list[DictRow]], Sequence[T]]) -> Later[T]:
        """Queue a statement; the list returned is filled with ``rows(its rows)`` once the queue has gone."""
        cur = self.later(sql, args)
        out: Later[T] = Later(self)
        self.done.append(lambda: out.fill(rows(cur.fetchall())))
        return out

    def later(self, sql: str, args: Params | None = None) -> Queued:
        """Queue a statement; the :class:`Queued` returned holds its result once the queue has been sent."""
        out = Queued()
        self.queue.append((out, sql, args))
        return out

    def amend(self, queued: Queued, sql: str, args: Params | None = None) -> bool:
        """Replace a queued statement not sent yet (False: it has gone, nothing changed)."""
        for n, (cur, _, _) in enumerate(self.queue):
            if cur is queued:
                self.queue[n] = (cur, sql, args)
                return True
        return False

    def later_row(self, kind: str, build: Callable[[list[tuple[Any, ...]]], tuple[str, Sequence[Any]]],
                  row: tuple[Any, ...]) -> None:
        """Queue one row of ``kind``, sent with the other rows of its kind as the statement ``build(rows)``.

        Rows of different kinds may interleave (a record, its version, the next record, …): each kind's rows
        stay in order, and any other queued statement is a barrier that rows queued after it never cross.
        Each kind's statement goes where the first row of its run went: a kind whose rows read another's
        (``versions_created`` reads ``records``) must queue each row after the row it reads, within one run."""
        for cur, k, batch in reversed(self.queue):
            if cur is not None:
                break
            if k == kind:
                batch[1].append(row)
                return
        self.queue.append((None, kind, [build, [row]]))

    @staticmethod
    def _send(conn: Conn, queue: list[tuple[Queued | None, Any, Any]]) -> None:
        for out, sql, args in queue:
            cur = conn.cursor()
            if out is None:
                sql, args = args[0](args[1])
            else:
                out.cur = cur
            cur.execute(sql, args)

    def _round_trip(self, last: Callable[[Conn], None] | None = None, last_sql: str | None = None) -> None:
        """Send the queue (and then ``last``'s statement) in one round trip; once, on a fresh connection,
        if the connection was found dead before anything of this transaction had run (module docstring)."""
        queue, self.queue = self.queue, []
        retried = False
        while True:
            try:
                with self.conn.pipeline():
                    self._send(self.conn, queue)
                    if last is not None:
                        last(self.conn)
                break
            except psycopg.OperationalError:
                commits = last_sql == "COMMIT" or any(sql == "COMMIT" for out, sql, _ in queue if out is not None)
                if (retried or self.answered or self.reconnect is None or commits
                        or not (self.conn.closed or self.conn.broken)):
                    raise
                retried = True
                self.conn = self.reconnect(self.conn)
        self.answered = True

    def _finish(self) -> None:
        """The queue has been sent and answered: hand the rows to the ``Later`` lists waiting for them."""
        done, self.done = self.done, []
        for fn in done:
            fn()

    def flush(self) -> None:
        """Send the queue now (one round trip) and wait for its results."""
        if self.queue:
            self._round_trip()
            self._finish()

    def execute(self, sql: str, args: Params | None = None, *, binary: bool = False) -> Cursor:
        """Run a statement after the queue, in the same round trip; its result is ready on return."""
        return self._run(lambda conn: conn.cursor(binary=binary), sql, args)

    def tuples(self, sql: str, args: Params | None = None, *, binary: bool = False) -> list[tuple[Any, ...]]:
        """``execute(...).fetchall()`` with rows as tuples: a hot query's hundred rows cost less to build."""
        return self._run(lambda conn: conn.cursor(binary=binary, row_factory=tuple_row), sql, args).fetchall()

    def _run(self, make: Callable[[Conn], psycopg.Cursor[R]], sql: str, args: Params | None) -> psycopg.Cursor[R]:
        if not self.queue:
            cur = make(self.conn)
            cur.execute(sql, args)
            self.answered = True
            return cur
        got: list[psycopg.Cursor[R]] = []

        def last(conn: Conn) -> None:
            got[:] = [make(conn)]
            got[0].execute(sql, args)

        self._round_trip(last, sql)
        self._finish()
        return got[0]

    def cursor(self, *, binary: bool = False) -> Cursor:
        """A cursor for ``executemany`` or ``copy``; the queue is sent first."""
        self.flush()
        self.answered = True
        return self.conn.cursor(binary=binary)

    def release(self) -> None:
        """The transaction is over (committed or not): drop what was never sent, so a ``Later`` read afterwards
        cannot send it on a connection that is back in the pool."""
        self.queue.clear()
        self.done.clear()

    @property
    def closed(self) -> bool:
        return self.conn.closed
