import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordExportChannel } from '../../../gateway/client/queries/exports';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Tabs } from '../../ui/Tabs';
import { ExportsPanel } from './ExportsPanel';
import type { ExportFilters } from '../../../gateway/client/mutations/exports';

/** What a channel's records page (/mms/search, /vms/search, /email/search) gives the shared page. */
export interface RecordsPageChannel<F extends ExportFilters> {
  /** The exports this page starts and lists. */
  exports: RecordExportChannel;
  title: string;
  description: string;
  testId: string;
  /** The channel's records table for the filters (its own columns). */
  table: (filters: F) => ReactNode;
}

/**
 * A channel's send records page: its filter bar (from `useRecordFilters` or `useChannelRecordFilters`),
 * the records table and the exports of the same filters. `notify` is the shell's toast (common views
 * do not import the shell).
 */
export function ChannelRecordsPage<F extends ExportFilters>({
  channel,
  filters,
  bar,
  notify,
}: {
  channel: RecordsPageChannel<F>;
  filters: F;
  bar: ReactNode;
  notify: (text: string) => void;
}) {
  const { t } = useTranslation('sms');
  const [tab, setTab] = useState('records');

  return (
    <PageFrame title={channel.title} description={channel.description} testId={channel.testId}>
      <Card>
        {bar}
        <Tabs
          selectedKey={tab}
          onChange={setTab}
          tabs={[
            {
              key: 'records',
              label: t('records.tabs.records'),
              // a new filter starts the table again at its first page
              content: <Fragment key={JSON.stringify(filters)}>{channel.table(filters)}</Fragment>,
            },
            {
              key: 'exports',
              label: t('records.tabs.exports'),
              content: <ExportsPanel channel={channel.exports} notify={notify} filters={filters} />,
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
