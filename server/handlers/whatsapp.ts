import type { HandlerMap, UserContext } from '../context';
import { whatsappPlatform, whatsappRedirectUri, whatsappSignUpUrl } from '../platforms/whatsapp/app-credentials';
import {
  accountOf,
  connectAccount,
  disconnectAccount,
  newSignUpState,
  refreshNumbers,
  requireAccount,
} from '../whatsapp/accounts';
import { accountData, accountNumbers } from '../whatsapp/numbers';

// WhatsApp business connection and numbers (issue 15 items 1-2; docs/decisions.md "WhatsApp numbers").

const work = async (ctx: UserContext) => ({
  db: ctx.db,
  now: ctx.clock.now(),
  platform: await whatsappPlatform(ctx.db, ctx.config),
  redirectUri: whatsappRedirectUri(ctx.config),
});

async function accountAndNumbers(ctx: UserContext) {
  const account = await requireAccount(ctx.db, ctx.user.id);
  return { Account: accountData(account), Numbers: await accountNumbers(ctx.db, ctx.user.id, ctx.clock.now()) };
}

export const whatsappHandlers: HandlerMap = {
  async GetWhatsAppSignUpUrl(_input, ctx) {
    const state = await newSignUpState(ctx.db, ctx.user.id, ctx.clock.now());
    return { Url: whatsappSignUpUrl(ctx.config, state), State: state };
  },
  async ConnectWhatsAppAccount({ Code, State }, ctx) {
    await connectAccount(await work(ctx), ctx.user.id, Code, State);
    return accountAndNumbers(ctx);
  },
  async ListWhatsAppNumber(_input, ctx) {
    const account = await accountOf(ctx.db, ctx.user.id);
    if (!account) return { Account: null, Numbers: [] };
    return { Account: accountData(account), Numbers: await accountNumbers(ctx.db, ctx.user.id, ctx.clock.now()) };
  },
  async RefreshWhatsAppNumber({ PhoneNumberId }, ctx) {
    await refreshNumbers(await work(ctx), ctx.user.id, PhoneNumberId);
    return accountAndNumbers(ctx);
  },
  async DisconnectWhatsAppAccount(_input, ctx) {
    await requireAccount(ctx.db, ctx.user.id);
    await disconnectAccount(ctx.db, ctx.user.id);
    return {};
  },
};
