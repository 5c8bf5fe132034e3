import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { smsReceiptCodesQuery } from '../../gateway/client/queries/sms';
import { formatCount, formatPercent } from '../common/format';
import { Card } from '../ui/Card';
import { DataTable } from '../ui/DataTable';

/** How many error codes the overview lists; /sms/analytics has them all. */
const TOP_REASONS = 5;

/** The most frequent error codes of the range's failed and unknown messages. */
export function FailureReasons({ range }: { range: { BeginTime: number; EndTime: number } }) {
  const { t, i18n } = useTranslation('analysis');
  const lang = i18n.language;
  const codes = useQuery(smsReceiptCodesQuery(range));
  return (
    <Card
      title={t('failures.title')}
      action={
        <Link href="/sms/analytics" className="text-sm text-brand-700 hover:underline">
          {t('failures.more')}
        </Link>
      }
    >
      <DataTable
        caption={t('failures.title')}
        testId="analysis-failures"
        rows={codes.data?.Codes.slice(0, TOP_REASONS)}
        rowKey={(code) => `${code.Result}:${code.ErrorCode}`}
        isLoading={codes.isPending}
        error={codes.isError ? t('loadFailed') : null}
        onRetry={() => void codes.refetch()}
        empty={{ title: t('failures.none') }}
        columns={[
          { key: 'code', header: t('failures.code'), cell: (code) => <code>{code.ErrorCode}</code> },
          { key: 'description', header: t('failures.description'), cell: (code) => code.Description },
          { key: 'count', header: t('failures.count'), align: 'right', cell: (code) => formatCount(code.Count, lang) },
          {
            key: 'share',
            header: t('failures.share'),
            align: 'right',
            cell: (code) => formatPercent(code.Ratio, lang),
          },
        ]}
      />
    </Card>
  );
}
