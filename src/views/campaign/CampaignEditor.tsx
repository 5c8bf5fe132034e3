import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { emailTemplateQuery } from '../../gateway/client/queries/email-templates';
import { smsTemplateQuery } from '../../gateway/client/queries/sms';
import type { CampaignType } from '../../gateway/contract/actions/campaigns';
import type { EmailTemplate } from '../../gateway/contract/actions/email-templates';
import type { SmsTemplate } from '../../gateway/contract/actions/sms-templates';
import { SMS_TEMPLATE_STATUS } from '../../gateway/contract/sms-constants';
import { EMAIL_TEMPLATE_STATUS } from '../../gateway/contract/statuses';
import { campaignEditorMachine, type CampaignEditorParams } from '../../machines/campaign-editor.machine';
import { emailSendTemplate } from '../../machines/email-send.machine';
import type { SendDraft, SendTemplate } from '../../machines/sms-send.machine';
import { ChannelSendingPage } from '../common/send/ChannelSendingPage';
import { ConfirmLabel } from '../common/send/confirm-label';
import { EmailComposeForm } from '../common/send/email/EmailComposeForm';
import { EmailReviewStep } from '../common/send/email/EmailReviewStep';
import type { ChannelSendActor } from '../common/send/send-actor';
import { ComposeForm } from '../common/send/sms/ComposeForm';
import { ReviewStep } from '../common/send/sms/ReviewStep';
import { UpgradeGate } from '../common/send/upgrade-gate';
import { SessionActor } from '../shell/actors';
import { useUpgradePrompt } from '../shell/useUpgradePrompt';
import { Card } from '../ui/Card';

// The campaign editor (issue 14 item 5): the channel's send wizard on the campaign editor machine, whose last
// step saves the campaign; then the page offers to apply it. Used by the create and the edit routes.

const smsTemplate = (template: SmsTemplate): SendTemplate => ({
  TemplateId: template.TemplateId,
  TemplateName: template.TemplateName,
  Content: template.Content,
  VariableCount: template.VariableCount,
});

const CHANNELS = {
  sms: {
    query: smsTemplateQuery,
    usable: (template: SmsTemplate) => template.Status === SMS_TEMPLATE_STATUS.Passed,
    toSendTemplate: smsTemplate,
    Compose: ComposeForm as (props: { actor: ChannelSendActor }) => React.ReactNode,
    Review: ReviewStep,
    recipientKind: 'phone',
  },
  email: {
    query: emailTemplateQuery,
    usable: (template: EmailTemplate) => template.Status === EMAIL_TEMPLATE_STATUS.Passed,
    toSendTemplate: emailSendTemplate,
    Compose: EmailComposeForm as (props: { actor: ChannelSendActor }) => React.ReactNode,
    Review: EmailReviewStep,
    recipientKind: 'email',
  },
} as const;

/** The saved campaign, with the way on: apply it now, or see every campaign. */
function SavedCard({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation('mkthub');
  const result = useSelector(actor, (s) => s.context.result) as { CampaignId?: string } | null;
  if (!result?.CampaignId) return null;
  return (
    <Card>
      <div className="flex flex-col items-start gap-3" role="status">
        <h2 className="text-lg font-semibold text-emerald-700">{t('campaigns.saved.title')}</h2>
        <p className="text-sm text-slate-600">{t('campaigns.saved.body')}</p>
        <div className="flex flex-wrap gap-2">
          <Link
            href={`/campaign/apply/${result.CampaignId}`}
            className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('campaigns.saved.apply')}
          </Link>
          <Link
            href="/mkthub/smsEmail"
            className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('campaigns.saved.list')}
          </Link>
        </div>
      </div>
    </Card>
  );
}

export interface CampaignEditorProps {
  type: CampaignType;
  params: CampaignEditorParams;
  /** The template to select once loaded (?templateId=, or the saved campaign's). */
  templateId: string;
  draft: SendDraft;
  title: string;
}

export function CampaignEditor({ type, params, templateId, draft, title }: CampaignEditorProps) {
  const { t } = useTranslation(['mkthub', 'sms']);
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const upgrade = useUpgradePrompt();
  const channel = CHANNELS[type];
  const preset = useQuery({ ...(channel.query as typeof smsTemplateQuery)(templateId), enabled: templateId !== '' });
  const { campaignId, aim, source } = params;
  const machine = useMemo(
    () => campaignEditorMachine(type, { campaignId, aim, source }),
    [type, campaignId, aim, source],
  );
  return (
    <UpgradeGate.Provider value={upgrade}>
      <ConfirmLabel.Provider value={t('mkthub:campaigns.saveCampaign')}>
        <ChannelSendingPage
          channel={type}
          user={user}
          texts={{
            title,
            subtitle: t('mkthub:campaigns.editorSubtitle'),
            trialOnly: t('mkthub:campaigns.trialOnly'),
            upgrade: t('mkthub:campaigns.upgrade'),
            topUp: t('mkthub:campaigns.topUp'),
          }}
          machine={machine}
          input={{ recipientKind: channel.recipientKind, audienceOnly: true, draft }}
          preset={preset.data as never}
          usable={channel.usable as never}
          toSendTemplate={channel.toSendTemplate as never}
          Compose={channel.Compose}
          Review={channel.Review}
          Submitted={SavedCard}
        />
      </ConfirmLabel.Provider>
    </UpgradeGate.Provider>
  );
}
