import { translate, type Lang } from '../../messages';

// The unsubscribe gateway's pages (a mail recipient, not a console user, sees them): plain HTML in
// the recipient's language, no script, a form that POSTs the RFC 8058 one-click body.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

export function renderUnsubscribePage(state: UnsubscribePageState, lang: Lang, address = ''): string {
  const t = (key: string) => escapeHtml(translate(`mail:${key}`, lang, { address }));
  const body =
    state === 'confirm'
      ? `<p>${t('unsubscribeConfirm')}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t('unsubscribeButton')}</button></form>`
      : `<p role="status">${t(state === 'done' ? 'unsubscribeDone' : 'unsubscribeInvalid')}</p>`;
  const other: Lang = lang === 'en' ? 'zh' : 'en';
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t('unsubscribeTitle')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:520px;margin:4rem auto;padding:0 1rem;color:#1e293b}
button{font:inherit;padding:8px 20px;border-radius:6px;border:0;background:#2563eb;color:#fff;cursor:pointer}
nav{margin-top:2rem;font-size:13px}</style></head>
<body><h1>${t('unsubscribeTitle')}</h1>${body}
<nav><a href="?lang=${other}">${other === 'zh' ? '中文' : 'English'}</a></nav></body></html>`;
}
