import type { HandlerMap, UserContext } from '../context';
import { emailFooters } from '../db/schema';
import { ApiError, fieldError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { footerHtml, footerLogo, footerParts, footerSettings, logoAddress, logoPublicKey } from '../email/footer';
import { translate } from '../messages';
import type { EmailFooter } from '../../src/gateway/contract/actions/email-footer';

// The e-mail footer's Actions (docs/decisions.md "Logos in QR codes and e-mail footers"); every read and
// write is the caller's account's, and a LogoId of another account is refused at the field.

async function footerOf(ctx: UserContext): Promise<EmailFooter> {
  const settings = await footerSettings(ctx.db, ctx.user.id);
  const logo = await footerLogo(ctx.db, ctx.user.id, settings.logo);
  const logoUrl = logo ? logoAddress(ctx.origin, await logoPublicKey(ctx.db, logo)) : '';
  return { Logo: settings.logo, Line: settings.line, LogoURL: logoUrl };
}

export const emailFooterHandlers: HandlerMap = {
  async GetEmailFooter(_input, ctx) {
    return footerOf(ctx);
  },
  async SaveEmailFooter(input, ctx) {
    if (input.Logo !== 'none' && input.Logo !== 'default' && !(await footerLogo(ctx.db, ctx.user.id, input.Logo)))
      throw fieldError('Logo', 'validation:emailFooterLogo');
    const values = { logo: input.Logo, line: input.Line, updatedAt: ctx.clock.now() };
    await ctx.db
      .insert(emailFooters)
      .values({ userId: ctx.user.id, ...values })
      .onConflictDoUpdate({ target: emailFooters.userId, set: values });
    return footerOf(ctx);
  },
  async SendEmailFooterTest(_input, ctx) {
    const sample = {
      subject: translate('mail:footerTestSubject', ctx.lang),
      body: translate('mail:footerTestText', ctx.lang),
    };
    const footer = await footerParts(ctx.db, ctx.user.id, ctx.origin);
    const html =
      `<!doctype html><html><body><p style="font-family:Arial,sans-serif">${sample.body}</p>` +
      `${footer?.html ?? footerHtml('', '', '')}</body></html>`;
    const transport = await ctx.mail.transport();
    const sent = await transport.send({
      from: `"Herald" <no-reply@${ctx.config.ownDomain}>`,
      to: ctx.user.email,
      subject: sample.subject,
      html,
      text: footer?.text ? `${sample.body}\n\n${footer.text}` : sample.body,
    });
    if (sent.result !== 'deliver') throw new ApiError(RetCode.SystemBusy);
    return { To: ctx.user.email };
  },
};
