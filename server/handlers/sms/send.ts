import type { HandlerMap } from '../../context';
import { SMS_LIMITS } from '../../../src/gateway/contract/sms-constants';
import { countSmsSegments } from '../../../src/gateway/contract/sms-segments';
import { renderTemplate } from '../../../src/gateway/contract/sms-template';
import { ownedTemplate } from '../../sms/templates';
import { acceptSendTask } from '../../sms/accept-task';
import { smsPhoneChannel } from '../../sms/phone-channel';
import { cancelTask } from '../../sms/tasks';
import { smsChannel } from '../../channels/sms';
import { smsPrice, supportedCountry } from '../../sms/countries';

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
