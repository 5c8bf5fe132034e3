import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { socialPostPerformanceQuery } from '../../gateway/client/queries/social';
import { postMetricsOf } from '../../gateway/contract/social/statistics';
import { LazyMetricsChart } from '../common/charts/LazyMetricsChart';
import { formatCount } from '../common/format';
import { Card } from '../ui/Card';
import { ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';

/**
 * /analysis/media_performance/{id}/{type} (here :postId/:platform): one post's metrics on one platform over time, one chart
 * per profile it went to, with the latest figures (docs/decisions.md "Post statistics and social sign-in").
 */
export default function MediaPerformancePage() {
  const { t, i18n } = useTranslation('analysis');
  const lang = i18n.language;
  const { postId, platform } = useParams<{ postId: string; platform: string }>();
  const platformType = Number(platform);
  const performance = useQuery(socialPostPerformanceQuery({ PostId: postId, PlatformType: platformType }));
  const names = postMetricsOf(platformType);
  const time = (seconds: number) =>
    new Date(seconds * 1000).toLocaleString(lang, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });

  let body;
  if (performance.isError)
    body = (
      <ErrorState
        message={performance.error.message}
        onRetry={() => void performance.refetch()}
        retryLabel={t('retry')}
      />
    );
  else if (!performance.data) body = <PageLoading label={t('loading')} />;
  else
    body = (
      <>
        <Card className="mb-6">
          <p className="whitespace-pre-wrap text-sm text-slate-800">{performance.data.Text}</p>
          <p className="mt-2 text-xs text-slate-500">
            {t(`media.platforms.${platformType as 1}`)} ·{' '}
            {t('media.performance.published', { time: time(performance.data.PublishTime) })}
          </p>
        </Card>
        {performance.data.Targets.map((target) => {
          const last = target.Points[target.Points.length - 1];
          return (
            <Card key={target.ProfileId} title={target.Name} className="mb-6">
              {names.length === 0 ? (
                <p className="text-sm text-slate-500">{t('media.posts.noMetrics')}</p>
              ) : !last ? (
                <p role="status" className="text-sm text-slate-500">
                  {target.Result === 'published' ? t('media.posts.notYet') : t('media.performance.notPublished')}
                </p>
              ) : (
                <>
                  <dl className="mb-4 grid gap-3 sm:grid-cols-4" data-testid="post-metrics">
                    {names.map((name) => (
                      <div key={name}>
                        <dt className="text-xs uppercase text-slate-500">{t(`media.metrics.${name}`)}</dt>
                        <dd className="text-lg font-semibold text-slate-900">
                          {name === 'EngagementRate'
                            ? `${last.Metrics[name] ?? 0}%`
                            : formatCount(last.Metrics[name] ?? 0, lang)}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <LazyMetricsChart
                    loadingLabel={t('loading')}
                    title={t('media.performance.chart', { name: target.Name })}
                    testId="post-metrics-chart"
                    points={target.Points.map((point) => ({ label: time(point.Time), values: point.Metrics }))}
                    series={names
                      .filter((name) => name !== 'EngagementRate')
                      .map((name) => ({ key: name, name: t(`media.metrics.${name}`) }))}
                  />
                </>
              )}
            </Card>
          );
        })}
      </>
    );

  return (
    <div className="mx-auto max-w-6xl" data-testid="media-performance">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold text-slate-900">{t('media.performance.title')}</h1>
        <Link href="/analysis/media_detail" className="mt-1 inline-block text-sm text-brand-700 underline">
          {t('media.performance.back')}
        </Link>
      </header>
      {body}
    </div>
  );
}
