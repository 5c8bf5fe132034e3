import type { HandlerMap } from '../../context';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { smsTemplateUsable } from '../../../src/machines/lifecycles/sms-template.machine';
import { mmsChannel } from '../../channels/mms';
import { acceptSendTask, type PhoneChannel } from '../../sms/accept-task';
import { cancelTask, listTasks } from '../../sms/tasks';
import { countRecords, queryRecords } from '../../sms/records';
import { supportedCountry } from '../../sms/countries';
import { mmsPrice } from '../../mms/price';
import { priceCountries, priceListFile, priceRowOf } from '../../sms/price-list';
import { channelExportFile, listChannelExports, startChannelExport } from '../channel-exports';
import { receiptCodeStatistics, sendStatistics } from '../../channels/statistics';
import {
  createMmsTemplate,
  deleteMmsTemplates,
  listMmsTemplates,
  mmsTaskContent,
  mmsTemplateData,
  ownedMmsTemplate,
  updateMmsTemplate,
} from '../../mms/templates';

// MMS Actions (docs/decisions.md "MMS"): thin over the MMS templates and the channel kernel.

const mmsPhoneChannel: PhoneChannel = {
  action: 'AddUMMSSendTask',
  channel: mmsChannel,
  async template(ctx, templateId) {
    const row = await ownedMmsTemplate(ctx.db, ctx.user.id, templateId);
    if (!smsTemplateUsable(row.status)) throw new ApiError(RetCode.TemplateNotUsable);
    return {
      templateId: row.templateId,
      name: row.name,
      content: mmsTaskContent(row),
      variableCount: row.variableCount,
    };
  },
  price: mmsPrice,
  partsOf: () => () => mmsChannel.parts('', ''),
};

const mmsPriceRow = priceRowOf(mmsPrice);

export const mmsHandlers: HandlerMap = {
  async CreateUMMSTemplate(input, ctx) {
    const row = await createMmsTemplate(ctx, ctx.user.id, input);
    return { TemplateId: row.templateId, Id: row.id, Status: row.status };
  },
  async UpdateUMMSTemplate(input, ctx) {
    const { TemplateId, ...fields } = input;
    const row = await updateMmsTemplate(ctx, ctx.user.id, TemplateId, fields);
    return { TemplateId: row.templateId, Status: row.status };
  },
  async GetUMMSTemplateList(input, ctx) {
    const { total, rows } = await listMmsTemplates(ctx.db, ctx.user.id, input);
    return { Total: total, Templates: rows.map((row) => mmsTemplateData(row, ctx.lang)) };
  },
  async GetUMMSTemplate(input, ctx) {
    return mmsTemplateData(await ownedMmsTemplate(ctx.db, ctx.user.id, input.TemplateId), ctx.lang);
  },
  async DeleteUMMSTemplate(input, ctx) {
    await deleteMmsTemplates(ctx.db, ctx.user.id, input.TemplateIds, ctx.clock.now());
    return {};
  },
  AddUMMSSendTask: (input, ctx) => acceptSendTask(ctx, input, mmsPhoneChannel),
  GetUMMSSendTask: (input, ctx) => listTasks(ctx.db, ctx.user.id, mmsChannel.id, input, ctx.lang),
  async CancelUMMSSendTask(input, ctx) {
    const task = await cancelTask(ctx.db, mmsChannel.id, input.TaskId, ctx.user.id, ctx.clock.now());
    return { TaskId: task.taskId, Status: task.status };
  },
  async GetUMMSSendRecord(input, ctx) {
    const { Page, NumPerPage, ...rest } = input;
    const filters = { ...rest, Channel: mmsChannel.id };
    return {
      Total: await countRecords(ctx.db, ctx.user.id, filters),
      Records: await queryRecords(ctx.db, ctx.user.id, filters, NumPerPage, (Page - 1) * NumPerPage, ctx.lang),
    };
  },
  AddUMMSExportSendRecordTask: (input, ctx) => startChannelExport(ctx, mmsChannel.id, input),
  GetUMMSExportSendRecord: (input, ctx) => listChannelExports(ctx, mmsChannel.id, input),
  GetUMMSExportSendRecordFile: async (input, ctx) => channelExportFile(ctx, mmsChannel.id, input.ExportId),
  GetUMMSSendStatistics: (input, ctx) => sendStatistics(ctx.db, mmsChannel.id, ctx.user.id, input),
  GetUMMSSendReceiptCodeStatistics: (input, ctx) =>
    receiptCodeStatistics(ctx.db, mmsChannel.id, ctx.user.id, input, ctx.lang),
  async GetUMMSPrice(input) {
    const country = supportedCountry(input.CountryCode);
    return { CountryCode: country.CountryCode, Price: mmsPrice(country), Currency: 'usd' };
  },
  async GetUMMSPriceList(input, ctx) {
    const prices = priceCountries().map(mmsPriceRow);
    return input.Download ? priceListFile(prices, ctx.lang, 'herald-mms-prices.csv', 'message') : { Prices: prices };
  },
};
