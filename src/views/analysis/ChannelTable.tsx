import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../gateway/contract/money';
import { formatCount, formatPercent } from '../common/format';
import { DataTable } from '../ui/DataTable';

/** The figures of one channel in the range; null while the channel is not part of Herald yet. */
export interface ChannelFigures {
  submitted: number;
  delivered: number;
  successRate: number;
  /** 10,000 units per currency unit. */
  cost: number;
}

// Spec 000 §1 channels (docs/decisions.md, "Marketing analysis"); voice has no send statistics yet.
export const CHANNELS = ['sms', 'mms', 'email', 'voice', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

interface Row {
  channel: Channel;
  figures: ChannelFigures | null;
}

/** One row per channel of the spec, with figures where the channel sends. */
export function ChannelTable({ figures }: { figures: Partial<Record<Channel, ChannelFigures | undefined>> }) {
  const { t, i18n } = useTranslation('analysis');
  const lang = i18n.language;
  const rows: Row[] = CHANNELS.map((channel) => ({ channel, figures: figures[channel] ?? null }));
  const cell = (row: Row, show: (f: ChannelFigures) => string) =>
    row.figures ? show(row.figures) : <span className="text-slate-400">{t('channels.notAvailable')}</span>;
  return (
    <DataTable
      caption={t('channels.title')}
      testId="analysis-channels"
      rows={rows}
      rowKey={(row) => row.channel}
      empty={{ title: t('channels.notAvailable') }}
      columns={[
        {
          key: 'channel',
          header: t('channels.channel'),
          cell: (row) => <span className="font-medium">{t(`channels.names.${row.channel}`)}</span>,
        },
        {
          key: 'submitted',
          header: t('channels.submitted'),
          align: 'right',
          cell: (row) => cell(row, (f) => formatCount(f.submitted, lang)),
        },
        {
          key: 'delivered',
          header: t('channels.delivered'),
          align: 'right',
          cell: (row) => (row.figures ? formatCount(row.figures.delivered, lang) : '—'),
        },
        {
          key: 'rate',
          header: t('channels.successRate'),
          align: 'right',
          cell: (row) => (row.figures ? formatPercent(row.figures.successRate, lang) : '—'),
        },
        {
          key: 'cost',
          header: t('channels.cost'),
          align: 'right',
          cell: (row) => (row.figures ? formatMoney(row.figures.cost, 'usd', lang) : '—'),
        },
      ]}
    />
  );
}
