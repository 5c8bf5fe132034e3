import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { campaignDetailQuery } from '../../gateway/client/queries/campaigns';
import type { CampaignData } from '../../gateway/contract/actions/campaigns';
import { campaignLifecycle } from '../../machines/lifecycles/campaign.machine';
import { formatPercent } from '../common/format';
import { CountTiles } from '../common/tasks/TaskParts';
import { Card } from '../ui/Card';
import { ErrorState } from '../ui/EmptyState';
import { PageFrame } from '../ui/PageFrame';
import { PageLoading } from '../ui/Spinner';
import { CampaignFacts } from './CampaignFacts';

const primaryLink =
  'rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';
/** A task still sending is read again this often, so its counts move on the page. */
const LIVE_MS = 5_000;

const isLive = (campaign: CampaignData | undefined) => Boolean(campaign?.Task && !campaign.Task.FinishTime);

/** /campaign/detail/{id}/{type}: the campaign and, once applied, its send task's figures (live while sending). */
export default function CampaignDetailPage() {
  const { t, i18n } = useTranslation(['mkthub', 'sms']);
  const { id = '' } = useParams<{ id: string; type: string }>();
  const campaign = useQuery({
    ...campaignDetailQuery(id),
    refetchInterval: (query) => (isLive(query.state.data) ? LIVE_MS : false),
  });
  const frame = (body: React.ReactNode) => <PageFrame title={t('mkthub:titles.campaignDetail')}>{body}</PageFrame>;
  if (campaign.isPending) return frame(<PageLoading label={t('mkthub:campaigns.loading')} />);
  if (campaign.isError)
    return frame(
      <ErrorState
        message={t('mkthub:campaigns.notFound')}
        onRetry={() => void campaign.refetch()}
        retryLabel={t('mkthub:campaigns.retry')}
      />,
    );
  const data = campaign.data;
  const task = data.Task;
  return frame(
    <div className="flex flex-col gap-6">
      <CampaignFacts campaign={data} />
      <Card title={t('mkthub:campaigns.sending')}>
        {task ? (
          <div className="flex flex-col gap-4">
            <CountTiles
              lang={i18n.language}
              tiles={[
                [t('sms:task.counts.total'), task.TotalCount, 'total'],
                [t('sms:task.counts.success'), task.SuccessCount, 'success'],
                [t('sms:task.counts.fail'), task.FailCount + task.SubmitFailCount, 'fail'],
                [t('sms:task.counts.unknown'), task.UnknownCount, 'unknown'],
              ]}
            />
            <p className="text-sm text-slate-600">
              {t('sms:task.successRate', { rate: formatPercent(task.SuccessRate, i18n.language) })}
            </p>
            <Link
              href={`/${data.Type}/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
              className={primaryLink}
            >
              {t('mkthub:campaigns.openTask')}
            </Link>
          </div>
        ) : campaignLifecycle.can(data.Status, 'campaign.apply') ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-slate-600">{t('mkthub:campaigns.notApplied')}</p>
            <Link href={`/campaign/apply/${data.CampaignId}`} className={primaryLink}>
              {t('mkthub:campaigns.apply')}
            </Link>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t('mkthub:campaigns.taskGone')}</p>
        )}
      </Card>
    </div>,
  );
}
