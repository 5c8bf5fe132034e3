import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

// The server's sanitiser of e-mail HTML (issue 13 item 3; docs/decisions.md "E-mail templates"):
// DOMPurify on a jsdom window (dompurify + jsdom rather than isomorphic-dompurify, which pins a jsdom
// that needs Node 22; jsdom 29 is the one the house already runs on Node 20). It keeps what e-mail
// clients render (tables and their layout attributes, inline styles, <style> in the head for the
// responsive rules of MJML, images, links) and drops scripts, event handlers, javascript: and other
// script URLs, frames, forms, <meta> refreshes and CSS that runs code (expression(), behaviors,
// bindings, @import, javascript: in url()).

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

/** CSS that runs code or loads more than the mail (old IE and Gecko features, imports, script URLs). */
const DANGEROUS_CSS =
  /expression\s*\(|behavior\s*:|-moz-binding|@import|javascript:|vbscript:|url\s*\(\s*['"]?\s*data:text\/html/i;

const LAYOUT_ATTRIBUTES = [
  'align',
  'valign',
  'bgcolor',
  'background',
  'border',
  'cellpadding',
  'cellspacing',
  'width',
  'height',
  'role',
  'target',
];

const CONFIG: Config = {
  WHOLE_DOCUMENT: true,
  ADD_TAGS: ['style', 'center'],
  ADD_ATTR: LAYOUT_ATTRIBUTES,
  FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'base', 'link'],
  FORBID_ATTR: ['srcdoc', 'formaction', 'xlink:href', 'action'],
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel|cid):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && DANGEROUS_CSS.test(data.attrValue)) data.keepAttr = false;
});
purify.addHook('uponSanitizeElement', (node, data) => {
  if (data.tagName === 'style' && DANGEROUS_CSS.test(node.textContent ?? '')) node.parentNode?.removeChild(node);
});
purify.addHook('afterSanitizeAttributes', (node) => {
  // A link opened from a preview or a web view never reaches back to the opener.
  if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
});

export interface SanitizedHtml {
  html: string;
  /** The input had a <script> element (spec: a template with a script tag is bad input). */
  hadScript: boolean;
}

export function sanitizeEmailHtml(input: string): SanitizedHtml {
  const html = purify.sanitize(input, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
  const hadScript = purify.removed.some(
    (entry) => 'element' in entry && (entry.element as { nodeName?: string }).nodeName?.toLowerCase() === 'script',
  );
  return { html: `<!doctype html>\n${html}`, hadScript };
}
