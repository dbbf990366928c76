-- An erasure used to null an identifying field of the member's audit entries whole ("email": null) where every
-- entry's field is { from, to }: the audit log could not list such an entry, and its page answered an error. The
-- field keeps its shape with both sides erased, as erasures now write it. Inside the erasure exception of the
-- append-only trigger (0030), for this statement's transaction only.
SELECT set_config('laurel.privacy_erasure', 'on', true);
--> statement-breakpoint
UPDATE audit_log a
SET changes = (
  SELECT jsonb_object_agg(
    e.k,
    CASE WHEN jsonb_typeof(e.v) = 'object' THEN e.v ELSE jsonb_build_object('from', '[erased]', 'to', '[erased]') END)
  FROM jsonb_each(a.changes) AS e(k, v))
WHERE jsonb_typeof(a.changes) = 'object'
  AND EXISTS (SELECT 1 FROM jsonb_each(a.changes) AS e(k, v) WHERE jsonb_typeof(e.v) <> 'object');
--> statement-breakpoint
SELECT set_config('laurel.privacy_erasure', 'off', true);
