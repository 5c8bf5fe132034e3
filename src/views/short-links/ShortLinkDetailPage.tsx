import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { shortLinkQuery, shortLinkStatisticsQuery } from '../../gateway/client/queries/short-links';
import type { ShortLink, ShortLinkStatistics } from '../../gateway/contract/actions/short-links';
import { LazyVisitsChart } from '../common/charts/LazyVisitsChart';
import { formatTime } from '../common/format';
import { Card } from '../ui/Card';
import { ErrorState } from '../ui/EmptyState';
import { PageFrame } from '../ui/PageFrame';
import { Spinner } from '../ui/Spinner';
import { BreakdownTable } from './BreakdownTable';
import { CopyButton } from './CopyButton';
import { QrCodePanel } from './QrCodePanel';

function Figure({ label, value }: { label: string; value: number }) {
  const { i18n } = useTranslation();
  return (
    <div role="group" aria-label={label} className="rounded-[var(--radius-herald)] bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-xs uppercase text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value.toLocaleString(i18n.language)}</dd>
    </div>
  );
}

function Statistics({ stats }: { stats: ShortLinkStatistics }) {
  const { t, i18n } = useTranslation('shortLinks');
  const regionNames = new Intl.DisplayNames([i18n.language === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
  const languageNames = new Intl.DisplayNames([i18n.language === 'zh' ? 'zh-CN' : 'en'], { type: 'language' });
  const safe = (names: Intl.DisplayNames) => (code: string) => {
    try {
      return `${names.of(code) ?? code} (${code})`;
    } catch {
      return code;
    }
  };
  return (
    <>
      <p className="text-sm text-slate-600" data-testid="short-link-refreshed">
        {stats.RefreshTime
          ? t('detail.refreshed', { time: formatTime(stats.RefreshTime) })
          : t('detail.neverRefreshed')}
      </p>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label={t('detail.pv')} value={stats.Pv} />
        <Figure label={t('detail.uv')} value={stats.Uv} />
        <Figure label={t('detail.clicks')} value={stats.Clicks} />
        <Figure label={t('detail.qrScans')} value={stats.QrScans} />
      </dl>
      <Card title={t('detail.daily')}>
        {stats.Daily.length === 0 ? (
          <p className="text-sm text-slate-500">{t('detail.noVisits')}</p>
        ) : (
          <LazyVisitsChart
            loadingLabel={t('detail.loading')}
            points={stats.Daily.map((d) => ({ label: d.Day, pv: d.Pv, uv: d.Uv }))}
            labels={{ title: t('detail.daily'), pv: t('detail.dailyPv'), uv: t('detail.dailyUv') }}
          />
        )}
      </Card>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <BreakdownTable title={t('detail.locations')} rows={stats.Locations} nameOf={safe(regionNames)} />
        <BreakdownTable title={t('detail.referrers')} rows={stats.Referrers} />
        <BreakdownTable title={t('detail.devices')} rows={stats.Devices} />
        <BreakdownTable title={t('detail.systems')} rows={stats.Systems} />
        <BreakdownTable title={t('detail.browsers')} rows={stats.Browsers} />
        <BreakdownTable title={t('detail.languages')} rows={stats.Languages} nameOf={safe(languageNames)} />
      </div>
    </>
  );
}

function LinkCard({ link }: { link: ShortLink }) {
  const { t } = useTranslation('shortLinks');
  const utm = [
    ['utm_source', link.UtmSource],
    ['utm_medium', link.UtmMedium],
    ['utm_campaign', link.UtmCampaign],
    ['utm_term', link.UtmTerm],
    ['utm_content', link.UtmContent],
  ].filter(([, value]) => value);
  return (
    <Card title={link.Title}>
      <div className="flex flex-wrap gap-8">
        <dl className="grid min-w-0 flex-1 gap-2 text-sm">
          <dt className="text-slate-500">{t('detail.shortUrl')}</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code>{link.ShortUrl}</code>
            <CopyButton text={link.ShortUrl} />
          </dd>
          <dt className="text-slate-500">{t('detail.qrUrl')}</dt>
          <dd>
            <code>{link.QrUrl}</code>
          </dd>
          <dt className="text-slate-500">{t('detail.originalUrl')}</dt>
          <dd className="break-all">{link.OriginalUrl}</dd>
          <dt className="text-slate-500">{t('detail.utm')}</dt>
          <dd>{utm.map(([name, value]) => `${name}=${value}`).join(' · ')}</dd>
        </dl>
        <QrCodePanel url={link.QrUrl} fileName={`short-link-${link.LinkId}`} />
      </div>
    </Card>
  );
}

/** /tool/short-link/detail?id=SL…: the link, its QR code and the statistics of the last refresh. */
export default function ShortLinkDetailPage() {
  const { t } = useTranslation('shortLinks');
  const linkId = new URLSearchParams(useSearch()).get('id') ?? '';
  const link = useQuery({ ...shortLinkQuery(linkId), enabled: linkId !== '' });
  const stats = useQuery({ ...shortLinkStatisticsQuery(linkId), enabled: linkId !== '' });
  return (
    <PageFrame
      title={t('titles.detail')}
      testId="short-link-detail"
      actions={
        <Link href="/tool/short-link" className="text-sm font-medium text-brand-700 hover:underline">
          {t('detail.back')}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        {link.isLoading && <Spinner className="h-6 w-6" label={t('detail.loading')} />}
        {(linkId === '' || link.isError) && <ErrorState message={t('detail.notFound')} />}
        {link.data && <LinkCard link={link.data} />}
        {link.data && stats.data && <Statistics stats={stats.data} />}
      </div>
    </PageFrame>
  );
}
