-- Short links with recorded hits and refreshed statistics (issue 16 item 5, docs/decisions.md "Short links").
CREATE TABLE short_links (
  id BIGSERIAL PRIMARY KEY,
  link_id TEXT NOT NULL,
  user_id BIGINT NOT NULL,
  -- base62, crypto random: the path of the gateway's redirect (/s/<code>)
  code TEXT NOT NULL,
  title TEXT NOT NULL,
  destination TEXT NOT NULL,
  utm_source TEXT NOT NULL,
  utm_medium TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  utm_term TEXT NOT NULL DEFAULT '',
  utm_content TEXT NOT NULL DEFAULT '',
  -- the destination with the UTM parameters: where the redirect goes
  original_url TEXT NOT NULL,
  -- 0 live, 9 deleted (a deleted code is never handed out again)
  status INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX short_links_link_id_idx ON short_links (link_id);
CREATE UNIQUE INDEX short_links_code_idx ON short_links (code);
CREATE INDEX short_links_user_idx ON short_links (user_id, status, created_at DESC);

-- Every hit of a redirect, written in batches. No raw IP: visitor is a hash of the day's salt, IP and UA.
CREATE TABLE short_link_hits (
  id BIGSERIAL PRIMARY KEY,
  link_id BIGINT NOT NULL,
  at TIMESTAMPTZ NOT NULL,
  -- 1 click, 2 QR scan
  kind SMALLINT NOT NULL,
  visitor TEXT NOT NULL,
  referrer TEXT NOT NULL,
  device TEXT NOT NULL,
  os TEXT NOT NULL,
  browser TEXT NOT NULL,
  language TEXT NOT NULL,
  country TEXT NOT NULL
);
CREATE INDEX short_link_hits_link_idx ON short_link_hits (link_id, id);

-- The statistics of a link as of its last refresh (the aggregation job, every 10 minutes).
CREATE TABLE short_link_stats (
  link_id BIGINT PRIMARY KEY,
  -- the last hit counted: a link is refreshed again only when it has later hits
  last_hit_id BIGINT NOT NULL,
  pv BIGINT NOT NULL,
  uv BIGINT NOT NULL,
  clicks BIGINT NOT NULL,
  qr_scans BIGINT NOT NULL,
  -- {locations, referrers, devices, systems, browsers, languages}: [{name, count}] largest first
  breakdown JSONB NOT NULL,
  -- [{day, pv, uv}] per UTC day
  daily JSONB NOT NULL,
  refreshed_at TIMESTAMPTZ NOT NULL
);
-- When the whole table was last refreshed (one row), so the page can say so for links without hits.
CREATE TABLE short_link_refresh (
  id INTEGER PRIMARY KEY,
  refreshed_at TIMESTAMPTZ NOT NULL
);
