-- Issue #33: write batches of several processes commit one after the other instead of taking turns.
-- Until now a batch committed in one round trip only when no other process had committed since this one
-- last looked; otherwise it ran again under the write lock, two round trips with the lock held between
-- them, and two busy processes took turns. Now a batch also commits in one round trip after changes it
-- has not seen, when none of them touched its footprint (footprint.ts): the records its writers read or
-- wrote, the parents whose children they looked at, the collections they read whole. Its writers would
-- have done exactly the same on top of those changes, so it is numbered after them. The answer carries
-- the changes it was not shown, for the process to apply before its own. The lock is held from the check
-- to the commit, inside this one statement: changes stay numbered without gaps in commit order.

-- What each change touched, as the committing process wrote it (change-rows.ts: changeTouches):
-- 'r:collection:id' per record, 's:collection:parentId' per parent whose children changed (before and
-- after), 'c:collection' per collection. A footprint is written alike ('r:' read or written, 's:' children
-- looked at, 'c:' read whole), so a change touches a footprint when the two arrays overlap. NULL (rows
-- written before this migration, and replace-all markers): touches everything.
ALTER TABLE flagplane_changes ADD COLUMN touches text[];

DROP FUNCTION flagplane_commit_batch(bigint, text, json, text, boolean);

-- Commits one write batch of a server process, under the write lock (a transaction-level advisory lock,
-- the one every batch takes; waited for up to the session's lock_timeout). `batch_ops` is
-- [{collection, id, parentId, key, record|null, formerParentId?}] (a record null when removed), written as
-- the records and events it names and as the change row numbered after the last, named `batch_token`,
-- touching `batch_touches`. When the last change is not the one the process applied (`expected_seq`,
-- `expected_token`; 0 and null for none): with `strict` (a batch that holds the lock already and caught
-- up) it raises FP001, since the database is then not the one the process followed (a restored backup, a
-- failover that lost commits); otherwise the batch commits only if the changes after `expected_seq` are
-- still kept, at most 100, and none touches `footprint`; else NULL, writing nothing (the process then
-- runs the batch again under the lock, catching up first).
-- Returns {seq, missed}: the batch's number and the change rows after `expected_seq` before it.
CREATE FUNCTION flagplane_commit_batch(
  expected_seq bigint, expected_token text, batch_ops json, batch_token text, strict boolean,
  batch_touches text[], footprint text[]
)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_token text;
  missed json := '[]';
BEGIN
  -- 'flagwrit' (postgres-state.ts: writeLockKey)
  PERFORM pg_advisory_xact_lock(7380380986366912884);
  SELECT c.seq, c.token INTO last_seq, last_token FROM flagplane_changes c ORDER BY c.seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  IF last_seq <> expected_seq OR last_token IS DISTINCT FROM expected_token THEN
    IF strict THEN
      RAISE EXCEPTION 'flagplane: the last change is not % (%)', expected_seq, expected_token USING ERRCODE = 'FP001';
    END IF;
    IF footprint IS NULL OR last_seq < expected_seq OR last_seq - expected_seq > 100 THEN
      RETURN NULL;
    END IF;
    -- The change the process applied last must still be there, under its name: else the database is
    -- another than the one it followed, or the changes it missed are no longer kept.
    IF expected_seq > 0 AND NOT EXISTS (
      SELECT 1 FROM flagplane_changes c WHERE c.seq = expected_seq AND c.token = expected_token
    ) THEN
      RETURN NULL;
    END IF;
    IF EXISTS (
      SELECT 1 FROM flagplane_changes c
      WHERE c.seq > expected_seq AND (c.touches IS NULL OR c.touches && footprint)
    ) THEN
      RETURN NULL;
    END IF;
    SELECT json_agg(json_build_object('seq', c.seq, 'token', c.token, 'ops', c.ops) ORDER BY c.seq)
      INTO missed FROM flagplane_changes c WHERE c.seq > expected_seq;
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
    -- The event's columns read in one pass over its JSON (each ->> would parse it again).
    SELECT o.id, e."organizationId", e.project->>'id', e.flag->>'id', e."createdAt", o.record
    FROM o, json_to_record(o.record) AS e("organizationId" text, project json, flag json, "createdAt" timestamptz)
    WHERE o.collection = 'events' AND o.record IS NOT NULL
    ON CONFLICT (id) DO NOTHING
  ), event_removals AS (
    DELETE FROM flagplane_events e USING o
    WHERE o.collection = 'events' AND o.record IS NULL AND e.id = o.id
  )
  INSERT INTO flagplane_changes (seq, token, ops, touches)
    VALUES (last_seq + 1, batch_token, batch_ops, batch_touches);
  -- Processes further behind than the last 10,000 changes load everything again (postgres-store.ts).
  IF (last_seq + 1) % 1000 = 0 THEN
    DELETE FROM flagplane_changes WHERE seq <= last_seq + 1 - 10000;
  END IF;
  RETURN json_build_object('seq', last_seq + 1, 'missed', coalesce(missed, '[]'));
END;
$$;

-- The function as servers before this migration call it, for those still running during a rolling
-- upgrade: their changes touch everything (NULL), and a batch of theirs that finds others' changes is
-- refused, as before, and runs under the lock.
CREATE FUNCTION flagplane_commit_batch(
  expected_seq bigint, expected_token text, batch_ops json, batch_token text, strict boolean
)
RETURNS boolean
LANGUAGE sql AS $$
  SELECT flagplane_commit_batch(expected_seq, expected_token, batch_ops, batch_token, strict, NULL, NULL)
    IS NOT NULL;
$$;

-- §24: a change is announced as `seq token`, so the process that committed it knows its own notice
-- before the answer of its commit arrives (a notice of `seq` alone only said which change it was).
CREATE OR REPLACE FUNCTION flagplane_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flagplane_changes', NEW.seq::text || ' ' || NEW.token);
  RETURN NULL;
END;
$$;
