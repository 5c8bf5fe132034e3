import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { fbCampaignsQuery } from '../../../gateway/client/queries/fb-ads';
import {
  copyFbCampaignMutation,
  downloadFbCampaignMutation,
  setFbObjectStatusMutation,
} from '../../../gateway/client/mutations/fb-ads';
import { amountOfCents, FB_CAMPAIGN_LIST_ACTION, type FbLevel } from '../../../gateway/contract/fb-ads';
import type { FbObject } from '../../../gateway/contract/actions/fb-ads';
import { formatMoney } from '../../../gateway/contract/money';
import { fbCampaignLifecycle } from '../../../machines/lifecycles/fb-campaign.machine';
import { fbAdSetLifecycle } from '../../../machines/lifecycles/fb-adset.machine';
import { fbAdLifecycle } from '../../../machines/lifecycles/fb-ad.machine';
import { saveBlob } from '../../common/download';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { FbStatusBadge } from './FbStatusBadge';
import { fbAdPath, useFbAccounts } from './useFbAccounts';

type Row = FbObject & { depth: number };
type Move = 'pause' | 'resume' | 'delete';
const EVENT: Record<Move, string> = { pause: 'object.pause', resume: 'object.resume', delete: 'object.delete' };
const lifecycleOf = (level: FbLevel) =>
  (level === 'campaign' ? fbCampaignLifecycle : level === 'adset' ? fbAdSetLifecycle : fbAdLifecycle) as {
    can: (status: string, event: string) => boolean;
  };

/** /advertising/facebook/ad-list: an opened account's campaigns → ad sets → ads, their statuses and figures. */
export default function FbAdListPage() {
  const { t, i18n } = useTranslation('fbAds');
  const text = useText();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(useSearch()).get('account') ?? '';
  const { accounts, isLoading: accountsLoading } = useFbAccounts();
  const accountId = accounts.some((a) => a.AccountId === wanted) ? wanted : (accounts[0]?.AccountId ?? '');
  const account = accounts.find((a) => a.AccountId === accountId);
  const [keyword, setKeyword] = useState('');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [notice, setNotice] = useState('');
  const list = useQuery(
    fbCampaignsQuery({ AccountId: accountId, ...(keyword.trim() ? { Keyword: keyword.trim() } : {}) }),
  );
  const move = useMutation(setFbObjectStatusMutation(client));
  const copy = useMutation(copyFbCampaignMutation(client));
  const download = useMutation(downloadFbCampaignMutation());
  const currency = list.data?.Currency ?? account?.Currency ?? 'USD';
  const money = (units: number) => formatMoney(units, currency, i18n.language);

  const rows: Row[] = (list.data?.Campaigns ?? []).flatMap((campaign) => [
    { ...campaign, depth: 0 },
    ...campaign.AdSets.flatMap((set) => [{ ...set, depth: 1 }, ...set.Ads.map((ad) => ({ ...ad, depth: 2 }))]),
  ]);

  const act = (row: Row, action: Move) =>
    move.mutate(
      { AccountId: accountId, Level: row.Level, Id: row.Id, Move: action },
      { onSuccess: () => setNotice(t('list.moved')) },
    );
  const budgetOf = (row: Row) => {
    const f = row.Fields as { BudgetType?: string; DailyBudget?: number; LifetimeBudget?: number };
    if (row.Level !== 'adset') return '';
    return f.BudgetType === 'LIFETIME'
      ? t('list.lifetime', { amount: amountOfCents(f.LifetimeBudget ?? 0) })
      : t('list.daily', { amount: amountOfCents(f.DailyBudget ?? 0) });
  };

  if (!accountsLoading && accounts.length === 0)
    return (
      <PageFrame title={t('titles.list')} testId="fb-ad-list">
        <EmptyState
          title={t('account.none')}
          description={t('account.noneHint')}
          action={
            <Link href="/advertising/facebook/account-list" className="font-medium text-brand-700 underline">
              {t('account.goAccounts')}
            </Link>
          }
        />
      </PageFrame>
    );

  return (
    <PageFrame
      title={t('titles.list')}
      description={list.data ? t('list.timeZone', { tz: list.data.TimeZone, currency }) : undefined}
      testId="fb-ad-list"
      actions={
        accountId ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              loading={download.isPending}
              data-action={FB_CAMPAIGN_LIST_ACTION.Download}
              onClick={() =>
                download.mutate(
                  { AccountId: accountId },
                  { onSuccess: (blob) => saveBlob(blob, `facebook-campaigns-${accountId}.csv`) },
                )
              }
            >
              {t('list.download')}
            </Button>
            <Button variant="secondary" onClick={() => navigate(fbAdPath.generate(accountId))}>
              {t('list.generate')}
            </Button>
            <Button onClick={() => navigate(fbAdPath.create(accountId))}>{t('list.newCampaign')}</Button>
          </div>
        ) : undefined
      }
    >
      <div className="mb-4 flex flex-wrap gap-4">
        <Select
          label={t('account.label')}
          value={accountId || null}
          options={accounts.map((a) => ({ value: a.AccountId, label: `${a.Name} (${a.AccountId})` }))}
          onChange={(value) => navigate(fbAdPath.list(value))}
        />
        <TextField label={t('list.keyword')} value={keyword} onValueChange={setKeyword} />
      </div>
      {notice && (
        <p role="status" className="mb-3 text-sm text-emerald-700">
          {notice}
        </p>
      )}
      {move.error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {text(move.error.message)}
        </p>
      )}
      <DataTable<Row>
        caption={t('list.caption')}
        testId="fb-ad-table"
        rows={rows}
        rowKey={(row) => row.Id}
        isLoading={accountsLoading || list.isLoading}
        error={list.error ? t('list.error') : null}
        onRetry={() => void list.refetch()}
        empty={{
          title: t('list.empty'),
          description: t('list.emptyHint'),
          action: accountId ? (
            <Button onClick={() => navigate(fbAdPath.create(accountId))}>{t('list.newCampaign')}</Button>
          ) : undefined,
        }}
        columns={[
          {
            key: 'name',
            header: t('list.name'),
            cell: (row) => (
              <div style={{ paddingLeft: `${row.depth * 1.25}rem` }}>
                <span className="mr-2 text-xs uppercase text-slate-400">{t(`levelNames.${row.Level}`)}</span>
                <span className="font-medium">{row.Name}</span>
                {row.ReviewReason && (
                  <p className="text-xs text-red-700">{t('list.reason', { reason: row.ReviewReason })}</p>
                )}
              </div>
            ),
          },
          { key: 'status', header: t('list.status'), cell: (row) => <FbStatusBadge status={row.Status} /> },
          { key: 'budget', header: t('list.budget'), cell: budgetOf },
          { key: 'spend', header: t('list.spend'), align: 'right', cell: (row) => money(row.Stats.Spend) },
          { key: 'impressions', header: t('list.impressions'), align: 'right', cell: (row) => row.Stats.Impressions },
          { key: 'clicks', header: t('list.clicks'), align: 'right', cell: (row) => row.Stats.Clicks },
          { key: 'conversions', header: t('list.conversions'), align: 'right', cell: (row) => row.Stats.Conversions },
        ]}
        rowActions={(row) => {
          const can = (action: Move) => lifecycleOf(row.Level).can(row.Status, EVENT[action]);
          return (
            <>
              <RowAction href={fbAdPath.edit(accountId, row.Level, row.Id)}>{t('list.edit')}</RowAction>
              {can('pause') && <RowAction onClick={() => act(row, 'pause')}>{t('list.pause')}</RowAction>}
              {can('resume') && <RowAction onClick={() => act(row, 'resume')}>{t('list.resume')}</RowAction>}
              {row.Level === 'campaign' && (
                <RowAction
                  onClick={() =>
                    copy.mutate(
                      { AccountId: accountId, Ids: [row.Id] },
                      { onSuccess: () => setNotice(t('list.copied')) },
                    )
                  }
                >
                  {t('list.copy')}
                </RowAction>
              )}
              {can('delete') && (
                <RowAction danger onClick={() => setDeleting(row)}>
                  {t('list.delete')}
                </RowAction>
              )}
            </>
          );
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('list.delete')}
        description={deleting ? t('list.deleteConfirm', { name: deleting.Name }) : ''}
        confirmLabel={t('list.delete')}
        danger
        busy={move.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) act(deleting, 'delete');
          setDeleting(null);
        }}
      />
    </PageFrame>
  );
}
