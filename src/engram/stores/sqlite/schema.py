"""Append-only migrations of the SQLite schema. Never edit a shipped step; add the next one."""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: the whole first schema
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
    CREATE TABLE configs (version INTEGER PRIMARY KEY, at_us INTEGER NOT NULL, doc TEXT NOT NULL);

    CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        agent TEXT NOT NULL, actor TEXT, session TEXT,
        role TEXT NOT NULL, content TEXT NOT NULL,
        at_us INTEGER NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        tool_calls TEXT NOT NULL DEFAULT '[]',
        tool_call_id TEXT, name TEXT, turn_id TEXT
    );
    CREATE INDEX events_scope ON events (agent, actor, session, at_us, seq);
    CREATE INDEX events_at ON events (at_us);

    CREATE TABLE event_chunks (
        rowid INTEGER PRIMARY KEY,
        event_id TEXT NOT NULL, ordinal INTEGER NOT NULL,
        part TEXT NOT NULL, is_tool INTEGER NOT NULL, at_us INTEGER NOT NULL,
        text TEXT NOT NULL, terms TEXT NOT NULL, vec BLOB
    );
    CREATE INDEX event_chunks_event ON event_chunks (event_id);
    CREATE INDEX event_chunks_part ON event_chunks (part, rowid);
    CREATE VIRTUAL TABLE event_fts USING fts5 (terms, content='event_chunks', content_rowid='rowid',
                                               tokenize='unicode61 remove_diacritics 0');
    CREATE VIRTUAL TABLE event_vocab USING fts5vocab (event_fts, 'row');

    CREATE TABLE records (
        rowid INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        agent TEXT NOT NULL, actor TEXT, session TEXT,
        level TEXT NOT NULL, namespace TEXT NOT NULL, kind TEXT NOT NULL,
        summary TEXT NOT NULL, content TEXT, labels TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL, preview INTEGER NOT NULL DEFAULT 0,
        created_us INTEGER NOT NULL, updated_us INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        replaces TEXT, superseded_by TEXT, deletes TEXT,
        pinned INTEGER NOT NULL DEFAULT 0,
        turn_id TEXT, agent_version TEXT, prov_session TEXT, prov_actor TEXT, strategy TEXT,
        source_ids TEXT NOT NULL DEFAULT '[]',
        part TEXT NOT NULL, fts_terms TEXT NOT NULL, vec BLOB
    );
    CREATE INDEX records_scope ON records (agent, level, actor, session, status, created_us);
    CREATE INDEX records_list ON records (agent, created_us, id);
    CREATE INDEX records_part ON records (part, status);
    CREATE INDEX records_pinned ON records (agent, pinned) WHERE pinned = 1;
    CREATE TABLE record_labels (record_id TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
                                PRIMARY KEY (record_id, name));
    CREATE INDEX record_labels_value ON record_labels (name, value);
    CREATE TABLE record_sources (record_id TEXT NOT NULL, strategy TEXT NOT NULL, event_id TEXT NOT NULL);
    CREATE INDEX record_sources_event ON record_sources (event_id, strategy);
    CREATE INDEX record_sources_record ON record_sources (record_id);
    CREATE VIRTUAL TABLE record_fts USING fts5 (fts_terms, content='records', content_rowid='rowid',
                                                tokenize='unicode61 remove_diacritics 0');
    CREATE VIRTUAL TABLE record_vocab USING fts5vocab (record_fts, 'row');

    CREATE TABLE versions (
        record_id TEXT NOT NULL, version INTEGER NOT NULL, op TEXT NOT NULL,
        summary TEXT NOT NULL, content TEXT, kind TEXT NOT NULL, labels TEXT NOT NULL,
        status TEXT NOT NULL, at_us INTEGER NOT NULL,
        turn_id TEXT, agent_version TEXT, session TEXT, actor TEXT, strategy TEXT,
        source_ids TEXT NOT NULL DEFAULT '[]',
        PRIMARY KEY (record_id, version)
    );

    CREATE TABLE vec_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, part TEXT NOT NULL,
                              item TEXT NOT NULL, op TEXT NOT NULL);
    CREATE INDEX vec_changes_part ON vec_changes (part, seq);

    CREATE TABLE uses (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        record_id TEXT NOT NULL, agent TEXT NOT NULL, actor TEXT, session TEXT,
        turn_id TEXT, call_index INTEGER NOT NULL, score REAL NOT NULL, at_us INTEGER NOT NULL
    );
    CREATE INDEX uses_record ON uses (record_id, at_us);
    CREATE INDEX uses_actor ON uses (agent, actor);

    CREATE TABLE jobs (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL,
        agent TEXT NOT NULL, actor TEXT, session TEXT,
        status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, error TEXT,
        payload TEXT NOT NULL DEFAULT '{}',
        created_us INTEGER NOT NULL, updated_us INTEGER NOT NULL,
        worker TEXT, lease_until_us INTEGER
    );
    CREATE INDEX jobs_status ON jobs (status, created_us);
    CREATE INDEX jobs_agent ON jobs (agent, status, created_us);

    CREATE TABLE api_keys (
        id TEXT PRIMARY KEY, key_hash TEXT NOT NULL UNIQUE, name TEXT,
        agent TEXT NOT NULL, actor TEXT,
        read_levels TEXT NOT NULL, write_levels TEXT NOT NULL,
        can_delete INTEGER NOT NULL, can_admin INTEGER NOT NULL,
        created_us INTEGER NOT NULL, revoked_us INTEGER
    );
    """,
    # 2: newest-first listing per level walks one index range and stops at the page size
    """
    CREATE INDEX records_order ON records (agent, level, actor, session, status, created_us, id);
    DROP INDEX records_scope;
    CREATE INDEX records_pins ON records (agent, level, actor, session, status, created_us) WHERE pinned = 1;
    DROP INDEX records_pinned;
    """,
    # 3: the history indexer finds chunks committed before they were embedded
    """
    CREATE INDEX event_chunks_unembedded ON event_chunks (part, rowid) WHERE vec IS NULL;
    """,
    # 4: events written by preview turns (live reads never see them; they have no index chunks)
    """
    ALTER TABLE events ADD COLUMN preview INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX records_preview_targets ON records (agent)
        WHERE preview = 1 AND (replaces IS NOT NULL OR deletes IS NOT NULL);
    """,
    # 5: events are numbered per session (``n``): a store-wide ``seq`` told every tenant the others' volume
    """
    ALTER TABLE events ADD COLUMN n INTEGER NOT NULL DEFAULT 0;
    UPDATE events SET n = x.rn FROM (SELECT seq AS s, row_number() OVER (PARTITION BY agent, actor, session
                                                                          ORDER BY seq) AS rn FROM events) AS x
        WHERE events.seq = x.s;
    CREATE TABLE session_seqs (agent TEXT NOT NULL, actor TEXT NOT NULL, session TEXT NOT NULL, n INTEGER NOT NULL,
                               PRIMARY KEY (agent, actor, session));
    INSERT INTO session_seqs (agent, actor, session, n)
        SELECT agent, coalesce(actor, ''), coalesce(session, ''), max(n) FROM events GROUP BY agent, actor, session;
    """,
    # 6: configuration per agent ('' is the database-wide default); records name the config version;
    # events keep when engram stored them (expiry counts from that; rows already here: from now)
    """
    ALTER TABLE configs ADD COLUMN agent TEXT NOT NULL DEFAULT '';
    CREATE INDEX configs_agent ON configs (agent, version);
    ALTER TABLE records ADD COLUMN config_version INTEGER;
    ALTER TABLE versions ADD COLUMN config_version INTEGER;
    ALTER TABLE events ADD COLUMN stored_us INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE event_chunks ADD COLUMN stored_us INTEGER NOT NULL DEFAULT 0;
    UPDATE events SET stored_us = CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER);
    UPDATE event_chunks SET stored_us = CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER);
    CREATE INDEX events_stored ON events (agent, stored_us);
    """,
    # 7: a record a strategy wrote keeps its consolidation key in a column of its own (types.Record.fact_key),
    # never in its content nor its index
    """
    ALTER TABLE records ADD COLUMN fact_key TEXT;
    """,
    # 8: a key may be bound to one session (``keys create --session``)
    """
    ALTER TABLE api_keys ADD COLUMN session TEXT;
    """,
    # 9: configuration versions are numbered per agent: a store-wide number told each tenant how often the others
    # changed theirs. The default ('') counts 1, 2, 3, ...; an agent's own versions continue after the defaults
    # stored before its first one (those that applied to it), so one number names one configuration that applied
    # to the agent, and the records and record versions that name an old number name its new one
    """
    CREATE TEMP TABLE config_numbers (old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
    INSERT INTO config_numbers (old, new)
        SELECT x.old, x.rn + CASE WHEN x.agent = '' THEN 0 ELSE
                                  (SELECT count(*) FROM configs d WHERE d.agent = '' AND d.version < x.first) END
        FROM (SELECT version AS old, agent, row_number() OVER (PARTITION BY agent ORDER BY version) AS rn,
                     min(version) OVER (PARTITION BY agent) AS first FROM configs) AS x;
    UPDATE records SET config_version = (SELECT m.new FROM config_numbers m WHERE m.old = records.config_version)
        WHERE config_version IN (SELECT old FROM config_numbers WHERE new <> old);
    UPDATE versions SET config_version = (SELECT m.new FROM config_numbers m WHERE m.old = versions.config_version)
        WHERE config_version IN (SELECT old FROM config_numbers WHERE new <> old);
    CREATE TABLE configs_9 (agent TEXT NOT NULL, version INTEGER NOT NULL, at_us INTEGER NOT NULL, doc TEXT NOT NULL,
                            PRIMARY KEY (agent, version));
    INSERT INTO configs_9 (agent, version, at_us, doc)
        SELECT c.agent, m.new, c.at_us, c.doc FROM configs c JOIN config_numbers m ON m.old = c.version;
    DROP TABLE configs;
    ALTER TABLE configs_9 RENAME TO configs;
    DROP TABLE config_numbers;
    """,
    # 10: each partition's count of documents in its text index (``part:<token>``; records while active, every
    # event chunk): a search's term statistics are its partitions' own (SearchTx._scope_stats), never the
    # store's. Counted from the rows, not from the FTS vocabulary: any text may hold a partition's token
    """
    INSERT INTO counters (name, value)
        SELECT 'part:' || part, count(*) FROM records WHERE status = 'active' GROUP BY part
        UNION ALL SELECT 'part:' || part, count(*) FROM event_chunks GROUP BY part;
    """,
    # 11: a record that left active (superseded, deleted, expired) is no longer pinned: an earlier engram kept the
    # flag, so `get` reported a deleted record as pinned (a pin now follows its fact to the successor instead)
    """
    UPDATE records SET pinned = 0 WHERE pinned = 1 AND status <> 'active';
    """,
)
