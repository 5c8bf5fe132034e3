-- Audience (issue 12): contacts, custom attributes, lists, segments and contact imports. Every row
-- carries the account (user_id); every read filters by it.

CREATE TABLE audience_attributes (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- Number 1, Text 2, Boolean 3, Category 4, Date 5 (spec 001 §3)
  type INTEGER NOT NULL,
  source TEXT NOT NULL DEFAULT 'contact',
  category_values TEXT[] NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX audience_attributes_name_key ON audience_attributes (user_id, lower(name));

-- A contact: e-mail lower-cased, phone and WhatsApp in international digits; custom attribute values
-- keyed by attribute id (a number, text, boolean, category value or 2021-01-27 date).
CREATE TABLE audience_contacts (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  email TEXT,
  phone TEXT,
  whatsapp TEXT,
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  tags TEXT[] NOT NULL DEFAULT '{}',
  attributes JSONB NOT NULL DEFAULT '{}',
  suppressed TEXT[] NOT NULL DEFAULT '{}',
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX audience_contacts_email_key ON audience_contacts (user_id, email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX audience_contacts_phone_key ON audience_contacts (user_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX audience_contacts_user_created_idx ON audience_contacts (user_id, created_at, id);
CREATE INDEX audience_contacts_tags_idx ON audience_contacts USING GIN (tags);

CREATE TABLE audience_lists (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX audience_lists_name_key ON audience_lists (user_id, lower(name));

CREATE TABLE audience_list_members (
  list_id BIGINT NOT NULL,
  contact_id BIGINT NOT NULL,
  added_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (list_id, contact_id)
);
CREATE INDEX audience_list_members_contact_idx ON audience_list_members (contact_id);

CREATE TABLE audience_segments (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  rules JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX audience_segments_user_idx ON audience_segments (user_id);

-- An import: the rows arrive in chunks, then a job works them in order; processed_rows is the cursor,
-- moved in the same transaction as each chunk's contacts, so a restart resumes where it stopped.
CREATE TABLE audience_imports (
  id BIGSERIAL PRIMARY KEY,
  import_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  file_name TEXT NOT NULL,
  targets TEXT[] NOT NULL,
  header_rows INTEGER NOT NULL DEFAULT 1,
  list_id BIGINT,
  tags TEXT[] NOT NULL DEFAULT '{}',
  status TEXT NOT NULL,
  total_rows INTEGER NOT NULL,
  processed_rows INTEGER NOT NULL DEFAULT 0,
  created_count INTEGER NOT NULL DEFAULT 0,
  updated_count INTEGER NOT NULL DEFAULT 0,
  skipped_count INTEGER NOT NULL DEFAULT 0,
  reason TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX audience_imports_import_id_key ON audience_imports (import_id);
CREATE INDEX audience_imports_status_idx ON audience_imports (status);

CREATE TABLE audience_import_rows (
  import_id BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  cells JSONB NOT NULL,
  PRIMARY KEY (import_id, seq)
);

CREATE TABLE audience_import_errors (
  import_id BIGINT NOT NULL,
  seq INTEGER NOT NULL,
  target TEXT NOT NULL,
  error_key TEXT NOT NULL,
  PRIMARY KEY (import_id, seq)
);
