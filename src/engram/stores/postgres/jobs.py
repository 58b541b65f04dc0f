"""PostgreSQL extraction jobs: enqueue, claim under a lease, finish, fail, list, retry."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from ...types import Job
from .sql import (
    aware,
    lock_key,
    utc,
)
from .txbase import TxBase


class JobsTx(TxBase):
    """The job queue of a transaction."""

    @staticmethod
    def _job(r: DictRow) -> Job:
        return Job(id=r["id"], kind=r["kind"], agent=r["agent"], actor=r["actor"], session=r["session"],
                   status=r["status"], attempts=int(r["attempts"]), error=r["error"], payload=dict(r["payload"]),
                   created_at=utc(r["created_at"]), updated_at=utc(r["updated_at"]))

    def enqueue_job(self, job: Job) -> None:
        self.c.execute(
            "INSERT INTO jobs (id, kind, agent, actor, session, status, attempts, error, payload, created_at, "
            "updated_at) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            [job.id, job.kind, job.agent, job.actor, job.session, job.status, job.attempts, job.error,
             Jsonb(job.payload), aware(job.created_at), aware(job.updated_at)])

    def claim_job(self, worker: str, now: datetime, lease_seconds: float, *, agent: str | None = None) -> Job | None:
        """Take the oldest pending (or lease-expired) job whose session has no other job running (of ``agent``
        alone, unless None).

        ``FOR UPDATE SKIP LOCKED`` keeps two workers off one job without waiting on each other. A session
        is extracted by one worker at a time: the candidate's session is locked (advisory, for this
        transaction, without waiting: a session being claimed elsewhere is skipped) and checked again for
        a job claimed meanwhile, so two jobs of one session never run together and extract the same events
        twice.
        """
        n = aware(now)
        live = ("SELECT 1 FROM jobs r WHERE r.status = 'running' AND r.lease_until >= %s AND r.id <> j.id "
                "AND r.agent = j.agent AND r.actor IS NOT DISTINCT FROM j.actor "
                "AND r.session IS NOT DISTINCT FROM j.session")
        only: tuple[str, list[Any]] = ("AND j.agent = %s ", [agent]) if agent is not None else ("", [])
        skipped: list[str] = []
        for _ in range(20):
            cand = self._one(
                "SELECT j.id, j.agent, j.actor, j.session FROM jobs j "
                "WHERE j.status IN ('pending', 'running') AND (j.status = 'pending' OR j.lease_until < %s) "
                f"{only[0]}AND NOT j.id = ANY(%s) AND NOT EXISTS ({live}) "
                "ORDER BY j.created_at, j.id LIMIT 1 FOR UPDATE SKIP LOCKED", [n, *only[1], skipped, n])
            if cand is None:
                return None
            key = lock_key(self.s.schema, "job-scope", cand["agent"], cand["actor"] or "", cand["session"] or "")
            got = self._one("SELECT pg_try_advisory_xact_lock(%s) AS ok", [key])
            # another worker is claiming this session right now, or claimed it while we looked: skip it
            if not (got and got["ok"]) or self._one(
                    f"SELECT 1 FROM jobs j WHERE j.id = %s AND EXISTS ({live})", [cand["id"], n]):
                skipped.append(cand["id"])
                continue
            row = self._one(
                "UPDATE jobs SET status = 'running', worker = %s, lease_until = %s, attempts = attempts + 1, "
                "updated_at = %s WHERE id = %s RETURNING *",
                [worker, n + timedelta(seconds=lease_seconds), n, cand["id"]])
            return self._job(row) if row else None
        return None

    def finish_job(self, job_id: str, now: datetime) -> None:
        self.c.execute("UPDATE jobs SET status = 'done', error = NULL, lease_until = NULL, updated_at = %s "
                       "WHERE id = %s", [aware(now), job_id])

    def fail_job(self, job_id: str, error: str, now: datetime, *, retry: bool) -> None:
        self.c.execute("UPDATE jobs SET status = %s, error = %s, lease_until = NULL, updated_at = %s WHERE id = %s",
                       ["pending" if retry else "failed", error, aware(now), job_id])

    def list_jobs(self, agent: str, *, status: str | None, limit: int, actor: str | None = None,
                  session: str | None = None, before: tuple[datetime, str] | None = None) -> list[Job]:
        sql = "SELECT * FROM jobs WHERE agent = %s"
        args: list[Any] = [agent]
        for col, value in (("status", status), ("actor", actor), ("session", session)):
            if value is not None:
                sql += f" AND {col} = %s"
                args.append(value)
        if before is not None:
            sql += " AND (created_at, id) < (%s, %s)"
            args += [aware(before[0]), before[1]]
        rows = self._all(sql + " ORDER BY created_at DESC, id DESC LIMIT %s", [*args, limit])
        return [self._job(r) for r in rows]

    def get_job(self, agent: str, job_id: str) -> Job | None:
        row = self._one("SELECT * FROM jobs WHERE id = %s AND agent = %s", [job_id, agent])
        return self._job(row) if row else None

    def retry_job(self, agent: str, job_id: str, now: datetime) -> bool:
        cur = self.c.execute("UPDATE jobs SET status = 'pending', updated_at = %s WHERE id = %s AND agent = %s "
                             "AND status = 'failed'", [aware(now), job_id, agent])
        return cur.rowcount > 0
