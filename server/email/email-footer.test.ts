import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { freshTenant, pngBytes, uploadPicture } from '../handlers/uploads/test-helpers';
import { latestSinkMessages } from '../providers/mail/sink-store';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { emailTaskContent } from './send-content';
import { footerHtml, withFooter } from './footer';
import type { EmailTemplateRow } from './templates';

// The e-mail footer with a logo (issue 16 item 6): saved per account, its logo at a lasting public
// address, in the HTML the SMTP sink receives and in a task's stored content; another account's logo is
// refused and sees nothing; a logo in the footer cannot be deleted (241111).

let server: TestServer;
let filesDir: string;
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-footer-'));
  process.env.FILES_DIR = filesDir;
  server = await createTestServer();
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

type Footer = { Logo: string; Line: string; LogoURL: string };

async function tenantWithLogo() {
  const tenant = await freshTenant(server);
  const fileId = await uploadPicture(server, tenant.token, pngBytes(90));
  const logo = await server.api<{ LogoId: string }>('AddLogo', { FileId: fileId }, { token: tenant.token });
  expect(logo.RetCode).toBe(0);
  return { ...tenant, logoId: logo.Data.LogoId };
}

describe('e-mail footer', () => {
  it('saves the logo and line, serves the logo at /m/<key> and puts both in the mail the sink receives', async () => {
    const owner = await tenantWithLogo();
    const saved = await server.api<Footer>(
      'SaveEmailFooter',
      { Logo: owner.logoId, Line: 'Acme & Co · 1 Harbour Road, Sydney' },
      { token: owner.token },
    );
    expect(saved.RetCode).toBe(0);
    expect(saved.Data.LogoURL).toMatch(/\/m\/[A-Za-z0-9_-]{24}$/);
    const address = new URL(saved.Data.LogoURL);
    const image = await server.app.request(address.pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const sent = await server.api<{ To: string }>('SendEmailFooterTest', {}, { token: owner.token });
    expect(sent.RetCode).toBe(0);
    expect(sent.Data.To).toBe(owner.email);
    const [mail] = (await latestSinkMessages(server.deps.database.db, 20)).filter((m) =>
      m.envelopeTo.includes(owner.email),
    );
    expect(mail.html).toContain(`src="${saved.Data.LogoURL}"`);
    expect(mail.html).toContain('Acme &amp; Co · 1 Harbour Road, Sydney');
    expect(mail.textBody).toContain('Acme & Co');
    // the footer the Actions read back
    expect((await server.api<Footer>('GetEmailFooter', {}, { token: owner.token })).Data).toEqual(saved.Data);
  });

  it("refuses another account's logo, and another account sees none of the footer", async () => {
    const owner = await tenantWithLogo();
    const stranger = await freshTenant(server);
    const refused = await server.api('SaveEmailFooter', { Logo: owner.logoId, Line: '' }, { token: stranger.token });
    expect(refused.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(refused.Data)).toContain('Logo');
    await server.api('SaveEmailFooter', { Logo: owner.logoId, Line: 'Owner line' }, { token: owner.token });
    const theirs = await server.api<Footer>('GetEmailFooter', {}, { token: stranger.token });
    expect(theirs.Data).toEqual({ Logo: 'none', Line: '', LogoURL: '' });
    const logos = await server.api<{ Logos: unknown[] }>('ListLogos', {}, { token: stranger.token });
    expect(logos.Data.Logos).toEqual([]);
    // 'default' for the stranger, who has no logo: no logo in the footer
    await server.api('SaveEmailFooter', { Logo: 'default', Line: '' }, { token: stranger.token });
    expect((await server.api<Footer>('GetEmailFooter', {}, { token: stranger.token })).Data.LogoURL).toBe('');
  });

  it('refuses deleting the footer logo (241111); with the footer on default the logo can go and the footer has none', async () => {
    const owner = await tenantWithLogo();
    await server.api('SaveEmailFooter', { Logo: owner.logoId, Line: '' }, { token: owner.token });
    const refused = await server.api('DeleteLogo', { LogoId: owner.logoId }, { token: owner.token });
    expect(refused.RetCode).toBe(RetCode.LogoInEmailFooter);
    await server.api('SaveEmailFooter', { Logo: 'default', Line: '' }, { token: owner.token });
    expect((await server.api<Footer>('GetEmailFooter', {}, { token: owner.token })).Data.LogoURL).not.toBe('');
    expect((await server.api('DeleteLogo', { LogoId: owner.logoId }, { token: owner.token })).RetCode).toBe(0);
    expect((await server.api<Footer>('GetEmailFooter', {}, { token: owner.token })).Data.LogoURL).toBe('');
  });

  it('refuses a malformed logo choice and a line over 300 characters at the field', async () => {
    const owner = await freshTenant(server);
    const bad = await server.api('SaveEmailFooter', { Logo: 'javascript:x', Line: '' }, { token: owner.token });
    expect(bad.RetCode).toBe(RetCode.ValidationError);
    const long = await server.api('SaveEmailFooter', { Logo: 'none', Line: 'x'.repeat(301) }, { token: owner.token });
    expect(long.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(long.Data)).toContain('Line');
  });
});

describe('footer in a task mail', () => {
  const template = {
    subject: 'Hi',
    previewText: '',
    html: '<html><body><p>Hello <a href="https://shop.example.com/">shop</a></p></body></html>',
    textPart: 'Hello',
    emailType: 3,
    mergeTags: [],
  } as unknown as EmailTemplateRow;

  it('goes before </body> of the stored task content, and after the text part', () => {
    const footer = { html: footerHtml('https://herald.example.com/m/abc', 'Acme', 'Acme Ltd'), text: 'Acme Ltd' };
    const content = emailTaskContent(template, footer);
    expect(content.html).toMatch(
      /<\/p><table role="presentation" data-herald-footer[^]*<\/table>[^]*<\/body><\/html>$/,
    );
    expect(content.html).toContain('src="https://herald.example.com/m/abc"');
    expect(content.text).toBe('Hello\n\nAcme Ltd');
    expect(emailTaskContent(template).html).not.toContain('data-herald-footer');
    expect(withFooter('<p>x</p>', '<f/>')).toBe('<p>x</p><f/>');
  });
});
