import type { HandlerMap } from '../../context';
import { receiptCodeStatistics, sendStatistics } from '../../channels/statistics';
import { smsChannel } from '../../channels/sms';

// SMS send statistics: the channel statistics of the SMS channel (server/channels/statistics.ts).

export const smsStatsHandlers: HandlerMap = {
  GetUSMSSendStatistics: (input, ctx) => sendStatistics(ctx.db, smsChannel.id, ctx.user.id, input),
  GetUSMSSendReceiptCodeStatistics: (input, ctx) =>
    receiptCodeStatistics(ctx.db, smsChannel.id, ctx.user.id, input, ctx.lang),
};
