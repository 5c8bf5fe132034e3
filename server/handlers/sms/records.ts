import type { HandlerMap } from '../../context';
import { countRecords, queryRecords } from '../../sms/records';
import { channelExportFile, listChannelExports, startChannelExport } from '../channel-exports';

export const smsRecordHandlers: HandlerMap = {
  async GetUSMSSendRecord(input, ctx) {
    const { Page, NumPerPage, ...filters } = input;
    const [total, records] = [
      await countRecords(ctx.db, ctx.user.id, filters),
      await queryRecords(ctx.db, ctx.user.id, filters, NumPerPage, (Page - 1) * NumPerPage, ctx.lang),
    ];
    return { Total: total, Records: records };
  },
  AddUSMSExportSendRecordTask: (input, ctx) => startChannelExport(ctx, 'sms', input),
  GetUSMSExportSendRecord: (input, ctx) => listChannelExports(ctx, 'sms', input),
  GetUSMSExportSendRecordFile: async (input, ctx) => channelExportFile(ctx, 'sms', input.ExportId),
};
