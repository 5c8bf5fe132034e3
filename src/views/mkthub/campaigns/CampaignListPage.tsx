import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { deleteCampaignsMutation } from '../../../gateway/client/mutations/campaigns';
import { campaignListQuery } from '../../../gateway/client/queries/campaigns';
import { CAMPAIGN_TYPES, type CampaignSummary, type CampaignType } from '../../../gateway/contract/actions/campaigns';
import { CAMPAIGN_STATUS } from '../../../gateway/contract/statuses';
import { campaignLifecycle } from '../../../machines/lifecycles/campaign.machine';
import { CAMPAIGN_STATUS_TONE, campaignPath, campaignStatusKey } from '../../common/campaign-view';
import { formatTime } from '../../common/format';
import { gatewayMessage } from '../../gateway-bridge';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { Pagination } from '../../ui/Pagination';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { usePaging } from '../../ui/usePaging';
import { NewCampaignDialog } from './NewCampaignDialog';

const STATUS_FILTERS = [CAMPAIGN_STATUS.Saved, CAMPAIGN_STATUS.Applied] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number] | 0;
type TypeFilter = CampaignType | '';

/** /mkthub/smsEmail: the account's SMS and e-mail campaigns, with what their lifecycle allows. */
export default function CampaignListPage() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StatusFilter>(0);
  const [type, setType] = useState<TypeFilter>('');
  const [creating, setCreating] = useState(false);
  const { page, pageSize, refilter, pagination } = usePaging();
  const [toDelete, setToDelete] = useState<CampaignSummary | null>(null);
  const campaigns = useQuery(
    campaignListQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(keyword.trim() ? { Keyword: keyword.trim() } : {}),
      ...(status ? { Status: status } : {}),
      ...(type ? { Type: type } : {}),
    }),
  );
  const remove = useMutation(deleteCampaignsMutation(client));
  const newButton = <Button onClick={() => setCreating(true)}>{t('campaigns.new')}</Button>;

  return (
    <PageFrame title={t('titles.campaigns')} description={t('campaigns.subtitle')} actions={newButton}>
      <Card>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <TextField
            label={t('campaigns.keyword')}
            type="search"
            value={keyword}
            onValueChange={refilter(setKeyword)}
            className="w-56"
          />
          <Select<TypeFilter>
            label={t('campaigns.columns.channel')}
            value={type}
            options={[
              { value: '', label: t('campaigns.allChannels') },
              ...CAMPAIGN_TYPES.map((value) => ({ value, label: t(`kinds.${value}`) })),
            ]}
            onChange={refilter(setType)}
            className="w-40"
          />
          <Select<StatusFilter>
            label={t('campaigns.columns.status')}
            value={status}
            options={[
              { value: 0, label: t('campaigns.allStatuses') },
              ...STATUS_FILTERS.map((value) => ({ value, label: t(campaignStatusKey(value)) })),
            ]}
            onChange={refilter(setStatus)}
            className="w-40"
          />
        </div>
        <DataTable<CampaignSummary>
          caption={t('titles.campaigns')}
          rows={campaigns.data?.Campaigns}
          rowKey={(item) => item.CampaignId}
          isLoading={campaigns.isPending}
          error={campaigns.isError ? t('campaigns.loadFailed') : null}
          onRetry={() => void campaigns.refetch()}
          empty={{ title: t('campaigns.emptyTitle'), description: t('campaigns.emptyBody'), action: newButton }}
          columns={[
            {
              key: 'name',
              header: t('campaigns.columns.name'),
              cell: (item) => (
                <Link href={campaignPath(item)} className="font-medium text-brand-700 hover:underline">
                  {item.Name}
                </Link>
              ),
            },
            { key: 'channel', header: t('campaigns.columns.channel'), cell: (item) => t(`kinds.${item.Type}`) },
            { key: 'aim', header: t('plans.columns.aim'), cell: (item) => t(`plans.aims.${item.Aim as 1}`) },
            {
              key: 'audience',
              header: t('campaigns.columns.audience'),
              cell: (item) =>
                item.Audience.Name
                  ? t(`campaigns.audience.${item.Audience.Kind}`, { name: item.Audience.Name })
                  : t('campaigns.audience.gone'),
            },
            {
              key: 'send',
              header: t('campaigns.columns.send'),
              cell: (item) =>
                item.SendType === 'scheduled'
                  ? t('campaigns.sendAt', { time: item.ScheduledTime, zone: item.TimeZone })
                  : t('campaigns.sendNow'),
            },
            {
              key: 'status',
              header: t('campaigns.columns.status'),
              cell: (item) => (
                <Badge tone={CAMPAIGN_STATUS_TONE[item.Status] ?? 'neutral'}>{t(campaignStatusKey(item.Status))}</Badge>
              ),
            },
            { key: 'updated', header: t('campaigns.columns.updated'), cell: (item) => formatTime(item.UpdateTime) },
          ]}
          rowActions={(item) => (
            <>
              {campaignLifecycle.can(item.Status, 'campaign.save') && (
                <RowAction href={`/campaign/edit/${item.CampaignId}`}>{t('campaigns.edit')}</RowAction>
              )}
              {campaignLifecycle.can(item.Status, 'campaign.apply') && (
                <RowAction href={`/campaign/apply/${item.CampaignId}`}>{t('campaigns.apply')}</RowAction>
              )}
              <RowAction href={`/campaign/detail/${item.CampaignId}/${item.Type}`}>{t('campaigns.detail')}</RowAction>
              {campaignLifecycle.can(item.Status, 'campaign.delete') && (
                <RowAction danger onClick={() => setToDelete(item)}>
                  {t('campaigns.delete')}
                </RowAction>
              )}
            </>
          )}
        />
        <Pagination {...pagination(campaigns.data?.Total ?? 0)} />
      </Card>
      <NewCampaignDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('campaigns.deleteTitle')}
        description={t('campaigns.deleteBody', { name: toDelete?.Name ?? '' })}
        confirmLabel={t('campaigns.delete')}
        danger
        busy={remove.isPending}
        error={remove.isError ? (gatewayMessage(remove.error) ?? t('campaigns.deleteFailed')) : undefined}
        onConfirm={() => toDelete && remove.mutate([toDelete.CampaignId], { onSuccess: () => setToDelete(null) })}
        onClose={() => {
          remove.reset();
          setToDelete(null);
        }}
      />
    </PageFrame>
  );
}
