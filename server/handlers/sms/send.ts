import type { HandlerMap } from '../../context';
import { ApiError } from '../../errors';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { SMS_LIMITS } from '../../../src/gateway/contract/sms-constants';
import { countSmsSegments } from '../../../src/gateway/contract/sms-segments';
import { renderTemplate } from '../../../src/gateway/contract/sms-template';
import { smsTemplateUsable } from '../../../src/machines/lifecycles/sms-template.machine';
import { ownedTemplate } from '../../sms/templates';
import { smsPartsOf } from '../../sms/create-task';
import { acceptSendTask, type PhoneChannel } from '../../sms/accept-task';
import { cancelTask } from '../../sms/tasks';
import { smsChannel } from '../../channels/sms';
import { smsPrice, supportedCountry } from '../../sms/countries';

const smsPhoneChannel: PhoneChannel = {
  action: 'AddUSMSSendTask',
  channel: smsChannel,
  async template(ctx, templateId) {
    const row = await ownedTemplate(ctx.db, ctx.user.id, templateId);
    if (!smsTemplateUsable(row.status)) throw new ApiError(RetCode.TemplateNotUsable);
    return { templateId: row.templateId, name: row.name, content: row.content, variableCount: row.variableCount };
  },
  price: smsPrice,
  partsOf: (template, country) => smsPartsOf(template.content, country),
};

export const smsSendHandlers: HandlerMap = {
  AddUSMSSendTask: (input, ctx) => acceptSendTask(ctx, input, smsPhoneChannel),

  async GetUSMSPreviewSmsContent(input, ctx) {
    const template = await ownedTemplate(ctx.db, ctx.user.id, input.TemplateId);
    const country = input.CountryCode ? supportedCountry(input.CountryCode) : null;
    const content = renderTemplate(template.content, input.Params);
    const count = countSmsSegments(content, country?.CountryCode);
    const price = country ? smsPrice(country) : 0;
    return {
      Content: content,
      Encoding: count.encoding,
      Units: count.units,
      Segments: count.segments,
      PerSegment: count.perSegment,
      VariableCount: template.variableCount,
      Price: price,
      EstimatedCost: price * count.segments * Math.min(input.RecipientCount, SMS_LIMITS.maxRecipients),
    };
  },

  async CancelUSMSSendTask(input, ctx) {
    const task = await cancelTask(ctx.db, smsChannel.id, input.TaskId, ctx.user.id, ctx.clock.now());
    return { TaskId: task.taskId, Status: task.status };
  },
};
