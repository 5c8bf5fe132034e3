import type { SinkMessageRow } from '../providers/mail/sink-store';
import { SINK_RULES } from '../providers/mail/sink-rules';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface SinkView {
  /** `127.0.0.1:2525` when the sink runs in this process. */
  address: string | null;
  messages: SinkMessageRow[];
}

function rulesTable(): string {
  const rows = SINK_RULES.map(
    (r) =>
      `<tr><td><code>${escapeHtml(r.pattern)}</code></td><td><code>${escapeHtml(r.reply)}</code> at ${r.step === 'rcpt' ? 'RCPT TO' : 'end of DATA'}</td><td>${escapeHtml(r.result)}</td><td>${escapeHtml(r.en)}<br><small>${escapeHtml(r.zh)}</small></td></tr>`,
  ).join('');
  return `<details><summary>Address rules: the recipient's local part decides, first match wins</summary>
<table><thead><tr><th>local part contains</th><th>sink answers</th><th>delivery result</th><th>meaning</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

function messageArticle(m: SinkMessageRow): string {
  const dkim = `<span class="dkim dkim-${escapeHtml(m.dkimResult)}" title="${escapeHtml(m.dkimDetail)}">DKIM ${escapeHtml(m.dkimResult)}</span>`;
  const complaint = m.complaint ? '<span class="dkim dkim-fail">complaint reported</span>' : '';
  const html = m.html
    ? `<iframe title="HTML part of message ${m.id}" sandbox="allow-popups allow-popups-to-escape-sandbox" loading="lazy" src="/dev/outbox/mail/${m.id}/html"></iframe>`
    : '';
  return `<article data-channel="smtp" data-sink-id="${m.id}"><header><b>E-MAIL</b> to <code>${escapeHtml(m.envelopeTo.join(', '))}</code> ${dkim} ${complaint}
<time>${m.receivedAt.toISOString()}</time></header>
<h2>${escapeHtml(m.subject)}</h2><p class="meta">From ${escapeHtml(m.fromHeader)} · <a href="/dev/outbox/mail/${m.id}/raw">raw source</a></p>
${html}<details><summary>Text part</summary><pre>${escapeHtml(m.textBody)}</pre></details></article>`;
}

export function renderSinkSection(view: SinkView): string {
  const where = view.address
    ? `It listens on <code>smtp://${escapeHtml(view.address)}</code> (HERALD_SMTP_SINK_PORT fixes the port).`
    : 'It starts with the first channel mail (or is not used: SMTP_URL is set).';
  const items = view.messages.map(messageArticle).join('\n');
  return `<section><h1>Sandbox SMTP sink</h1><p>Channel mail (tasks' e-mail) goes to the embedded SMTP server unless SMTP_URL is set. ${where}
Also as <a href="/dev/outbox/mail.json">JSON</a>.</p>${rulesTable()}
${items || '<p>No channel mail received yet.</p>'}</section>`;
}

export const SINK_STYLE =
  'table{border-collapse:collapse;font-size:13px;margin:8px 0}td,th{border:1px solid #e2e8f0;padding:4px 8px;text-align:left;vertical-align:top}' +
  'iframe{width:100%;height:360px;border:1px solid #e2e8f0;border-radius:4px}.meta{color:#64748b;font-size:13px;margin:0 0 8px}' +
  '.dkim{font-size:12px;border-radius:4px;padding:1px 6px;background:#e2e8f0}.dkim-pass{background:#dcfce7}.dkim-fail{background:#fee2e2}';
