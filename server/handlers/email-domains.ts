import type { HandlerMap } from '../context';
import {
  addDomain,
  deleteDomain,
  emailDomainData,
  listDomains,
  ownedDomain,
  updateDomain,
  verifyDomain,
} from '../email/domains';
import { addSender, emailSenderData, listSenders, moveSender, ownedSender } from '../email/senders';
import { EMAIL_SENDER_STATUS } from '../../src/gateway/contract/email-domains';

// E-mail domain and sender Actions (docs/decisions.md "E-mail domains and senders"): thin over server/email.

export const emailDomainHandlers: HandlerMap = {
  async AddUEmailDomain(input, ctx) {
    return emailDomainData(await addDomain(ctx, ctx.user.id, input), ctx.config.ownDomain);
  },
  async GetUEmailDomainList(_input, ctx) {
    const rows = await listDomains(ctx.db, ctx.user.id);
    return { Domains: rows.map((row) => emailDomainData(row, ctx.config.ownDomain)) };
  },
  async GetUEmailDomain(input, ctx) {
    return emailDomainData(await ownedDomain(ctx.db, ctx.user.id, input.DomainId), ctx.config.ownDomain);
  },
  async VerifyUEmailDomain(input, ctx) {
    const row = await ownedDomain(ctx.db, ctx.user.id, input.DomainId);
    return emailDomainData(await verifyDomain(ctx, row), ctx.config.ownDomain);
  },
  async UpdateUEmailDomain(input, ctx) {
    const row = await ownedDomain(ctx.db, ctx.user.id, input.DomainId);
    return emailDomainData(await updateDomain(ctx, row, input.TrackingPrefix), ctx.config.ownDomain);
  },
  async DeleteUEmailDomain(input, ctx) {
    await deleteDomain(ctx, await ownedDomain(ctx.db, ctx.user.id, input.DomainId));
    return {};
  },
  async AddUEmailSender(input, ctx) {
    return emailSenderData(await addSender(ctx, ctx.user.id, input));
  },
  async GetUEmailSenderList(_input, ctx) {
    return { Senders: (await listSenders(ctx.db, ctx.user.id)).map(emailSenderData) };
  },
  async UpdateUEmailSenderStatus(input, ctx) {
    const row = await ownedSender(ctx.db, ctx.user.id, input.SenderId);
    if (row.status === input.Status) return emailSenderData(row);
    const event = input.Status === EMAIL_SENDER_STATUS.Enabled ? 'sender.enable' : 'sender.disable';
    return emailSenderData(await moveSender(ctx, row, event));
  },
  async DeleteUEmailSender(input, ctx) {
    await moveSender(ctx, await ownedSender(ctx.db, ctx.user.id, input.SenderId), 'sender.delete');
    return {};
  },
};
