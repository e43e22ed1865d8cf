-- §22: the PostgreSQL store's first schema. Every server process keeps the whole state in memory and
-- this database is what they share: the records (the durable state), the numbered changes each write
-- batch made (what other processes apply to catch up), the event log (§19) and the rate-limit counters
-- of every process (§13). Records are `json`, not `jsonb`: kept as written, key order included, so a
-- process that loads a record serializes it exactly as the process that wrote it.

-- One row per setting of the store itself (the cursor secret, §6: every process signs cursors alike).
CREATE TABLE flagplane_meta (
  name text PRIMARY KEY,
  value text NOT NULL
);

-- Every record but events. `parent_id` and `key` are the fields collectionIndexes names ('' for a
-- top-level record); the unique constraint is what makes a key taken at most once across processes. It
-- is checked at commit, so one write batch may free a key and take it again in any order.
CREATE TABLE flagplane_records (
  collection text NOT NULL,
  id text NOT NULL,
  parent_id text NOT NULL,
  key text,
  record json NOT NULL,
  PRIMARY KEY (collection, id),
  CONSTRAINT flagplane_records_key_taken_once UNIQUE (collection, parent_id, key) DEFERRABLE INITIALLY DEFERRED
);
CREATE INDEX flagplane_records_children ON flagplane_records (collection, parent_id);

-- The event log (§19), by the three orders its filters page through (ids are UUIDv7: time order).
CREATE TABLE flagplane_events (
  id text PRIMARY KEY,
  organization_id text NOT NULL,
  project_id text,
  flag_id text,
  created_at timestamptz NOT NULL,
  record json NOT NULL
);
CREATE INDEX flagplane_events_by_organization ON flagplane_events (organization_id, id);
CREATE INDEX flagplane_events_by_project ON flagplane_events (project_id, id) WHERE project_id IS NOT NULL;
CREATE INDEX flagplane_events_by_flag ON flagplane_events (flag_id, id) WHERE flag_id IS NOT NULL;
CREATE INDEX flagplane_events_by_age ON flagplane_events (created_at);

-- One row per committed write batch, numbered without gaps in commit order (a batch takes the next number
-- under the write lock): `ops` is its net record changes, [{collection, id, record|null}]. `token` is a
-- random name of the row: a process that applied change N knows it by number and token, so a database
-- restored to before N and written to N again is told apart from the one it followed.
CREATE TABLE flagplane_changes (
  seq bigint PRIMARY KEY,
  token text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text),
  committed_at timestamptz NOT NULL DEFAULT now(),
  ops json NOT NULL
);

-- §13: requests per caller per fixed window, counted by every process in one statement. UNLOGGED: counts
-- are written on every request, and a transaction that writes only unlogged tables commits without
-- waiting for a WAL flush; a crash of PostgreSQL forgets the counts of the current window, nothing more.
CREATE UNLOGGED TABLE flagplane_rate_limits (
  caller text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (caller, window_start)
);

-- Commits one write batch of a server process: under the write lock (a transaction-level advisory lock,
-- the one every batch takes), and only if the last change is still the one the process applied
-- (`expected_seq` and its `expected_token`; 0 and null for none); then writes the records and events of
-- `batch_ops` ([{collection, id, parentId, key, record|null}], a record null when removed) and the change
-- row numbered `expected_seq + 1`, named `batch_token`. Returns false, writing nothing, when the process is behind
-- or another batch holds the lock: it then runs under the lock, catching up first. Called alone it is one
-- round trip, commit included, and waits for nobody. `strict` (a batch that already holds the lock and
-- caught up): a mismatch raises FP001 instead, since it means the database is not the one the process
-- followed (a restored backup, a failover that lost commits).
CREATE FUNCTION flagplane_commit_batch(
  expected_seq bigint, expected_token text, batch_ops json, batch_token text, strict boolean
)
RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint := 0;
  last_token text;
BEGIN
  -- 'flagwrit' (postgres-state.ts: writeLockKey)
  IF strict THEN
    PERFORM pg_advisory_xact_lock(7380380986366912884);
  ELSIF NOT pg_try_advisory_xact_lock(7380380986366912884) THEN
    RETURN false;
  END IF;
  SELECT c.seq, c.token INTO last_seq, last_token FROM flagplane_changes c ORDER BY c.seq DESC LIMIT 1;
  IF coalesce(last_seq, 0) <> expected_seq OR last_token IS DISTINCT FROM expected_token THEN
    IF strict THEN
      RAISE EXCEPTION 'flagplane: the last change is not % (%)', expected_seq, expected_token USING ERRCODE = 'FP001';
    END IF;
    RETURN false;
  END IF;
  WITH o AS (
    SELECT * FROM json_to_recordset(batch_ops) AS r(collection text, id text, "parentId" text, key text, record json)
  ), record_writes AS (
    INSERT INTO flagplane_records (collection, id, parent_id, key, record)
    SELECT o.collection, o.id, coalesce(o."parentId", ''), o.key, o.record FROM o
    WHERE o.record IS NOT NULL AND o.collection <> 'events'
    ON CONFLICT (collection, id) DO UPDATE
      SET parent_id = excluded.parent_id, key = excluded.key, record = excluded.record
  ), record_removals AS (
    DELETE FROM flagplane_records r USING o
    WHERE o.record IS NULL AND o.collection <> 'events' AND r.collection = o.collection AND r.id = o.id
  ), event_writes AS (
    INSERT INTO flagplane_events (id, organization_id, project_id, flag_id, created_at, record)
    SELECT o.id, o.record->>'organizationId', o.record->'project'->>'id', o.record->'flag'->>'id',
      (o.record->>'createdAt')::timestamptz, o.record
    FROM o WHERE o.collection = 'events' AND o.record IS NOT NULL
    ON CONFLICT (id) DO NOTHING
  ), event_removals AS (
    DELETE FROM flagplane_events e USING o
    WHERE o.collection = 'events' AND o.record IS NULL AND e.id = o.id
  )
  INSERT INTO flagplane_changes (seq, token, ops) VALUES (expected_seq + 1, batch_token, batch_ops);
  -- Processes further behind than the last 10,000 changes load everything again (postgres-store.ts).
  IF (expected_seq + 1) % 1000 = 0 THEN
    DELETE FROM flagplane_changes WHERE seq <= expected_seq + 1 - 10000;
  END IF;
  RETURN true;
END;
$$;
