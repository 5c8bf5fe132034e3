import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { aiTextKeys } from '../../../gateway/client/queries/ai-text';
import { smsKeys } from '../../../gateway/client/queries/sms';
import type { AiLanguage } from '../../../gateway/contract/actions/ai-text';
import { SMS_LIMITS, SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { countSmsSegments } from '../../../gateway/contract/sms-segments';
import type { AiCampaign } from '../../../machines/ai-draft';
import { smsAiMachine, smsTemplateNameOf } from '../../../machines/sms-ai.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { AiBriefCard } from '../../common/ai/AiBriefCard';
import { AiDraftActions } from '../../common/ai/AiDraftActions';
import { useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Textarea } from '../../ui/Textarea';
import { BadCampaignLink } from '../BadCampaignLink';
import { campaignEditorHref, useCampaignFromRoute } from './campaign-route';

const reviewOf = (status: number) =>
  status === SMS_TEMPLATE_STATUS.Passed ? 'passed' : status === SMS_TEMPLATE_STATUS.Rejected ? 'rejected' : 'inReview';

function SmsAiScreen({ campaign }: { campaign: AiCampaign }) {
  const { t, i18n } = useTranslation('mkthub');
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const language: AiLanguage = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const actor = useActorRef(smsAiMachine, { input: { language, campaign }, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const { draft, saved } = context;
  const canUse = useSelector(actor, (s) => s.can({ type: 'draft.use' }));
  const canSave = useSelector(actor, (s) => s.can({ type: 'draft.save' }));
  const savedName = smsTemplateNameOf(campaign);

  useEffect(() => {
    if (step === 'generated' || step === 'quotaExhausted')
      void client.invalidateQueries({ queryKey: aiTextKeys.usage() });
    if (step !== 'saved' || !saved) return;
    void client.invalidateQueries({ queryKey: smsKeys.templates() });
    if (saved.intent === 'use' && saved.status === SMS_TEMPLATE_STATUS.Passed)
      navigate(campaignEditorHref('sms', campaign, saved.templateId));
    else if (saved.intent === 'save') notify(t('campaignAi.savedTemplate', { name: savedName }));
  }, [step, saved, savedName, campaign, client, navigate, notify, t]);

  const parts = countSmsSegments(draft?.Content ?? '');
  return (
    <PageFrame
      title={t('campaignAi.smsTitle', { name: campaign.name })}
      description={t('campaignAi.subtitle', { aim: t(`plans.aims.${campaign.aim}`) })}
      testId="sms-ai"
    >
      <div className="flex flex-col gap-6">
        <AiBriefCard
          step={step}
          context={context}
          send={actor.send}
          labels={{
            card: t('campaignAi.briefCard'),
            placeholder: t('campaignAi.briefPlaceholder'),
            generating: t('campaignAi.generating'),
            failedTitle: t('campaignAi.failedTitle'),
          }}
        />
        <Card title={t('campaignAi.draftCard')}>
          {draft ? (
            <>
              <Textarea
                label={t('campaignAi.content')}
                hint={t('campaignAi.parts', {
                  segments: parts.segments,
                  units: parts.units,
                  remaining: parts.remaining,
                })}
                value={draft.Content}
                disabled={step === 'generating' || step === 'saving'}
                counter={{ count: draft.Content.length, max: SMS_LIMITS.templateContentMax }}
                rows={5}
                onValueChange={(value) => actor.send({ type: 'draft.edit', field: 'Content', value })}
              />
              <AiDraftActions
                step={step}
                error={context.error}
                saved={saved}
                intent={context.intent}
                canUse={canUse}
                canSave={canSave}
                savedName={savedName}
                templateHref="/sms/template"
                review={reviewOf}
                useHint={t('campaignAi.useHint')}
                inReviewText={t('campaignAi.inReview', { name: savedName })}
                onUse={() => actor.send({ type: 'draft.use' })}
                onSave={() => actor.send({ type: 'draft.save' })}
              />
            </>
          ) : (
            <p className="text-sm text-slate-500">{t('campaignAi.empty')}</p>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

/** /campaign/create/sms-ai/{name}/{aim}: an SMS text from a brief (smsAi), used in the campaign's SMS editor. */
export default function CampaignSmsAiPage() {
  const campaign = useCampaignFromRoute();
  if (!campaign) return <BadCampaignLink />;
  return <SmsAiScreen key={`${campaign.name}/${campaign.aim}`} campaign={campaign} />;
}
