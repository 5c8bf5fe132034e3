import type { z } from 'zod';
import { ACTION_CATALOGUE, type CatalogueArea } from './catalogue';
import { accountActions } from './account';
import { signUpActions } from './sign-up';
import { billingActions } from './billing';
import { subscriptionActions } from './subscriptions';
import { ticketActions } from './tickets';
import { uploadActions } from './uploads';
import { settingsActions } from './settings';
import { smsActions } from './sms';
import { staffTaskActions } from './staff-tasks';
import { vmsAudioActions } from './vms-audio';
import { vmsTemplateActions } from './vms-templates';
import { vmsTaskActions } from './vms-tasks';
import { mmsActions } from './mms';
import { waSendActions } from './wa-send';
import { mmsSettingsActions, vmsSettingsActions, whatsappSettingsActions } from './channel-settings';
import { audienceActions } from './audience';
import { emailDomainActions } from './email-domains';
import { emailTemplateActions } from './email-templates';
import { workflowActions } from './workflows';
import { telegramActions } from './telegram';
import { whatsappActions } from './whatsapp';
import { calendarActions } from './calendar';
import { emailSendActions } from './email-send';
import { emailLimitActions } from './email-limits';
import { emailStatsActions } from './email-stats';
import { shortLinkActions } from './short-links';
import { advertisingActions } from './advertising';
import { adOperationActions } from './ad-operations';
import { aiTextActions } from './ai-text';
import { libraryActions } from './library';
import { emailFooterActions } from './email-footer';
import { mktPlanActions } from './mkt-plans';
import { campaignActions } from './campaigns';
import { inboxActions } from './inbox';
import { inboxTeamActions } from './inbox-team';
import { socialActions } from './social';
import { socialStatsActions } from './social-stats';
import { socialSignInActions } from './social-signin';
import { waTemplateActions } from './wa-templates';
import { aigcActions } from './aigc';
import { fbAdActions } from './fb-ads';
import { waAgentActions } from './wa-agent';

/** Every Action that has a schema: the ones Herald implements. */
export const actionDefs = {
  ...accountActions,
  ...signUpActions,
  ...billingActions,
  ...subscriptionActions,
  ...ticketActions,
  ...uploadActions,
  ...settingsActions,
  ...smsActions,
  ...staffTaskActions,
  ...vmsAudioActions,
  ...vmsTemplateActions,
  ...vmsTaskActions,
  ...mmsActions,
  ...waSendActions,
  ...mmsSettingsActions,
  ...vmsSettingsActions,
  ...whatsappSettingsActions,
  ...audienceActions,
  ...emailDomainActions,
  ...emailTemplateActions,
  ...workflowActions,
  ...emailSendActions,
  ...emailLimitActions,
  ...emailStatsActions,
  ...shortLinkActions,
  ...telegramActions,
  ...whatsappActions,
  ...calendarActions,
  ...advertisingActions,
  ...adOperationActions,
  ...aiTextActions,
  ...libraryActions,
  ...emailFooterActions,
  ...mktPlanActions,
  ...campaignActions,
  ...inboxActions,
  ...inboxTeamActions,
  ...socialActions,
  ...socialStatsActions,
  ...socialSignInActions,
  ...waTemplateActions,
  ...aigcActions,
  ...fbAdActions,
  ...waAgentActions,
} as const;

export type ActionName = keyof typeof actionDefs;
export type ActionInput<A extends ActionName> = z.input<(typeof actionDefs)[A]['input']>;
export type ActionData<A extends ActionName> = z.output<(typeof actionDefs)[A]['data']>;
/** How an Action answers on success (`json`, `file`, `jsonOrFile`), as its definition declares. */
export type ActionReplyOf<A extends ActionName> = (typeof actionDefs)[A]['reply'];
/** The Actions that may answer a file: the only ones the client's binary call accepts. */
export type FileActionName = { [A in ActionName]: ActionReplyOf<A> extends 'json' ? never : A }[ActionName];

export function isImplemented(action: string): action is ActionName {
  return Object.prototype.hasOwnProperty.call(actionDefs, action);
}

export function catalogueAreaOf(action: string): CatalogueArea | undefined {
  return (Object.keys(ACTION_CATALOGUE) as CatalogueArea[]).find((area) =>
    (ACTION_CATALOGUE[area] as readonly string[]).includes(action),
  );
}

/** The catalogue with each Action marked implemented or not, for docs and the inspector. */
export function catalogueStatus(): { area: CatalogueArea; action: string; implemented: boolean }[] {
  return (Object.keys(ACTION_CATALOGUE) as CatalogueArea[]).flatMap((area) =>
    ACTION_CATALOGUE[area].map((action) => ({ area, action, implemented: isImplemented(action) })),
  );
}
