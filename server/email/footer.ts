import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { escapeUTF8 } from 'entities';
import type { Db } from '../db/database';
import { emailFooters, files, logos, type LogoRow } from '../db/schema';

// The account's e-mail footer (docs/decisions.md "Logos in QR codes and e-mail footers"): a logo ('none',
// 'default' or a LogoId) and a name/address line, put at the end of a task mail's HTML and text when the
// task is made (the task keeps what was reviewed). The logo is referenced by its lasting absolute public
// address `<PUBLIC_URL>/m/<key>`: mail clients block data: URIs and cid: parts bloat every mail, and a
// signed MediaURL runs out in an hour.

export interface FooterSettings {
  logo: string;
  line: string;
}

export async function footerSettings(db: Db, userId: number): Promise<FooterSettings> {
  const [row] = await db.select().from(emailFooters).where(eq(emailFooters.userId, userId));
  return { logo: row?.logo ?? 'none', line: row?.line ?? '' };
}

/** The logo a choice means now (the account's own only): null for none or when it is gone. */
export async function footerLogo(db: Db, userId: number, choice: string): Promise<LogoRow | null> {
  if (choice === 'none') return null;
  const [row] = await db
    .select({ logo: logos })
    .from(logos)
    .innerJoin(files, eq(files.id, logos.fileId))
    .where(
      and(
        eq(logos.userId, userId),
        choice === 'default' ? eq(logos.isDefault, true) : eq(logos.logoId, choice),
        eq(files.status, 'stored'),
      ),
    );
  return row?.logo ?? null;
}

/** The logo's public key, drawn (144 bits from the CSPRNG) the first time the logo is used in a footer. */
export async function logoPublicKey(db: Db, logo: LogoRow): Promise<string> {
  if (logo.publicKey) return logo.publicKey;
  const key = randomBytes(18).toString('base64url');
  await db
    .update(logos)
    .set({ publicKey: key })
    .where(and(eq(logos.id, logo.id), isNull(logos.publicKey)));
  const [row] = await db.select({ publicKey: logos.publicKey }).from(logos).where(eq(logos.id, logo.id));
  return row?.publicKey ?? key;
}

export const logoAddress = (origin: string, key: string) => `${origin.replace(/\/+$/, '')}/m/${key}`;

export interface FooterParts {
  html: string;
  text: string;
  logoUrl: string;
}

/** The footer's HTML and text for an account now; null when it has neither a logo nor a line. */
export async function footerParts(db: Db, userId: number, origin: string): Promise<FooterParts | null> {
  const settings = await footerSettings(db, userId);
  const logo = await footerLogo(db, userId, settings.logo);
  if (!logo && !settings.line) return null;
  const logoUrl = logo ? logoAddress(origin, await logoPublicKey(db, logo)) : '';
  return { html: footerHtml(logoUrl, logo?.name ?? '', settings.line), text: settings.line, logoUrl };
}

/** A centred table (what every mail client lays out), the logo 40 px high over the line. */
export function footerHtml(logoUrl: string, logoName: string, line: string): string {
  const image = logoUrl
    ? `<img src="${escapeUTF8(logoUrl)}" alt="${escapeUTF8(logoName)}" height="40" ` +
      `style="display:block;margin:0 auto 8px;height:40px;width:auto;max-width:200px;border:0">`
    : '';
  const text = line ? `<div>${escapeUTF8(line)}</div>` : '';
  return (
    `<table role="presentation" data-herald-footer width="100%" cellpadding="0" cellspacing="0" border="0" ` +
    `style="margin-top:24px;border-top:1px solid #e2e8f0"><tr><td align="center" ` +
    `style="padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#64748b">` +
    `${image}${text}</td></tr></table>`
  );
}

/** The footer at the end of the mail: before </body> when the HTML is a whole document. */
export function withFooter(html: string, footer: string): string {
  const end = html.search(/<\/body\s*>/i);
  return end < 0 ? html + footer : html.slice(0, end) + footer + html.slice(end);
}
