-- Every API process keeps signed-in users and API keys in memory for a moment (src/http/auth/auth-cache.ts). Any
-- change to what the auth guard checks is announced on the laurel_auth channel, whichever process or tool made it,
-- and delivered to every listening process when the transaction commits.
CREATE OR REPLACE FUNCTION laurel_auth_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'client_users' THEN
    PERFORM pg_notify('laurel_auth', 'user:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'clients' THEN
    PERFORM pg_notify('laurel_auth', 'client:' || OLD.id);
  ELSE
    PERFORM pg_notify('laurel_auth', 'key:' || OLD.key_hash);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_users_auth_changed
  AFTER UPDATE OR DELETE ON client_users
  FOR EACH ROW EXECUTE FUNCTION laurel_auth_changed();
--> statement-breakpoint
CREATE TRIGGER clients_auth_changed
  AFTER UPDATE OR DELETE ON clients
  FOR EACH ROW EXECUTE FUNCTION laurel_auth_changed();
--> statement-breakpoint
-- A key's last use is recorded about once a minute: that alone changes nothing the guard checks.
CREATE TRIGGER api_keys_auth_changed
  AFTER UPDATE ON api_keys
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.key_hash IS DISTINCT FROM NEW.key_hash
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION laurel_auth_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_auth_deleted
  AFTER DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION laurel_auth_changed();
