import type { HandlerMap } from '../context';
import { registerHandlers } from './account/register';
import { signinHandlers } from './account/signin';
import { socialSignInHandlers } from './account/social-signin';
import { passwordHandlers } from './account/password';
import { billingHandlers } from './billing';
import { moneyHandlers } from './money';
import { subscriptionHandlers } from './subscriptions';
import { ticketHandlers } from './tickets';
import { uploadHandlers } from './uploads';
import { settingsHandlers } from './settings';
import { smsHandlers } from './sms';
import { staffTaskHandlers } from './channels/staff';
import { channelSettingsHandlers } from './channels/settings';
import { vmsHandlers } from './vms';
import { vmsTaskHandlers } from './vms/tasks';
import { mmsHandlers } from './mms';
import { waSendHandlers } from './whatsapp-send';
import { audienceHandlers } from './audience';
import { emailDomainHandlers } from './email-domains';
import { emailTemplateHandlers } from './email/templates';
import { emailSendHandlers } from './email/send';
import { emailLimitHandlers } from './email/limits';
import { emailStatsHandlers } from './email/stats';
import { workflowHandlers } from './mkthub/workflows';
import { shortLinkHandlers } from './short-links';
import { telegramHandlers } from './mkthub/telegram';
import { whatsappHandlers } from './whatsapp';
import { calendarHandlers } from './mkthub/calendar';
import { advertisingHandlers } from './advertising';
import { adOperationHandlers } from './ad-operations';
import { fbAdHandlers } from './fb-ads';
import { aiTextHandlers } from './ai-text';
import { libraryHandlers } from './library';
import { emailFooterHandlers } from './email-footer';
import { planHandlers } from './mkthub/plans';
import { campaignHandlers } from './mkthub/campaigns';
import { inboxHandlers } from './mkthub/inbox';
import { inboxTeamHandlers } from './mkthub/inbox-team';
import { socialHandlers } from './mkthub/social';
import { socialStatsHandlers } from './mkthub/social-stats';
import { waTemplateHandlers } from './whatsapp/templates';
import { aigcHandlers } from './aigc';
import { waAgentHandlers } from './whatsapp/agent';

/** Action -> handler. An Action with a schema but no handler here answers NotImplemented. */
export const handlers: HandlerMap = {
  ...registerHandlers,
  ...signinHandlers,
  ...socialSignInHandlers,
  ...passwordHandlers,
  ...billingHandlers,
  ...moneyHandlers,
  ...subscriptionHandlers,
  ...ticketHandlers,
  ...uploadHandlers,
  ...settingsHandlers,
  ...smsHandlers,
  ...staffTaskHandlers,
  ...channelSettingsHandlers,
  ...vmsHandlers,
  ...vmsTaskHandlers,
  ...mmsHandlers,
  ...waSendHandlers,
  ...audienceHandlers,
  ...emailDomainHandlers,
  ...emailTemplateHandlers,
  ...emailSendHandlers,
  ...emailLimitHandlers,
  ...emailStatsHandlers,
  ...workflowHandlers,
  ...shortLinkHandlers,
  ...telegramHandlers,
  ...whatsappHandlers,
  ...calendarHandlers,
  ...advertisingHandlers,
  ...adOperationHandlers,
  ...fbAdHandlers,
  ...aiTextHandlers,
  ...libraryHandlers,
  ...emailFooterHandlers,
  ...planHandlers,
  ...campaignHandlers,
  ...inboxHandlers,
  ...inboxTeamHandlers,
  ...socialHandlers,
  ...socialStatsHandlers,
  ...waTemplateHandlers,
  ...aigcHandlers,
  ...waAgentHandlers,
};
