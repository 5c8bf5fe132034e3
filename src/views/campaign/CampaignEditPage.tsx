import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { campaignDetailQuery } from '../../gateway/client/queries/campaigns';
import { campaignLifecycle } from '../../machines/lifecycles/campaign.machine';
import { SessionActor } from '../shell/actors';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { PageFrame } from '../ui/PageFrame';
import { PageLoading } from '../ui/Spinner';
import { savedCampaignDraft } from './campaign-draft';
import { CampaignEditor } from './CampaignEditor';

/** /campaign/edit/{saveId}: a saved campaign in its channel's editor; an applied one is no longer edited. */
export default function CampaignEditPage() {
  const { t } = useTranslation('mkthub');
  const { saveId = '' } = useParams<{ saveId: string }>();
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone || 'UTC');
  const campaign = useQuery({ ...campaignDetailQuery(saveId), staleTime: Infinity, refetchOnWindowFocus: false });
  const frame = (body: React.ReactNode) => <PageFrame title={t('titles.editCampaign')}>{body}</PageFrame>;
  const listLink = (
    <Link href="/mkthub/smsEmail" className="text-sm font-medium text-brand-700 underline">
      {t('campaigns.saved.list')}
    </Link>
  );
  if (campaign.isPending) return frame(<PageLoading label={t('campaigns.loading')} />);
  if (campaign.isError)
    return frame(
      <ErrorState
        message={t('campaigns.notFound')}
        onRetry={() => void campaign.refetch()}
        retryLabel={t('campaigns.retry')}
      />,
    );
  const data = campaign.data;
  if (!campaignLifecycle.can(data.Status, 'campaign.save'))
    return frame(
      <EmptyState
        title={t('campaigns.appliedTitle', { name: data.Name })}
        description={t('campaigns.appliedBody')}
        action={
          <div className="flex gap-4">
            <Link
              href={`/campaign/detail/${data.CampaignId}/${data.Type}`}
              className="text-sm font-medium text-brand-700 underline"
            >
              {t('campaigns.detail')}
            </Link>
            {listLink}
          </div>
        }
      />,
    );
  return (
    <CampaignEditor
      key={data.CampaignId}
      type={data.Type}
      params={{ campaignId: data.CampaignId, aim: data.Aim as 1, source: data.Source }}
      templateId={data.TemplateId}
      draft={savedCampaignDraft(data, timeZone)}
      title={t('campaigns.editTitle', { name: data.Name })}
    />
  );
}
