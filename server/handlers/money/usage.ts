import type { HandlerMap } from '../../context';
import { BinaryReply } from '../../binary-reply';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { smsSpend, spendByProduct } from '../../money/usage';
import { findInvoice, listInvoices } from '../../money/invoices';
import { renderInvoicePdf } from '../../money/invoice-pdf';
import { alarmView, saveAlarm } from '../../money/balance-alarm';

const range = (
  ctx: { user: { id: number } },
  input: { StartTime: number; EndTime: number; Granularity: 'day' | 'month'; TimeZone: string },
) => ({
  userId: ctx.user.id,
  start: new Date(input.StartTime * 1000),
  end: new Date(input.EndTime * 1000),
  granularity: input.Granularity,
  timeZone: input.TimeZone,
});

export const usageHandlers: HandlerMap = {
  GetOrderAmountStatistics: async (input, ctx) => ({
    Currency: 'usd',
    Products: await spendByProduct(ctx.db, range(ctx, input)),
  }),
  GetUSMSBillStatistics: async (input, ctx) => ({ Currency: 'usd', ...(await smsSpend(ctx.db, range(ctx, input))) }),
  GetInvoiceList: ({ Page, NumPerPage }, ctx) => listInvoices(ctx.db, ctx.user.id, Page, NumPerPage),
  async DownloadInvoice({ InvoiceId }, ctx) {
    const invoice = await findInvoice(ctx.db, ctx.user.id, InvoiceId);
    const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.user.id));
    const pdf = await renderInvoicePdf(invoice, user?.email ?? '');
    return new BinaryReply(`${invoice.invoiceNo}.pdf`, 'application/pdf', pdf);
  },
  GetBalanceAlarm: (_input, ctx) => alarmView(ctx.db, ctx.user.id),
  UpdateBalanceAlarmThreshold: (input, ctx) =>
    saveAlarm(ctx, ctx.user.id, {
      enabled: input.Enabled,
      walletType: input.ProductType,
      threshold: input.Threshold,
      autoRecharge: input.AutoRecharge,
      autoRechargeAmount: input.AutoRechargeAmount,
    }),
};
