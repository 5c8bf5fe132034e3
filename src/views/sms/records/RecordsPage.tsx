import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { smsCountriesQuery } from '../../../gateway/client/queries/sms';
import { SMS_MESSAGE_RESULTS } from '../../../gateway/contract/sms-constants';
import { useLabel } from '../../../i18n/useLabel';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DateRangePicker } from '../../ui/DateRangePicker';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { Combobox, Select } from '../../ui/Select';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { VirtualTable } from '../../ui/VirtualTable';
import { countryLabel, formatCount, formatTime } from '../format';
import { SmsPage } from '../SmsPage';
import { messageResultView } from '../status';
import { useNotify } from '../../shell/actors';
import { ExportsPanel } from '../../common/records/ExportsPanel';
import { PriceDownloadButton } from './PriceDownloadButton';
import { draftFromSearch, searchOf, toFilters, type RecordsDraft } from './record-filters';
import { usePagedRecords } from './usePagedRecords';

/** Spec 001 §5 date pickers: records go back at most a year. */
const ONE_YEAR_BACK = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

/** /sms/search: send records with filters, server-side paging under a virtual list; exports; prices. */
export default function RecordsPage() {
  const { t, i18n } = useTranslation('sms');
  const notify = useNotify();
  const label = useLabel();
  const lang = i18n.language;
  // The applied filters are the URL's (Back and reload keep them); the form edits a draft of them.
  const search = useSearch();
  const [location, navigate] = useLocation();
  const fromUrl = useMemo(() => draftFromSearch(search), [search]);
  const applied = useMemo(() => toFilters(fromUrl), [fromUrl]);
  const [edit, setEdit] = useState({ search, draft: fromUrl });
  const draft = edit.search === search ? edit.draft : fromUrl;
  const setDraft = (change: (current: RecordsDraft) => RecordsDraft) =>
    setEdit((current) => ({ search, draft: change(current.search === search ? current.draft : fromUrl) }));
  const show = (next: RecordsDraft) => navigate(`${location}?${searchOf(next)}`);
  const [tab, setTab] = useState('records');
  const countries = useQuery(smsCountriesQuery());
  const records = usePagedRecords(applied);
  const set =
    <K extends keyof RecordsDraft>(key: K) =>
    (value: RecordsDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const apply = () => show(draft);

  const list = (() => {
    if (records.first.isPending)
      return (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner className="h-6 w-6" label={t('loading')} />
        </div>
      );
    if (records.first.isError)
      return (
        <ErrorState message={t('loadFailed')} onRetry={() => void records.first.refetch()} retryLabel={t('retry')} />
      );
    if (records.total === 0) return <EmptyState title={t('records.emptyTitle')} description={t('records.emptyBody')} />;
    return (
      <>
        <p className="mb-2 text-sm text-slate-500" data-testid="records-total">
          {t('records.total', { count: records.total, countText: formatCount(records.total, lang) })}
        </p>
        <VirtualTable
          caption={t('titles.records')}
          testId="records-table"
          rowCount={records.total}
          rowAt={records.rowAt}
          rowKey={(record) => record.RecordId}
          onVisibleRangeChange={records.onVisibleRangeChange}
          columns={[
            // Ten facts in seven columns, so the table fits a 1440 px window (issue 18 §16): the error's code
            // and description share one column, the submit and report times another.
            {
              key: 'phone',
              header: t('records.columns.phone'),
              width: '8.5rem',
              cell: (r) => <span className="font-mono">{r.Phone}</span>,
            },
            {
              // The message as this recipient got it (personalised for list and segment sends).
              key: 'content',
              header: t('records.columns.content'),
              width: 'minmax(10rem,2fr)',
              cell: (r) => (
                <span className="block truncate" title={r.Content} data-testid="record-content">
                  {r.Content}
                </span>
              ),
            },
            {
              key: 'result',
              header: t('records.columns.result'),
              width: '7rem',
              cell: (r) => {
                const view = messageResultView(r.Result);
                return <Badge tone={view.tone}>{label(view.label)}</Badge>;
              },
            },
            {
              key: 'error',
              header: t('records.columns.error'),
              width: 'minmax(9rem,1.5fr)',
              cell: (r) => (
                <span
                  className="block truncate"
                  title={r.ErrorCode ? `${r.ErrorCode} · ${r.ErrorDescription}` : undefined}
                >
                  <code data-testid="record-error-code">{r.ErrorCode || '—'}</code>
                  {r.ErrorDescription && <span className="text-slate-500"> · {r.ErrorDescription}</span>}
                </span>
              ),
            },
            {
              key: 'task',
              header: t('records.columns.task'),
              width: 'minmax(7rem,1fr)',
              cell: (r) => (
                <span className="block truncate" title={r.TaskName}>
                  {r.TaskName}
                </span>
              ),
            },
            { key: 'country', header: t('records.columns.country'), width: '5.5rem', cell: (r) => r.CountryCode },
            {
              key: 'parts',
              header: t('records.columns.parts'),
              width: '4.5rem',
              align: 'right',
              cell: (r) => r.Segments,
            },
            {
              key: 'times',
              header: t('records.columns.times'),
              width: '11.5rem',
              cell: (r) => (
                <span className="flex flex-col text-xs leading-4 tabular-nums">
                  <span>{formatTime(r.SubmitTime)}</span>
                  <span className="text-slate-500">{formatTime(r.ReportTime)}</span>
                </span>
              ),
            },
          ]}
        />
      </>
    );
  })();

  return (
    <SmsPage
      title={t('titles.records')}
      description={t('records.subtitle')}
      testId="sms-records"
      actions={<PriceDownloadButton />}
    >
      <Card>
        {/* The range on its own line, then the fields in even columns with the buttons at their end (§16). */}
        <form
          className="mb-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <DateRangePicker
            label={t('records.range')}
            value={draft.range}
            onChange={(range) => show({ ...draft, range })}
            minDay={ONE_YEAR_BACK}
          />
          <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-3 xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
            <TextField label={t('records.phone')} value={draft.phone} onValueChange={set('phone')} inputMode="tel" />
            <TextField label={t('records.taskId')} value={draft.taskId} onValueChange={set('taskId')} />
            <Select
              label={t('records.result')}
              value={draft.result}
              onChange={set('result')}
              options={[
                { value: 'all' as const, label: t('records.allResults') },
                ...SMS_MESSAGE_RESULTS.map((value) => ({ value, label: label(messageResultView(value).label) })),
              ]}
            />
            <Combobox
              label={t('records.country')}
              value={draft.country || null}
              noMatches={t('send.noCountries')}
              placeholder={t('records.anyCountry')}
              options={(countries.data?.Countries ?? []).map((c) => ({
                value: c.CountryCode,
                label: countryLabel(c, lang),
                hint: c.CountryCode,
              }))}
              onChange={set('country')}
            />
            <TextField label={t('records.errorCode')} value={draft.errorCode} onValueChange={set('errorCode')} />
            <div className="flex gap-2">
              <Button type="submit" data-testid="records-search">
                {t('records.search')}
              </Button>
              <Button variant="ghost" onClick={() => navigate(location)}>
                {t('records.reset')}
              </Button>
            </div>
          </div>
        </form>
        <Tabs
          selectedKey={tab}
          onChange={setTab}
          tabs={[
            { key: 'records', label: t('records.tabs.records'), content: list },
            {
              key: 'exports',
              label: t('records.tabs.exports'),
              content: <ExportsPanel channel="sms" notify={notify} filters={applied} />,
            },
          ]}
        />
      </Card>
    </SmsPage>
  );
}
