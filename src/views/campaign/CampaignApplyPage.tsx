import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { campaignDetailQuery } from '../../gateway/client/queries/campaigns';
import type { CampaignData } from '../../gateway/contract/actions/campaigns';
import { RetCode } from '../../gateway/contract/retcodes';
import { campaignApplyMachine } from '../../machines/campaign-apply.machine';
import { campaignLifecycle } from '../../machines/lifecycles/campaign.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { useText } from '../common/useText';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { ErrorState } from '../ui/EmptyState';
import { PageFrame } from '../ui/PageFrame';
import { PageLoading } from '../ui/Spinner';
import { CampaignFacts } from './CampaignFacts';

const linkClass = 'text-sm font-medium text-brand-700 underline';
const primaryLink =
  'rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

/** /campaign/apply/{saveId}: what a saved campaign will send, then "Apply" makes its task (campaignApply). */
export default function CampaignApplyPage() {
  const { t } = useTranslation('mkthub');
  const { saveId = '' } = useParams<{ saveId: string }>();
  const campaign = useQuery(campaignDetailQuery(saveId));
  const frame = (body: React.ReactNode) => <PageFrame title={t('titles.applyCampaign')}>{body}</PageFrame>;
  if (campaign.isPending) return frame(<PageLoading label={t('campaigns.loading')} />);
  if (campaign.isError)
    return frame(
      <ErrorState
        message={t('campaigns.notFound')}
        onRetry={() => void campaign.refetch()}
        retryLabel={t('campaigns.retry')}
      />,
    );
  return frame(<ApplyPanel key={campaign.data.CampaignId} campaign={campaign.data} />);
}

function ApplyPanel({ campaign }: { campaign: CampaignData }) {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(campaignApplyMachine, {
    input: { client, id: campaign.CampaignId, status: campaign.Status },
    inspect: inspectActor,
  });
  const step = useSelector(actor, (s) => String(s.value));
  const { error, errorCode, result } = useSelector(actor, (s) => s.context);
  const canApply = useSelector(actor, (s) => s.can({ type: 'apply.confirm' }));
  const detail = `/campaign/detail/${campaign.CampaignId}/${campaign.Type}`;
  const editable = campaignLifecycle.can(campaign.Status, 'campaign.save');

  return (
    <div className="flex flex-col gap-6">
      <CampaignFacts campaign={campaign} />
      <Card title={t('campaigns.applyCard')}>
        {step === 'applied' && result ? (
          <div role="status" className="flex flex-col items-start gap-3">
            <h2 className="text-lg font-semibold text-emerald-700">{t('campaigns.appliedNow')}</h2>
            <p className="text-sm text-slate-600">{t('campaigns.appliedNowBody', { task: result.TaskId })}</p>
            <Link href={detail} className={primaryLink}>
              {t('campaigns.detail')}
            </Link>
          </div>
        ) : !editable && step === 'ready' ? (
          <p className="text-sm text-slate-600">
            {t('campaigns.appliedBody')}{' '}
            <Link href={detail} className={linkClass}>
              {t('campaigns.detail')}
            </Link>
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-600">
              {t(campaign.SendType === 'scheduled' ? 'campaigns.applyScheduled' : 'campaigns.applyNow', {
                time: campaign.ScheduledTime,
                zone: campaign.TimeZone,
              })}
            </p>
            {step === 'failed' && (
              <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                <p>{text(error)}</p>
                {errorCode === RetCode.InsufficientBalance && (
                  <Link href="/bill/management" className={linkClass}>
                    {t('campaigns.topUp')}
                  </Link>
                )}
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {step === 'failed' ? (
                <Button onClick={() => actor.send({ type: 'apply.retry' })}>{t('campaigns.retry')}</Button>
              ) : (
                <Button
                  loading={step === 'applying'}
                  disabled={!canApply}
                  onClick={() => actor.send({ type: 'apply.confirm' })}
                >
                  {t('campaigns.applyButton')}
                </Button>
              )}
              {editable && (
                <Link
                  href={`/campaign/edit/${campaign.CampaignId}`}
                  className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  {t('campaigns.edit')}
                </Link>
              )}
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
