import type { HandlerMap } from '../../context';
import { sendStatistics, type ResultCodes } from '../../channels/statistics';
import { EMAIL_CHANNEL_ID } from '../../email/channel-id';
import { traceStatisticsOverTime } from '../../email/trace-statistics';
import { EMAIL_MESSAGE_STATE_CODE as CODE } from '../../../src/machines/lifecycles/email-message.machine';
import { channelExportFile, listChannelExports, startChannelExport } from '../channel-exports';

// E-mail statistics and exports (docs/decisions.md "E-mail statistics"): the kernel's channel statistics
// with e-mail's results, the trace statistics over a range and the channel exports.

/** Delivered is success; a hard or soft bounce is a failure; submit_fail and unknown as for phones. */
const EMAIL_RESULT_CODES: ResultCodes = {
  success: [CODE.deliver],
  fail: [CODE.invalid, CODE.softBounce],
  unknown: [CODE.unknown],
  submitFail: [CODE.submitFail],
};

export const emailStatsHandlers: HandlerMap = {
  GetEmailSendStatistics: (input, ctx) =>
    sendStatistics(ctx.db, EMAIL_CHANNEL_ID, ctx.user.id, input, EMAIL_RESULT_CODES, (count) => ({
      Invalid: count([CODE.invalid]),
      SoftBounce: count([CODE.softBounce]),
    })),
  GetEmailTraceStatistics: (input, ctx) => traceStatisticsOverTime(ctx.db, ctx.user.id, input),
  AddEmailExportSendRecordTask: (input, ctx) => startChannelExport(ctx, EMAIL_CHANNEL_ID, input),
  GetEmailExportSendRecord: (input, ctx) => listChannelExports(ctx, EMAIL_CHANNEL_ID, input),
  GetEmailExportSendRecordFile: async (input, ctx) => channelExportFile(ctx, EMAIL_CHANNEL_ID, input.ExportId),
};
