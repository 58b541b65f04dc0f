"""SQLite extraction jobs: enqueue, claim under a lease, finish, fail, list, retry."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime
from typing import Any

from ...types import Job
from .sql import (
    from_us,
    to_us,
)
from .txbase import TxBase


class JobsTx(TxBase):
    """The job queue of a transaction."""

    @staticmethod
    def _job(r: sqlite3.Row) -> Job:
        return Job(id=r["id"], kind=r["kind"], agent=r["agent"], actor=r["actor"], session=r["session"],
                   status=r["status"], attempts=r["attempts"], error=r["error"], payload=json.loads(r["payload"]),
                   created_at=from_us(r["created_us"]), updated_at=from_us(r["updated_us"]))

    def enqueue_job(self, job: Job) -> None:
        self.c.execute(
            "INSERT INTO jobs (id, kind, agent, actor, session, status, attempts, error, payload, created_us, "
            "updated_us) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (job.id, job.kind, job.agent, job.actor, job.session, job.status, job.attempts, job.error,
             json.dumps(job.payload), to_us(job.created_at), to_us(job.updated_at)))

    def claim_job(self, worker: str, now: datetime, lease_seconds: float, *, agent: str | None = None) -> Job | None:
        n = to_us(now)
        only = ("AND j.agent = ? ", (agent,)) if agent is not None else ("", ())
        # one live job per session at a time: two workers must never extract the same events twice
        row = self.c.execute(
            "SELECT * FROM jobs j WHERE (j.status = 'pending' OR (j.status = 'running' AND j.lease_until_us < ?)) "
            f"{only[0]}AND NOT EXISTS (SELECT 1 FROM jobs o WHERE o.status = 'running' AND o.lease_until_us >= ? "
            "AND o.id != j.id AND o.agent = j.agent AND o.actor IS j.actor AND o.session IS j.session) "
            "ORDER BY j.created_us LIMIT 1", (n, *only[1], n)).fetchone()
        if row is None:
            return None
        self.c.execute("UPDATE jobs SET status = 'running', worker = ?, lease_until_us = ?, attempts = attempts + 1, "
                       "updated_us = ? WHERE id = ?", (worker, n + int(lease_seconds * 1e6), n, row["id"]))
        got = self.c.execute("SELECT * FROM jobs WHERE id = ?", (row["id"],)).fetchone()
        return self._job(got)

    def finish_job(self, job_id: str, now: datetime) -> None:
        self.c.execute("UPDATE jobs SET status = 'done', error = NULL, lease_until_us = NULL, updated_us = ? "
                       "WHERE id = ?", (to_us(now), job_id))

    def fail_job(self, job_id: str, error: str, now: datetime, *, retry: bool) -> None:
        self.c.execute("UPDATE jobs SET status = ?, error = ?, lease_until_us = NULL, updated_us = ? WHERE id = ?",
                       ("pending" if retry else "failed", error, to_us(now), job_id))

    def list_jobs(self, agent: str, *, status: str | None, limit: int, actor: str | None = None,
                  session: str | None = None, before: tuple[datetime, str] | None = None) -> list[Job]:
        sql = "SELECT * FROM jobs WHERE agent = ?"
        args: list[Any] = [agent]
        for col, value in (("status", status), ("actor", actor), ("session", session)):
            if value is not None:
                sql += f" AND {col} = ?"
                args.append(value)
        if before is not None:
            us = to_us(before[0])
            sql += " AND (created_us < ? OR (created_us = ? AND id < ?))"
            args += [us, us, before[1]]
        rows = self._all(sql + " ORDER BY created_us DESC, id DESC LIMIT ?", [*args, limit])
        return [self._job(r) for r in rows]

    def get_job(self, agent: str, job_id: str) -> Job | None:
        row = self.c.execute("SELECT * FROM jobs WHERE id = ? AND agent = ?", (job_id, agent)).fetchone()
        return self._job(row) if row else None

    def retry_job(self, agent: str, job_id: str, now: datetime) -> bool:
        cur = self.c.execute("UPDATE jobs SET status = 'pending', updated_us = ? WHERE id = ? AND agent = ? "
                             "AND status = 'failed'", (to_us(now), job_id, agent))
        return cur.rowcount > 0
