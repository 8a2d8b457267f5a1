/**
 * Ordered schema migrations, the same SQL for PGlite and PostgreSQL. Never edit a shipped entry:
 * append a new one. Each entry runs in one transaction and is recorded in `schema_migrations`.
 */
export const MIGRATIONS: readonly (readonly string[])[] = [
  [
    `CREATE TABLE users (
      id text PRIMARY KEY,
      email text NOT NULL UNIQUE,
      name text NOT NULL,
      password_hash text NOT NULL,
      default_team_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX sessions_user ON sessions(user_id)',
    `CREATE TABLE teams (
      id text PRIMARY KEY,
      team_key text NOT NULL UNIQUE,
      name text NOT NULL,
      created_by text NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE team_members (
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL,
      PRIMARY KEY (team_id, user_id)
    )`,
    'CREATE INDEX team_members_user ON team_members(user_id)',
    `CREATE TABLE docs (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'active',
      data_source jsonb,
      sample_data jsonb,
      deleted boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX docs_team ON docs(team_id, created_at)',
    `CREATE TABLE doc_logs (
      id bigserial PRIMARY KEY,
      doc_id text NOT NULL REFERENCES docs(id) ON DELETE CASCADE,
      user_id text NOT NULL,
      action text NOT NULL,
      detail jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX doc_logs_doc ON doc_logs(doc_id, id)',
    // Every write to a template takes the next change_seq, so a pull asks "what changed after N".
    'CREATE SEQUENCE template_change_seq',
    `CREATE TABLE templates (
      id text PRIMARY KEY,
      family text NOT NULL,
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      doc_id text REFERENCES docs(id) ON DELETE CASCADE,
      approval_code text,
      name text NOT NULL,
      content text NOT NULL,
      deps jsonb NOT NULL DEFAULT '[]',
      type integer NOT NULL DEFAULT 1,
      category integer NOT NULL DEFAULT 1,
      base_id text,
      table_id text,
      version integer NOT NULL DEFAULT 1,
      enabled boolean NOT NULL DEFAULT true,
      status text NOT NULL DEFAULT 'active',
      outdated boolean NOT NULL DEFAULT false,
      deleted boolean NOT NULL DEFAULT false,
      release_no integer NOT NULL DEFAULT 0,
      change_seq bigint NOT NULL DEFAULT nextval('template_change_seq'),
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX templates_doc ON templates(doc_id, change_seq)',
    'CREATE INDEX templates_team_family ON templates(team_id, family, approval_code)',
    `CREATE TABLE template_releases (
      template_id text NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
      release_no integer NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      content text NOT NULL,
      deps jsonb NOT NULL DEFAULT '[]',
      note text NOT NULL DEFAULT '',
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (template_id, release_no)
    )`,
    // The outbox's idempotency: the last mutation applied per client, and each mutation's answer,
    // so a replay after a lost answer gets the same answer and changes nothing.
    `CREATE TABLE sync_clients (
      client_id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      last_mutation_id bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE sync_results (
      client_id text NOT NULL REFERENCES sync_clients(client_id) ON DELETE CASCADE,
      mutation_id bigint NOT NULL,
      result jsonb NOT NULL,
      PRIMARY KEY (client_id, mutation_id)
    )`,
  ],
  // Issue 15, the open platform's render API: team API keys (only a SHA-256 digest of the secret
  // is stored), a document's instances (values checked against its data source) and render jobs
  // (a job's file is stored once, whichever worker finishes it; `result_writes` proves it).
  [
    `CREATE TABLE api_keys (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      description text NOT NULL DEFAULT '',
      key_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`,
    'CREATE INDEX api_keys_team ON api_keys(team_id, created_at)',
    `CREATE TABLE doc_instances (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      doc_id text NOT NULL REFERENCES docs(id) ON DELETE CASCADE,
      data jsonb NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX doc_instances_doc ON doc_instances(doc_id, created_at)',
    `CREATE TABLE render_jobs (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      doc_id text NOT NULL REFERENCES docs(id) ON DELETE CASCADE,
      instance_id text NOT NULL REFERENCES doc_instances(id) ON DELETE CASCADE,
      template_id text NOT NULL,
      release_no integer,
      target_type text NOT NULL,
      runtime text NOT NULL DEFAULT 'native',
      status text NOT NULL DEFAULT 'queued',
      attempts integer NOT NULL DEFAULT 0,
      result bytea,
      mime text,
      file_name text,
      error jsonb,
      result_writes integer NOT NULL DEFAULT 0,
      worker text,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    )`,
    'CREATE INDEX render_jobs_instance ON render_jobs(instance_id, created_at)',
    'CREATE INDEX render_jobs_status ON render_jobs(status, created_at)',
  ],
  // docs (#15): a document may turn off the public previews of its instances (on by default).
  ['ALTER TABLE docs ADD COLUMN public_preview boolean NOT NULL DEFAULT true'],
  // hosts (#16): a base's access token bound per team (stored as SHA-256), and each table's edit lock.
  [
    `CREATE TABLE base_bindings (
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      base_id text NOT NULL,
      token_hash text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, base_id)
    )`,
    `CREATE TABLE base_table_configs (
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      base_id text NOT NULL,
      table_id text NOT NULL,
      edit_lock boolean NOT NULL DEFAULT false,
      updated_by text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, base_id, table_id)
    )`,
  ],
  // accounts (#15): when each member joined, invitation links (only a SHA-256 digest of the code is
  // stored; revocable, expiring) and password reset links (digest stored, single use, expiring).
  [
    'ALTER TABLE team_members ADD COLUMN joined_at timestamptz NOT NULL DEFAULT now()',
    `CREATE TABLE team_invitations (
      id text PRIMARY KEY,
      team_id text NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      code_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      role text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      accepted_count integer NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX team_invitations_team ON team_invitations(team_id, created_at)',
    `CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`,
    'CREATE INDEX password_resets_user ON password_resets(user_id)',
  ],
  // #26: rate limits shared by every server process on one PostgreSQL (rateLimit.ts).
  [
    `CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      window_start bigint NOT NULL,
      prev integer NOT NULL DEFAULT 0,
      curr integer NOT NULL DEFAULT 0
    )`,
    'CREATE INDEX rate_limits_window ON rate_limits(window_start)',
  ],
  // #26: template ids are a team's own. A client may choose a template's id (sync, the main API);
  // with one id space for every team, "that id is taken" told a stranger which ids other teams
  // use. Releases name their template by team and id.
  [
    'ALTER TABLE template_releases ADD COLUMN team_id text',
    'UPDATE template_releases r SET team_id = t.team_id FROM templates t WHERE t.id = r.template_id',
    'ALTER TABLE template_releases ALTER COLUMN team_id SET NOT NULL',
    'ALTER TABLE template_releases DROP CONSTRAINT template_releases_template_id_fkey',
    'ALTER TABLE template_releases DROP CONSTRAINT template_releases_pkey',
    'ALTER TABLE templates DROP CONSTRAINT templates_pkey',
    'ALTER TABLE templates ADD PRIMARY KEY (team_id, id)',
    'ALTER TABLE template_releases ADD PRIMARY KEY (team_id, template_id, release_no)',
    `ALTER TABLE template_releases ADD FOREIGN KEY (team_id, template_id)
       REFERENCES templates(team_id, id) ON DELETE CASCADE`,
  ],
  // #31: each account's signature, a transparent PNG the app prints in approval documents. One per
  // user; replaced whole on each save.
  [
    `CREATE TABLE user_signatures (
      user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      png bytea NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  ],
  // #33 item 5: a sync client id is its user's own. With one id space, a user who learnt another's
  // client id pushed under it first and the owner's pushes were refused (403) from then on; now
  // the same id under two users is two clients, each with its own mutation count.
  [
    'ALTER TABLE sync_results ADD COLUMN user_id text',
    'UPDATE sync_results r SET user_id = c.user_id FROM sync_clients c WHERE c.client_id = r.client_id',
    'ALTER TABLE sync_results ALTER COLUMN user_id SET NOT NULL',
    'ALTER TABLE sync_results DROP CONSTRAINT sync_results_client_id_fkey',
    'ALTER TABLE sync_results DROP CONSTRAINT sync_results_pkey',
    'ALTER TABLE sync_clients DROP CONSTRAINT sync_clients_pkey',
    'ALTER TABLE sync_clients ADD PRIMARY KEY (user_id, client_id)',
    'ALTER TABLE sync_results ADD PRIMARY KEY (user_id, client_id, mutation_id)',
    `ALTER TABLE sync_results ADD FOREIGN KEY (user_id, client_id)
       REFERENCES sync_clients(user_id, client_id) ON DELETE CASCADE`,
  ],
  // #33 item 4: a key may be limited to some documents and actions, may expire, and keeps its last
  // use per action (epoch ms by action name).
  [
    'ALTER TABLE api_keys ADD COLUMN doc_ids jsonb',
    'ALTER TABLE api_keys ADD COLUMN actions jsonb',
    'ALTER TABLE api_keys ADD COLUMN expires_at timestamptz',
    `ALTER TABLE api_keys ADD COLUMN last_used_actions jsonb NOT NULL DEFAULT '{}'::jsonb`,
  ],
  // #31: signing on a phone through a QR link. The desktop holds `watch`, the phone's link holds
  // the token; only their hashes are kept. The phone's PNG waits here until the desktop collects
  // it (then the row goes); a link takes one signature and lives a few minutes.
  [
    `CREATE TABLE signature_links (
      token_hash text PRIMARY KEY,
      watch_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      png bytea,
      width integer,
      height integer,
      signed_at timestamptz
    )`,
    'CREATE INDEX signature_links_expiry ON signature_links(expires_at)',
  ],
  // #33 items 3 and 4: a job's file may be single-use (deleted when first fetched); sessions show
  // where and when they were last used, so their owner can tell them apart and revoke one.
  [
    'ALTER TABLE render_jobs ADD COLUMN single_use boolean NOT NULL DEFAULT false',
    'ALTER TABLE sessions ADD COLUMN user_agent text',
    'ALTER TABLE sessions ADD COLUMN last_used_at timestamptz',
    'CREATE INDEX render_jobs_team_status ON render_jobs(team_id, status)',
  ],
  // #32: a team's plan (free, personal member, business/enterprise, enterprise by seat; trial,
  // end, seats) as an append-only history: the current plan is the newest row, and a trigger
  // refuses any UPDATE or DELETE of a row, so what was granted when stays on record. Seats are
  // held by members (a member who leaves loses the seat with the membership row).
  [
    `CREATE TABLE team_plan_history (
      id bigserial PRIMARY KEY,
      team_id text NOT NULL REFERENCES teams(id),
      version text NOT NULL,
      trial boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      total_seats integer NOT NULL DEFAULT 0 CHECK (total_seats >= 0),
      buyer_user_id text,
      set_by text NOT NULL,
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    'CREATE INDEX team_plan_history_team ON team_plan_history(team_id, id)',
    `CREATE FUNCTION team_plan_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       RAISE EXCEPTION 'team_plan_history is append-only';
     END $$`,
    `CREATE TRIGGER team_plan_history_no_change BEFORE UPDATE OR DELETE ON team_plan_history
       FOR EACH ROW EXECUTE FUNCTION team_plan_history_append_only()`,
    `CREATE TABLE team_seats (
      team_id text NOT NULL,
      user_id text NOT NULL,
      assigned_by text NOT NULL,
      assigned_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id),
      FOREIGN KEY (team_id, user_id) REFERENCES team_members(team_id, user_id) ON DELETE CASCADE
    )`,
  ],
];
