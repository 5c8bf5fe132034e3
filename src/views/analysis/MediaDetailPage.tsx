import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { socialStatisticsQuery } from '../../gateway/client/queries/social';
import {
  CHART_METRICS,
  postMetricsOf,
  STATISTICS_DAYS,
  type ChartMetricName,
  type StatisticsDays,
} from '../../gateway/contract/social/statistics';
import { LazyMetricsChart } from '../common/charts/LazyMetricsChart';
import { formatCount } from '../common/format';
import { Card } from '../ui/Card';
import { DataTable } from '../ui/DataTable';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { Select } from '../ui/Select';
import { PageLoading } from '../ui/Spinner';
import { Segmented } from '../ui/Tabs';
import { sumDays } from './media-days';

const ALL = '';

/**
 * /analysis/media_detail: the social profiles' chart metrics over 7 or 30 days (all profiles summed, or
 * one), and the published posts with their platform's metrics (docs/decisions.md "Post statistics and
 * social sign-in"). The figures come from the scheduled pull of the platforms.
 */
export default function MediaDetailPage() {
  const { t, i18n } = useTranslation('analysis');
  const lang = i18n.language;
  const [days, setDays] = useState<StatisticsDays>(7);
  const [profileId, setProfileId] = useState<string>(ALL);
  const stats = useQuery(socialStatisticsQuery({ Days: days, ...(profileId ? { ProfileId: profileId } : {}) }));
  // The filter's choices stay those of every profile, whatever is picked.
  const all = useQuery(socialStatisticsQuery({ Days: days }));
  const platform = (type: number) => t(`media.platforms.${type as 1}`);

  let body;
  if (stats.isError)
    body = <ErrorState message={t('loadFailed')} onRetry={() => void stats.refetch()} retryLabel={t('retry')} />;
  else if (!stats.data) body = <PageLoading label={t('loading')} />;
  else if (stats.data.Profiles.length === 0)
    body = (
      <EmptyState
        testId="media-empty"
        title={t('media.empty.title')}
        description={t('media.empty.description')}
        action={
          <Link href="/mkthub/socialMedialist" className="text-sm font-medium text-brand-700 underline">
            {t('media.empty.action')}
          </Link>
        }
      />
    );
  else {
    const summed = sumDays(stats.data.Profiles);
    const latest = summed[summed.length - 1];
    body = (
      <>
        <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="media-kpis">
          {CHART_METRICS.map((metric) => (
            <Card key={metric}>
              <p className="text-xs font-medium uppercase text-slate-500">{t(`media.chart.${metric}`)}</p>
              <p className="mt-1 text-2xl font-semibold text-slate-900">
                {formatCount(
                  metric === 'Follows'
                    ? (latest?.Follows ?? 0)
                    : summed.reduce((total, day) => total + day[metric as ChartMetricName], 0),
                  lang,
                )}
              </p>
            </Card>
          ))}
        </div>
        <Card title={t('media.chart.title')} className="mt-6">
          {summed.length ? (
            <LazyMetricsChart
              loadingLabel={t('loading')}
              title={t('media.chart.title')}
              testId="media-chart"
              points={summed.map((day) => ({
                label: day.Day.slice(5),
                values: Object.fromEntries(CHART_METRICS.map((m) => [m, day[m]])),
              }))}
              series={CHART_METRICS.map((m) => ({ key: m, name: t(`media.chart.${m}`) }))}
            />
          ) : (
            <p className="text-sm text-slate-500">{t('media.chart.none')}</p>
          )}
        </Card>
        <Card title={t('media.posts.title')} className="mt-6">
          <DataTable
            caption={t('media.posts.title')}
            testId="media-posts"
            rows={stats.data.Posts}
            rowKey={(row) => `${row.PostId}:${row.ProfileId}`}
            empty={{ title: t('media.posts.empty') }}
            columns={[
              {
                key: 'post',
                header: t('media.posts.post'),
                cell: (row) => (
                  <Link
                    href={`/analysis/media_performance/${row.PostId}/${row.PlatformType}`}
                    className="text-brand-700 underline"
                  >
                    {row.Text || row.PostId}
                  </Link>
                ),
              },
              {
                key: 'profile',
                header: t('media.posts.profile'),
                cell: (row) => `${platform(row.PlatformType)} · ${row.Name}`,
              },
              {
                key: 'metrics',
                header: t('media.posts.metrics'),
                cell: (row) =>
                  postMetricsOf(row.PlatformType).length === 0 ? (
                    t('media.posts.noMetrics')
                  ) : row.TakenAt === 0 ? (
                    t('media.posts.notYet')
                  ) : (
                    <dl className="flex flex-wrap gap-x-4 gap-y-1">
                      {postMetricsOf(row.PlatformType).map((name) => (
                        <div key={name} className="flex gap-1">
                          <dt className="text-slate-500">{t(`media.metrics.${name}`)}</dt>
                          <dd className="font-medium">
                            {name === 'EngagementRate'
                              ? `${row.Metrics[name] ?? 0}%`
                              : formatCount(row.Metrics[name] ?? 0, lang)}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ),
              },
            ]}
          />
        </Card>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl" data-testid="media-detail">
      <header className="mb-6">
        <h1 className="text-2xl font-semibold text-slate-900">{t('media.title')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('media.subtitle')}</p>
      </header>
      <Card className="mb-6">
        <div className="flex flex-wrap items-end gap-3">
          <Segmented
            label={t('media.days')}
            value={days}
            onChange={setDays}
            options={STATISTICS_DAYS.map((value) => ({ value, label: t('media.lastDays', { count: value }) }))}
            testId="media-days"
          />
          <Select
            label={t('media.profile')}
            className="w-72"
            value={profileId}
            onChange={setProfileId}
            options={[
              { value: ALL, label: t('media.allProfiles') },
              ...(all.data?.Profiles ?? []).map((p) => ({
                value: p.ProfileId,
                label: `${platform(p.PlatformType)} · ${p.Name}`,
              })),
            ]}
            testId="media-profile"
          />
        </div>
      </Card>
      {body}
    </div>
  );
}
