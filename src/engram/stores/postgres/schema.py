"""Append-only migrations of the PostgreSQL schema. Never edit a shipped step; add the next one.

Each step runs inside the migration transaction with ``search_path`` set to the engram schema and the
schema holding pgvector, so names are unqualified here. HNSW indexes are not created by a step: there is
one per large partition, for the embedding dimension, and they cost every insert a few milliseconds, so
they are built on demand, the first time a partition is large enough to gain from one (see
``store.ensure_hnsw``).

Notes on the shape:

* ``terms`` holds the pre-analysed terms (``core.text.index_terms``, space-joined) exactly as SQLite
  indexes them; ``tsv`` is built from them with ``array_to_tsvector`` (no PostgreSQL parser, no stemming),
  so both backends match the same documents. A record leaves the text index when it stops being active:
  its generated ``tsv`` becomes NULL.
* ``stats`` keeps exact corpus statistics for BM25 (documents, tokens, document frequency per term,
  documents per partition), updated in the writing transaction. Rows are split into shards by backend
  so concurrent writers rarely wait on the same counter row; readers sum the shards.
* ``postings`` (step 3) replaces ``tsv`` and its GIN indexes: one row per distinct indexed term of an
  active record or of an event chunk (``posting_terms``, the terms ``tsv`` held), with btrees that read one
  term's newest matches in ``seq`` order, over the whole index or within one partition, from the index
  alone. Every write path keeps it exact in the writing transaction.
* ``postings`` (step 5) keeps ``(seq, ph, kind, term)``: ``ph`` is ``hashtextextended(part, 0)``. A scan of
  one partition's postings reads ``postings_part`` by that hash; a hash shared by two partitions (about one
  chance in 10^15 among 100,000 partitions) could only let a foreign posting take a candidate slot, since the
  rows are joined back and filtered by their real ``part``.
* GIN indexes (steps 1–2 only) kept a small pending list (256 kB, not 4 MB): every search scans that list
  linearly, and after a bulk load a full one made a 1,000-row partition's text search take 9 ms instead of 0.8 ms.
* ``part`` names the vector/text partition of a row: one session's events, one actor's records, or one
  agent's agent-level records. A btree on it makes a scoped search read only that partition; with the
  append order (``event_chunks.id``, ``records.seq``) it also finds a candidate's neighbours.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: the whole first schema
    r"""
    CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);
    CREATE TABLE configs (version integer PRIMARY KEY, at timestamptz NOT NULL, doc jsonb NOT NULL);
    CREATE TABLE stats (
        kind text NOT NULL, key text NOT NULL, shard smallint NOT NULL, n bigint NOT NULL,
        PRIMARY KEY (kind, key, shard)
    );

    CREATE FUNCTION terms_tsv(terms text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT array_to_tsvector(coalesce(array_agg(t), '{}'))
        FROM unnest(string_to_array(terms, ' ')) AS t
        WHERE t <> '' AND octet_length(t) < 2048
    $$;

    -- FTS5's bm25() over the space-joined terms plus one partition token, as SQLite ranks candidates:
    -- sum of idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl / avgdl)), k1 = 1.2, b = 0.75.
    CREATE FUNCTION fts_bm25(terms text, q text[], w float8[], part_w float8, avgdl float8) RETURNS float8
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce((
                   SELECT sum(u.w * f.tf * 2.2 / (f.tf + d.k))
                   FROM unnest(q, w) AS u(t, w),
                        LATERAL (SELECT cardinality(array_positions(d.a, u.t))::float8 AS tf) AS f
                   WHERE f.tf > 0), 0)
               + part_w * 2.2 / (1 + d.k)
        FROM (SELECT a, 1.2 * (0.25 + 0.75 * (cardinality(a) + 1) / avgdl) AS k
              FROM (SELECT string_to_array(terms, ' ') AS a) AS s) AS d
    $$;

    CREATE TABLE events (
        seq bigserial PRIMARY KEY,
        id text NOT NULL UNIQUE,
        agent text NOT NULL, actor text, session text,
        role text NOT NULL, content text NOT NULL,
        at timestamptz NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        tool_calls jsonb NOT NULL DEFAULT '[]',
        tool_call_id text, name text, turn_id text
    );
    CREATE INDEX events_scope ON events (agent, actor, session, at, seq);
    CREATE INDEX events_at ON events (at);

    CREATE TABLE event_chunks (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL, ordinal integer NOT NULL,
        part text NOT NULL, is_tool boolean NOT NULL, at timestamptz NOT NULL,
        text text NOT NULL, terms text NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (terms_tsv(terms)) STORED,
        vec vector
    );
    CREATE INDEX event_chunks_event ON event_chunks (event_id);
    CREATE INDEX event_chunks_part ON event_chunks (part, id);
    CREATE INDEX event_chunks_tsv ON event_chunks USING gin (tsv) WITH (gin_pending_list_limit = 256);

    CREATE TABLE records (
        id text PRIMARY KEY,
        seq bigserial NOT NULL,
        agent text NOT NULL, actor text, session text,
        level text NOT NULL, namespace text NOT NULL, kind text NOT NULL,
        summary text NOT NULL, content text, labels jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL, preview boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
        version integer NOT NULL DEFAULT 1,
        replaces text, superseded_by text, deletes text,
        pinned boolean NOT NULL DEFAULT false,
        turn_id text, agent_version text, prov_session text, prov_actor text, strategy text,
        source_ids jsonb NOT NULL DEFAULT '[]',
        part text NOT NULL, terms text NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (CASE WHEN status = 'active' THEN terms_tsv(terms) END) STORED,
        vec vector
    );
    -- every read of records is by id or by partition: no index on (agent, …) that a planner with stale
    -- statistics could pick to walk a whole agent
    CREATE INDEX records_part_time ON records (part, created_at, id);
    CREATE INDEX records_active ON records (part, seq) WHERE status = 'active';
    CREATE INDEX records_pinned ON records (part) WHERE pinned;
    CREATE INDEX records_tsv ON records USING gin (tsv) WITH (gin_pending_list_limit = 256);
    CREATE TABLE record_sources (record_id text NOT NULL, strategy text NOT NULL, event_id text NOT NULL);
    CREATE INDEX record_sources_event ON record_sources (event_id, strategy);
    CREATE INDEX record_sources_record ON record_sources (record_id);

    CREATE TABLE versions (
        record_id text NOT NULL, version integer NOT NULL, op text NOT NULL,
        summary text NOT NULL, content text, kind text NOT NULL, labels jsonb NOT NULL,
        status text NOT NULL, at timestamptz NOT NULL,
        turn_id text, agent_version text, session text, actor text, strategy text,
        source_ids jsonb NOT NULL DEFAULT '[]',
        PRIMARY KEY (record_id, version)
    );

    CREATE TABLE uses (
        id bigserial PRIMARY KEY,
        record_id text NOT NULL, agent text NOT NULL, actor text, session text,
        turn_id text, call_index integer NOT NULL, score float8 NOT NULL, at timestamptz NOT NULL
    );
    CREATE INDEX uses_record ON uses (record_id, at);
    CREATE INDEX uses_actor ON uses (agent, actor);

    CREATE TABLE jobs (
        id text PRIMARY KEY, kind text NOT NULL,
        agent text NOT NULL, actor text, session text,
        status text NOT NULL, attempts integer NOT NULL DEFAULT 0, error text,
        payload jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
        worker text, lease_until timestamptz
    );
    CREATE INDEX jobs_open ON jobs (created_at) WHERE status IN ('pending', 'running');
    CREATE INDEX jobs_agent ON jobs (agent, status, created_at);

    CREATE TABLE api_keys (
        id text PRIMARY KEY, key_hash text NOT NULL UNIQUE, name text,
        agent text NOT NULL, actor text,
        read_levels text[] NOT NULL, write_levels text[] NOT NULL,
        can_delete boolean NOT NULL, can_admin boolean NOT NULL,
        created_at timestamptz NOT NULL, revoked_at timestamptz
    );
    """,
    # 2: the history indexer finds chunks committed before they were embedded
    r"""
    CREATE INDEX event_chunks_unembedded ON event_chunks (part, id) WHERE vec IS NULL;
    """,
    # 3: text candidates from a postings table read newest first, instead of GIN bitmap scans that visit
    # every match's heap page; the GIN indexes and the tsv columns had no other reader and are dropped
    r"""
    CREATE FUNCTION posting_terms(terms text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 20 AS $$
        SELECT DISTINCT t FROM unnest(string_to_array(terms, ' ')) AS t WHERE t <> '' AND octet_length(t) < 2048
    $$;

    CREATE TABLE postings (kind "char" NOT NULL, term text NOT NULL, part text NOT NULL, seq bigint NOT NULL,
                           id text NOT NULL);
    INSERT INTO postings (kind, term, part, seq, id)
        SELECT 'r', t, r.part, r.seq, r.id FROM records r CROSS JOIN LATERAL posting_terms(r.terms) AS t
        WHERE r.status = 'active';
    INSERT INTO postings (kind, term, part, seq, id)
        SELECT 'e', t, c.part, c.id, c.event_id FROM event_chunks c CROSS JOIN LATERAL posting_terms(c.terms) AS t;
    CREATE INDEX postings_term ON postings (kind, term, seq DESC) INCLUDE (id);
    CREATE INDEX postings_part ON postings (kind, term, part, seq DESC) INCLUDE (id);
    ANALYZE postings;

    DROP INDEX records_tsv;
    DROP INDEX event_chunks_tsv;
    ALTER TABLE records DROP COLUMN tsv;
    ALTER TABLE event_chunks DROP COLUMN tsv;
    """,
    # 4: events written by preview turns (live reads never see them; they have no index chunks)
    r"""
    ALTER TABLE events ADD COLUMN preview boolean NOT NULL DEFAULT false;
    CREATE INDEX records_preview_targets ON records (agent)
        WHERE preview AND (replaces IS NOT NULL OR deletes IS NOT NULL);
    """,
    # 5: slimmer postings (at 100k records they were 683 MB of 1,169): no ``id`` (the row is found by ``seq``:
    # a record's through a new unique index, a chunk's through its primary key) and the partition as its
    # 64-bit hash instead of its text; rewritten as a new table (written once, then indexed, smaller than an
    # ALTER leaves it)
    r"""
    CREATE UNIQUE INDEX records_seq ON records (seq);
    CREATE TABLE postings_5 (seq bigint NOT NULL, ph bigint NOT NULL, kind "char" NOT NULL, term text NOT NULL);
    INSERT INTO postings_5 (seq, ph, kind, term)
        SELECT seq, hashtextextended(part, 0), kind, term FROM postings ORDER BY kind, term, seq;
    DROP TABLE postings;
    ALTER TABLE postings_5 RENAME TO postings;
    CREATE INDEX postings_term ON postings (kind, term, seq);
    CREATE INDEX postings_part ON postings (kind, term, ph, seq);
    ANALYZE postings;
    """,
    # 6: events are numbered per session (``n``): a store-wide ``seq`` told every tenant the others' volume
    r"""
    ALTER TABLE events ADD COLUMN n bigint NOT NULL DEFAULT 0;
    UPDATE events e SET n = x.rn FROM (SELECT seq, row_number() OVER (PARTITION BY agent, actor, session
                                                                       ORDER BY seq) AS rn FROM events) AS x
        WHERE e.seq = x.seq;
    CREATE TABLE session_seqs (agent text NOT NULL, actor text NOT NULL, session text NOT NULL, n bigint NOT NULL,
                               PRIMARY KEY (agent, actor, session));
    INSERT INTO session_seqs (agent, actor, session, n)
        SELECT agent, coalesce(actor, ''), coalesce(session, ''), max(n) FROM events GROUP BY agent, actor, session;
    """,
    # 7: configuration per agent ('' is the database-wide default); records name the config version;
    # events keep when engram stored them (expiry counts from that; rows already here: from now)
    r"""
    ALTER TABLE configs ADD COLUMN agent text NOT NULL DEFAULT '';
    CREATE INDEX configs_agent ON configs (agent, version);
    ALTER TABLE records ADD COLUMN config_version integer;
    ALTER TABLE versions ADD COLUMN config_version integer;
    ALTER TABLE events ADD COLUMN stored_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE event_chunks ADD COLUMN stored_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX events_stored ON events (agent, stored_at);
    """,
    # 8: btrees whose keys only ever grow within each run (a term's postings, a partition's rows) are built
    # full: new keys go to the last page of their run, so the 10% a build leaves free on every other page is
    # never used. Takes effect when an index is next built (``maintain_vectors`` rebuilds them)
    r"""
    ALTER INDEX postings_term SET (fillfactor = 100);
    ALTER INDEX postings_part SET (fillfactor = 100);
    ALTER INDEX records_part_time SET (fillfactor = 100);
    ALTER INDEX records_active SET (fillfactor = 100);
    ALTER INDEX records_seq SET (fillfactor = 100);
    ALTER INDEX event_chunks_part SET (fillfactor = 100);
    """,
    # 9: ``events_at`` had no reader once expiry moved to ``stored_at`` (every read of events names the agent, or
    # ids): an index every append paid for
    r"""
    DROP INDEX events_at;
    """,
    # 10: vectors stay in their row. pgvector's type is stored EXTERNAL, so a row of more than 2 kB (a 384-d
    # vector is 1.5 kB) had its vector moved to the TOAST table, and every cosine computed on it (an exact
    # scan, a neighbour's score) paid a TOAST index lookup: about 5 us a row, half of an exact scan of a
    # 100-row partition. MAIN keeps it inline unless the row still exceeds a page without it: the row's
    # text (a summary, long content) goes out of line instead, read only when the record is loaded whole.
    # The 2 kB threshold stays, so four rows still fit a page (at 4 kB, three did: 5% more disk at 100k).
    # Rows already stored keep their place until the table is rewritten (VACUUM FULL, or pg_repack without
    # the exclusive lock)
    r"""
    ALTER TABLE records ALTER COLUMN vec SET STORAGE MAIN;
    ALTER TABLE event_chunks ALTER COLUMN vec SET STORAGE MAIN;
    """,
    # 11: a record a strategy wrote keeps its consolidation key in a column of its own (types.Record.fact_key),
    # never in its content nor its index
    r"""
    ALTER TABLE records ADD COLUMN fact_key text;
    """,
    # 12: a key may be bound to one session (``keys create --session``)
    r"""
    ALTER TABLE api_keys ADD COLUMN session text;
    """,
    # 13: configuration versions are numbered per agent: a store-wide number told each tenant how often the others
    # changed theirs. The default ('') counts 1, 2, 3, ...; an agent's own versions continue after the defaults
    # stored before its first one (those that applied to it), so one number names one configuration that applied
    # to the agent, and the records and record versions that name an old number name its new one. Writers of one
    # agent's versions take that agent's advisory lock (``MetaTx.latest_config``), never one for the whole store
    r"""
    CREATE TABLE config_numbers (old integer PRIMARY KEY, new integer NOT NULL);
    INSERT INTO config_numbers (old, new)
        SELECT x.old, x.rn + CASE WHEN x.agent = '' THEN 0 ELSE
                                  (SELECT count(*) FROM configs d WHERE d.agent = '' AND d.version < x.first) END
        FROM (SELECT version AS old, agent, row_number() OVER (PARTITION BY agent ORDER BY version) AS rn,
                     min(version) OVER (PARTITION BY agent) AS first FROM configs) AS x;
    DELETE FROM config_numbers WHERE new = old;
    UPDATE records r SET config_version = m.new FROM config_numbers m WHERE r.config_version = m.old;
    UPDATE versions v SET config_version = m.new FROM config_numbers m WHERE v.config_version = m.old;
    ALTER TABLE configs DROP CONSTRAINT configs_pkey;
    UPDATE configs c SET version = m.new FROM config_numbers m WHERE c.version = m.old;
    ALTER TABLE configs ADD PRIMARY KEY (agent, version);
    DROP INDEX configs_agent;
    DROP TABLE config_numbers;
    """,
    # 14: HNSW indexes are one per partition (``store.ensure_hnsw``), never one per table and dimension over every
    # tenant: through a shared graph one tenant's plan and approximate neighbours depended on the others' data.
    # The shared ``<table>_hnsw_<dim>`` indexes an earlier engram built are dropped (no search uses them now,
    # and every insert paid for their upkeep); each large partition's own index is built when a search would
    # gain from it, or by ``maintain_vectors``
    r"""
    DO $$
    DECLARE
        idx text;
    BEGIN
        FOR idx IN SELECT c.relname FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
                    WHERE c.relnamespace = current_schema()::regnamespace
                      AND c.relname ~ '^(records|event_chunks)_hnsw_[0-9]+$'
        LOOP
            EXECUTE format('DROP INDEX %I.%I', current_schema(), idx);
        END LOOP;
    END $$;
    """,
    # 15: a record that left active (superseded, deleted, expired) is no longer pinned: an earlier engram kept the
    # flag, so `get` reported a deleted record as pinned (a pin now follows its fact to the successor instead)
    """
    UPDATE records SET pinned = false WHERE pinned AND status <> 'active';
    """,
)
