-- Refresh-token reuse grace (issue 20): a rotated session keeps the pair it was rotated into, sealed
-- (AES-256-GCM) with a key derived from its own refresh token, which is never stored. Only the holder
-- of that token can open it, and only within the grace window does the server do so.
ALTER TABLE sessions ADD COLUMN successor_sealed TEXT;
