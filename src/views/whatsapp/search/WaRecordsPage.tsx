import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waRecordsQuery } from '../../../gateway/client/queries/wa-send';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import type { WaRecord } from '../../../gateway/contract/actions/wa-send';
import {
  WA_CONVERSATION_CATEGORIES,
  WA_DIRECTIONS,
  WA_RECORD_STATUSES,
  type WaConversationCategory,
  type WaDirection,
  type WaRecordStatus,
} from '../../../gateway/contract/wa-send';
import type { TranslationKey } from '../../../i18n/keys';
import { ChannelRecordsTable, type RecordsChannel } from '../../common/records/ChannelRecordsTable';
import { useChannelRecordFilters } from '../../common/records/useRecordFilters';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import type { BadgeTone } from '../../ui/Badge';

type Filters = Omit<ActionInput<'GetWhatsAppSendRecord'>, 'Page' | 'NumPerPage'>;

const TONE: Record<WaRecordStatus, BadgeTone> = {
  sending: 'info',
  sent: 'progress',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  received: 'neutral',
};
const statusView = (status: WaRecordStatus) => ({
  label: `whatsapp:recordStatus.${status}` as TranslationKey,
  tone: TONE[status],
});
const moving = (data: { Records: { Status: string }[] }) =>
  data.Records.some((r) => r.Status === 'sending' || r.Status === 'sent');

function WaRecordsTable({ filters }: { filters: Filters }) {
  const { t } = useTranslation('whatsapp');
  const channel: RecordsChannel<WaRecord> = {
    caption: t('titles.records'),
    useRecords: (page) => useQuery(waRecordsQuery({ ...filters, ...page }, moving)),
    address: { key: 'phone', header: t('records.phone'), cell: (record) => `+${record.Phone}` },
    resultView: (record) => statusView(record.Status),
    extraColumns: [
      { key: 'template', header: t('records.columns.template'), cell: (r) => r.TemplateName || '—' },
      { key: 'category', header: t('records.columns.category'), cell: (r) => t(`categories.${r.Category}`) },
      { key: 'direction', header: t('records.columns.direction'), cell: (r) => t(`directions.${r.Direction}`) },
      {
        key: 'content',
        header: t('records.columns.content'),
        className: 'max-w-xs',
        cell: (r) => <span className="line-clamp-2 text-slate-600">{r.Content}</span>,
      },
    ],
  };
  return <ChannelRecordsTable channel={channel} />;
}

/** /whatsapp/search: sent templates and customers' messages by date, number, task, status, conversation and direction. */
export default function WaRecordsPage() {
  const { t } = useTranslation('whatsapp');
  const [category, setCategory] = useState<WaConversationCategory | 'all'>('all');
  const [direction, setDirection] = useState<WaDirection | 'all'>('all');
  const { filters, address, bar } = useChannelRecordFilters<WaRecordStatus>({
    results: WA_RECORD_STATUSES,
    resultLabel: (status) => t(`recordStatus.${status}`),
    address: {
      label: t('records.phone'),
      accept: (typed) => {
        const phone = typed.replace(/[\s-]/g, '');
        return /^\+?\d{1,20}$/.test(phone) ? phone : null;
      },
    },
  });
  const { Result, ...common } = filters;
  const query: Filters = {
    ...common,
    ...(Result ? { Status: Result } : {}),
    ...(address ? { Phone: address } : {}),
    ...(category !== 'all' ? { Category: category } : {}),
    ...(direction !== 'all' ? { Direction: direction } : {}),
  };
  return (
    <PageFrame title={t('titles.records')} description={t('records.subtitle')} testId="wa-records">
      <Card>
        {bar}
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <Select
            label={t('records.category')}
            className="w-full sm:w-48"
            value={category}
            onChange={setCategory}
            options={[
              { value: 'all' as const, label: t('records.allCategories') },
              ...WA_CONVERSATION_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) })),
            ]}
          />
          <Select
            label={t('records.direction')}
            className="w-full sm:w-40"
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'all' as const, label: t('records.allDirections') },
              ...WA_DIRECTIONS.map((value) => ({ value, label: t(`directions.${value}`) })),
            ]}
          />
        </div>
        <WaRecordsTable key={JSON.stringify(query)} filters={query} />
      </Card>
    </PageFrame>
  );
}
