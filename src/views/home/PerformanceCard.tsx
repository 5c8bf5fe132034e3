import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { smsStatisticsQuery, smsTasksQuery } from '../../gateway/client/queries/sms';
import { mmsStatisticsQuery } from '../../gateway/client/queries/mms';
import { emailStatisticsQuery } from '../../gateway/client/queries/email-send';
import { waStatisticsQuery } from '../../gateway/client/queries/wa-send';
import { SessionActor } from '../shell/actors';
import { Card } from '../ui/Card';
import { quickRange } from '../ui/date-ranges';
import { QueryState } from './QueryState';

/** Spec 001 §2's overview channels with send statistics of their own, each linking to its overview. */
const CHANNEL_PAGES = {
  sms: '/sms/overview',
  mms: '/mms/overview',
  email: '/email/overview',
  whatsapp: '/whatsapp/overview',
};
type Totals = { Submit: number; Success: number; SuccessRate: number };

const number = (value: number, lang: string) => value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
const percent = (value: number, lang: string) =>
  `${value.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 })}%`;

/** The dashboard's performance overview (spec 001 §2, issue 18 §9): the last 7 days per channel, and the latest tasks. */
export function PerformanceCard() {
  const { t, i18n } = useTranslation('home');
  const lang = i18n.language;
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone) || 'UTC';
  const week = quickRange('last7d');
  const span = { BeginTime: week.start, EndTime: week.end, Granularity: 'day', TimeZone: timeZone } as const;
  const stats = useQuery(smsStatisticsQuery(span));
  const mms = useQuery(mmsStatisticsQuery(span));
  const email = useQuery(emailStatisticsQuery(span));
  const whatsapp = useQuery(waStatisticsQuery(span));
  const latest = useQuery(smsTasksQuery({ Page: 1, NumPerPage: 5 }));
  const totals = stats.data?.Totals;
  // A channel whose figures could not be read shows a dash rather than hold the whole card.
  const rows: [keyof typeof CHANNEL_PAGES, Totals | undefined][] = [
    ['sms', totals],
    ['mms', mms.data?.Totals],
    ['email', email.data?.Totals],
    ['whatsapp', whatsapp.data?.Totals],
  ];

  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <Card title={t('performance.title')}>
        {totals ? (
          <table className="w-full text-sm" data-testid="dashboard-performance">
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th className="py-1 font-medium">{t('performance.channel')}</th>
                <th className="py-1 text-right font-medium">{t('performance.sent')}</th>
                <th className="py-1 text-right font-medium">{t('performance.delivered')}</th>
                <th className="py-1 text-right font-medium">{t('performance.successRate')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {rows.map(([channel, figures]) => (
                <tr key={channel}>
                  <th scope="row" className="py-1.5 text-left font-medium">
                    <Link href={CHANNEL_PAGES[channel]} className="text-brand-700 hover:underline">
                      {t(`performance.channels.${channel}`)}
                    </Link>
                  </th>
                  <td className="py-1.5 text-right">{figures ? number(figures.Submit, lang) : '—'}</td>
                  <td className="py-1.5 text-right">{figures ? number(figures.Success, lang) : '—'}</td>
                  <td className="py-1.5 text-right">
                    {figures && figures.Submit > 0 ? percent(figures.SuccessRate, lang) : '—'}
                  </td>
                </tr>
              ))}
              <tr className="text-slate-400">
                <th scope="row" className="py-1.5 text-left font-normal">
                  {t('performance.channels.voice')}
                </th>
                <td colSpan={3} className="py-1.5 text-right text-xs">
                  {t('performance.notYet')}
                </td>
              </tr>
            </tbody>
          </table>
        ) : (
          <QueryState isPending={stats.isPending} isError={stats.isError} retry={() => void stats.refetch()} />
        )}
      </Card>
      <Card
        title={t('performance.latest')}
        action={
          <Link href="/sms/message" className="text-sm text-brand-700 underline">
            {t('performance.allTasks')}
          </Link>
        }
      >
        {latest.data ? (
          latest.data.Tasks.length === 0 ? (
            <p className="text-sm text-slate-600">
              {t('performance.noTasks')}{' '}
              <Link href="/sms/sending" className="text-brand-700 underline">
                {t('performance.send')}
              </Link>
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="dashboard-latest-tasks">
              {latest.data.Tasks.map((task) => (
                <li key={task.TaskId} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                  <Link
                    href={`/sms/task/${task.TaskId}/${task.AccountId}/${task.SessionNo}`}
                    className="min-w-0 truncate font-medium text-brand-700 hover:underline"
                  >
                    {task.TaskName}
                  </Link>
                  <span className="text-xs text-slate-500">
                    {t('performance.taskLine', {
                      count: task.TotalCount,
                      total: number(task.TotalCount, lang),
                      rate: percent(task.SuccessRate, lang),
                      time: dayjs.unix(task.CreateTime).format('YYYY-MM-DD HH:mm'),
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryState isPending={latest.isPending} isError={latest.isError} retry={() => void latest.refetch()} />
        )}
      </Card>
    </div>
  );
}
