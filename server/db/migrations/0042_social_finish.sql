-- Social finish (issue 16, docs/decisions.md "Social sign-in: linked identities, service, reloads").
-- Whether the account has a password its owner knows: an account made by RegisterBySocialMedia has a
-- random one until it is reset through /retrieve or changed. The last linked identity of an account
-- without one cannot be unlinked (it is the only way in).
ALTER TABLE users ADD COLUMN password_set BOOLEAN NOT NULL DEFAULT TRUE;
-- Accounts made by a social sign-in before this column: their identity was linked in the same request.
UPDATE users SET password_set = FALSE
  WHERE EXISTS (
    SELECT 1 FROM social_identities si
    WHERE si.user_id = users.id AND abs(extract(epoch FROM si.created_at - users.created_at)) < 5
  );
-- Where the console goes after a social sign-in (the sign-in page's `service`, a same-origin path),
-- kept inside the signed state rather than trusted from the platform's return address.
ALTER TABLE social_auth_states ADD COLUMN service TEXT;
