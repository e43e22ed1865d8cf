-- §24: every committed change row is announced on the channel `flagplane_changes` (its number as the
-- payload), so every server process on this database learns of another's commit at once and applies it
-- (its LISTEN connection: change-notifications.ts), instead of at its next request. NOTIFY is
-- transactional: the notification is delivered when, and only if, the change commits.
CREATE FUNCTION flagplane_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flagplane_changes', NEW.seq::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER flagplane_changes_notify
AFTER INSERT ON flagplane_changes
FOR EACH ROW EXECUTE FUNCTION flagplane_notify_change();
