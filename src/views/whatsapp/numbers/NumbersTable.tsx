import { useTranslation } from 'react-i18next';
import type { WaNumber } from '../../../gateway/contract/actions/whatsapp';
import { formatCount } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { DataTable, type Column } from '../../ui/DataTable';
import { QUALITY_DOTS, STATUS_TONES } from './number-look';

/** The business account's numbers: phone, display name, status, quality (a dot with its word), tier. */
export function NumbersTable({
  numbers,
  isLoading,
  error,
  onRetry,
}: {
  numbers: WaNumber[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('whatsapp');
  const columns: Column<WaNumber>[] = [
    {
      key: 'phone',
      header: t('numbers.columns.phone'),
      cell: (n) => <span className="whitespace-nowrap">{n.DisplayPhone}</span>,
    },
    { key: 'name', header: t('numbers.columns.name'), cell: (n) => n.DisplayName },
    {
      key: 'status',
      header: t('numbers.columns.status'),
      cell: (n) => (
        <Badge tone={STATUS_TONES[n.Status] ?? 'neutral'}>{t(`numbers.statuses.${n.Status}` as never, n.Status)}</Badge>
      ),
    },
    {
      key: 'quality',
      header: t('numbers.columns.quality'),
      cell: (n) => (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${QUALITY_DOTS[n.Quality] ?? QUALITY_DOTS.unknown}`} />
          {t(`numbers.qualities.${n.Quality}` as never, n.Quality)}
        </span>
      ),
    },
    {
      key: 'tier',
      header: t('numbers.columns.tier'),
      cell: (n) => (n.Tier === 'unlimited' ? t('numbers.unlimited') : t('numbers.tier', { tier: n.Tier })),
    },
    {
      key: 'remaining',
      header: t('numbers.columns.remaining'),
      align: 'right',
      cell: (n) => (n.Remaining === null ? t('numbers.unlimited') : formatCount(n.Remaining, i18n.language)),
    },
  ];
  return (
    <DataTable
      caption={t('numbers.caption')}
      columns={columns}
      rows={numbers}
      rowKey={(n) => n.PhoneNumberId}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={{ title: t('numbers.emptyTitle'), description: t('numbers.emptyDescription') }}
      testId="wa-numbers"
    />
  );
}
