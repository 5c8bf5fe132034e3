import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { sanitizeEmailHtml } from './sanitize-html';
import { XSS_PAYLOADS } from './fixtures/xss-payloads';
import { prepareHtml, textPart } from './template-content';

/** Everything in a sanitised document that could run: the checks do not trust the sanitiser's own parser. */
function runnableParts(html: string): string[] {
  const { document } = new JSDOM(html).window;
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'frame', 'object', 'embed', 'form', 'meta', 'base', 'link'].includes(tag)) found.push(tag);
    for (const attribute of element.attributes) {
      if (/^on/i.test(attribute.name)) found.push(`${tag}[${attribute.name}]`);
      if (
        /^\s*(javascript|vbscript|data:text\/html)/i.test(
          [...attribute.value].filter((c) => c.charCodeAt(0) > 32).join(''),
        )
      )
        found.push(`${tag}[${attribute.name}]=${attribute.value}`);
      if (attribute.name === 'style' && /expression|behavior|binding|javascript/i.test(attribute.value))
        found.push(`${tag}[style]`);
      if (attribute.name === 'srcdoc') found.push(`${tag}[srcdoc]`);
    }
    if (tag === 'style' && /@import|javascript|expression/i.test(element.textContent ?? '')) found.push('style');
  }
  return found;
}

describe('the e-mail HTML sanitiser', () => {
  it.each(XSS_PAYLOADS)('leaves nothing runnable of %s', (payload) => {
    const { html } = sanitizeEmailHtml(`<table><tr><td>before</td></tr></table>${payload}<p>after</p>`);
    expect(runnableParts(html)).toEqual([]);
    expect(html).toContain('before');
  });

  it('has a corpus of about thirty payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps e-mail markup: tables with layout attributes, inline styles, images, links, head styles', () => {
    const input =
      '<html><head><style>@media (max-width:480px){.col{width:100%!important}}</style></head><body>' +
      '<table width="600" align="center" cellpadding="0" cellspacing="0" bgcolor="#ffffff" role="presentation">' +
      '<tr><td class="col" valign="top" style="padding:8px;color:#333">Hello {{FirstName}}' +
      '<img src="https://cdn.example/logo.png" width="120" alt="Logo">' +
      '<a href="https://example.com/offer" target="_blank">Offer</a></td></tr></table></body></html>';
    const { html, hadScript } = sanitizeEmailHtml(input);
    expect(hadScript).toBe(false);
    for (const kept of [
      'width="600"',
      'align="center"',
      'cellpadding="0"',
      'bgcolor="#ffffff"',
      'valign="top"',
      'style="padding:8px;color:#333"',
      'src="https://cdn.example/logo.png"',
      'href="https://example.com/offer"',
      '@media (max-width:480px)',
      '{{FirstName}}',
    ])
      expect(html).toContain(kept);
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('says when the input had a script, so the template is refused rather than silently changed', () => {
    expect(sanitizeEmailHtml('<p>x</p><script>alert(1)</script>').hadScript).toBe(true);
    expect(sanitizeEmailHtml('<p onclick="x()">x</p>').hadScript).toBe(false);
    expect(() => prepareHtml('<p>x</p><script>alert(1)</script>')).toThrow();
    expect(() => prepareHtml('<p>Hi {{FirstName</p>')).toThrow();
  });

  it('generates a text part with links and without images or styles', () => {
    const text = textPart(
      '<html><head><style>p{color:red}</style></head><body><h1>Sale</h1><p>Hi {{FirstName}}, 你好</p>' +
        '<img src="https://x/y.png" alt="y"><a href="https://example.com">Shop now</a></body></html>',
    );
    expect(text).toContain('Hi {{FirstName}}, 你好');
    expect(text).toContain('Shop now [https://example.com]');
    expect(text).not.toContain('color:red');
    expect(text).not.toContain('y.png');
  });
});
