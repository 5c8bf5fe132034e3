-- The content library and logos (issue 16 item 6, docs/decisions.md "Library and logos").

-- One row per account: the bytes reserved or stored, checked and raised in one UPDATE so two uploads at
-- once cannot both pass the limit (the row lock serialises them). limit_bytes NULL: the default space.
CREATE TABLE library_usage (
  user_id BIGINT PRIMARY KEY,
  used_bytes BIGINT NOT NULL DEFAULT 0,
  limit_bytes BIGINT
);

CREATE TABLE library_folders (
  id BIGSERIAL PRIMARY KEY,
  folder_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX library_folders_folder_id_idx ON library_folders (folder_id);
-- names are unique per account, whatever their case
CREATE UNIQUE INDEX library_folders_name_idx ON library_folders (user_id, lower(name));

-- A library file: the upload it was reserved for (files.id); it shows once that upload is stored.
CREATE TABLE library_items (
  id BIGSERIAL PRIMARY KEY,
  item_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  file_id TEXT NOT NULL,
  folder_id BIGINT REFERENCES library_folders (id),
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  -- the reserved size: the PUT may not carry more
  size BIGINT NOT NULL,
  -- the lasting key of the public address /m/<public_key>
  public_key TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX library_items_item_id_idx ON library_items (item_id);
CREATE UNIQUE INDEX library_items_file_id_idx ON library_items (file_id);
CREATE UNIQUE INDEX library_items_public_key_idx ON library_items (public_key);
CREATE INDEX library_items_user_idx ON library_items (user_id, folder_id, created_at DESC);

CREATE TABLE logos (
  id BIGSERIAL PRIMARY KEY,
  logo_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  file_id TEXT NOT NULL,
  name TEXT NOT NULL,
  is_default BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX logos_logo_id_idx ON logos (logo_id);
CREATE UNIQUE INDEX logos_file_id_idx ON logos (file_id);
-- at most one default per account
CREATE UNIQUE INDEX logos_default_idx ON logos (user_id) WHERE is_default;
