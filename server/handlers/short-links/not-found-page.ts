import { translate, type Lang } from '../../messages';

// What a visitor sees for a code that names no live link: a plain page in their language, no script,
// and no link onwards (the redirect never goes anywhere a stored link does not name).
export function renderShortLinkNotFound(lang: Lang): string {
  const t = (key: string) => translate(`mail:${key}`, lang).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t('shortLinkNotFoundTitle')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:520px;margin:4rem auto;padding:0 1rem;color:#1e293b}</style>
</head><body><h1>${t('shortLinkNotFoundTitle')}</h1><p>${t('shortLinkNotFound')}</p></body></html>`;
}
