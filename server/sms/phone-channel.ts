import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { smsTemplateUsable } from '../../src/machines/lifecycles/sms-template.machine';
import { smsChannel } from '../channels/sms';
import type { PhoneChannel } from './accept-task';
import { smsPartsOf } from './create-task';
import { smsPrice } from './countries';
import { ownedTemplate } from './templates';

/** SMS as a phone channel of acceptSendTask: AddUSMSSendTask and the campaigns that apply into it. */
export const smsPhoneChannel: PhoneChannel = {
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
