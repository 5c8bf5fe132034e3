import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailTraceQuery } from '../../../gateway/client/queries/email-send';
import { formatPercent } from '../../common/format';
import { CountTiles } from '../../common/tasks/TaskParts';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageLoading } from '../../ui/Spinner';

/** An e-mail task's trace statistics (spec 001 §3): opens, clicks, unsubscribes and reading conversion. */
export function EmailTraceStats({ taskId }: { taskId: string }) {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const query = useQuery(emailTraceQuery(taskId));
  const lang = i18n.language;
  const stats = query.data;
  return (
    <Card title={t('emailSend:trace.title')}>
      {query.isPending ? (
        <PageLoading label={t('sms:loading')} />
      ) : !stats ? (
        <ErrorState
          message={t('emailSend:trace.loadFailed')}
          onRetry={() => void query.refetch()}
          retryLabel={t('sms:retry')}
        />
      ) : (
        <>
          <CountTiles
            lang={lang}
            wide
            tiles={[
              [t('emailSend:trace.opens'), stats.Opens, 'opens'],
              [t('emailSend:trace.uniqueOpens'), stats.UniqueOpens, 'unique-opens'],
              [t('emailSend:trace.clicks'), stats.Clicks, 'clicks'],
              [t('emailSend:trace.uniqueClicks'), stats.UniqueClicks, 'unique-clicks'],
              [t('emailSend:trace.unsubscribes'), stats.Unsubscribes, 'unsubscribes'],
            ]}
          />
          <p className="mt-3 text-sm text-slate-600" data-testid="email-reading-conversion">
            {t('emailSend:trace.readingConversion', { rate: formatPercent(stats.ReadingConversion, lang) })}
          </p>
        </>
      )}
    </Card>
  );
}
