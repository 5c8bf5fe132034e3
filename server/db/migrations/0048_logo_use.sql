-- Logos in use: the e-mail footer (issue 16 item 6, docs/decisions.md "Logos in QR codes and e-mail footers").

-- A logo's lasting public address /m/<key> (144 random bits, as a library file's), for mail clients.
-- NULL until the logo is first used in a footer (the server draws the key from its CSPRNG).
ALTER TABLE logos ADD COLUMN public_key TEXT;
CREATE UNIQUE INDEX logos_public_key_idx ON logos (public_key);

-- One footer per account: the logo ('none', 'default' or a LogoId) and the name/address line.
CREATE TABLE email_footers (
  user_id BIGINT PRIMARY KEY,
  logo TEXT NOT NULL DEFAULT 'none',
  line TEXT NOT NULL DEFAULT '',
  updated_at TIMESTAMPTZ NOT NULL
);
