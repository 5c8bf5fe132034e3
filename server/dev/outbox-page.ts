import type { outbox } from '../db/schema';
import { renderSinkSection, SINK_STYLE, type SinkView } from './sink-mail-section';

type Row = typeof outbox.$inferSelect;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The sandbox outbox: every mail and code the sandbox providers "sent", newest first. */
export function renderOutboxPage(rows: Row[], sink: SinkView): string {
  const items = rows
    .map(
      (
        m,
      ) => `<article data-channel="${escapeHtml(m.channel)}"><header><b>${escapeHtml(m.channel.toUpperCase())}</b> to <code>${escapeHtml(m.to)}</code>
<time>${m.createdAt.toISOString()}</time></header>${m.subject ? `<h2>${escapeHtml(m.subject)}</h2>` : ''}<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Herald sandbox outbox</title>
<meta http-equiv="refresh" content="10">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1e293b}
article{border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}header{display:flex;gap:8px;align-items:center}
time{margin-left:auto;color:#64748b;font-size:12px}h2{font-size:16px;margin:8px 0}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace}${SINK_STYLE}</style>
</head><body>${renderSinkSection(sink)}<section><h1>Sandbox outbox</h1><p>System mail and codes Herald's sandbox providers sent, newest first. Also as <a href="/dev/outbox.json">JSON</a>. This page refreshes every 10 seconds.</p>
${items || '<p>Nothing sent yet.</p>'}</section></body></html>`;
}
