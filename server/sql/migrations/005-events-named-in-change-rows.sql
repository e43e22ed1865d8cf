-- Issue #33: a change row names the events its batch added instead of carrying them.
-- Every process reads every other process's change rows and parses their ops, but applies none of their
-- events: events are read from flagplane_events (postgres-events.ts). An event was about 40% of a flag
-- toggle's ops (830 of 2,190 characters), stored a second time in the log, compressed, flushed to the WAL,
-- sent to each process and parsed there for nothing. The committing process now sends the ops twice:
-- whole (`batch_ops`, written into the records and events tables, as before) and as the change row keeps
-- them (`logged_ops`: an added event is {collection, id, parentId, key, record: null, stored: true};
-- change-rows.ts opsJson). The touches are computed from the whole ops, so nothing about conflicts changes.
--
-- The function gains the argument; a PL/pgSQL function is replaced whole, so 004's body is restated with
-- the one line that differs (the change row's ops). The 7-argument form stays for servers before this
-- migration during a rolling upgrade, their change rows carrying whole events as before (every version
-- ignores another process's event bodies, so a mixed log is read alike).

DROP FUNCTION flagplane_commit_batch(bigint, text, json, text, boolean, text[], text[]);

CREATE FUNCTION flagplane_commit_batch(
  expected_seq bigint, expected_token text, batch_ops json, batch_token text, strict boolean,
  batch_touches text[], footprint text[], logged_ops json
)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_token text;
  missed json := '[]';
  touched boolean;
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
    -- Closed at last_seq, so even a generic plan reads these rows by number (see above).
    SELECT bool_or(c.touches IS NULL OR c.touches && footprint),
        json_agg(json_build_object('seq', c.seq, 'token', c.token, 'ops', c.ops) ORDER BY c.seq)
      INTO touched, missed
      FROM flagplane_changes c WHERE c.seq > expected_seq AND c.seq <= last_seq;
    IF touched THEN
      RETURN NULL;
    END IF;
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
    VALUES (last_seq + 1, batch_token, logged_ops, batch_touches);
  -- Processes further behind than the last 10,000 changes load everything again (postgres-store.ts).
  IF (last_seq + 1) % 1000 = 0 THEN
    DELETE FROM flagplane_changes WHERE seq <= last_seq + 1 - 10000;
  END IF;
  RETURN json_build_object('seq', last_seq + 1, 'missed', coalesce(missed, '[]'));
END;
$$;

-- The form servers before this migration call: their change rows keep whole ops.
CREATE FUNCTION flagplane_commit_batch(
  expected_seq bigint, expected_token text, batch_ops json, batch_token text, strict boolean,
  batch_touches text[], footprint text[]
)
RETURNS json
LANGUAGE sql AS $$
  SELECT flagplane_commit_batch(expected_seq, expected_token, batch_ops, batch_token, strict, batch_touches,
    footprint, batch_ops);
$$;
