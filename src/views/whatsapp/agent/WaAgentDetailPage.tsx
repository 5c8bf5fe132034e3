import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { cancelWaAgentMutation } from '../../../gateway/client/mutations/wa-agent';
import { waAgentTaskQuery } from '../../../gateway/client/queries/wa-agent';
import type { WaAgentTask } from '../../../gateway/contract/actions/wa-agent';
import { findCountry } from '../../../gateway/contract/countries';
import { waAgentTaskLifecycle } from '../../../machines/lifecycles/wa-agent-task.machine';
import { countryLabel, formatCount, formatTime } from '../../common/format';
import { useNotify } from '../../shell/actors';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import { CancelCampaignDialog } from './CancelCampaignDialog';
import { useMoney, WA_AGENT_GROUP_TONE, WA_AGENT_LABEL_TONE, WA_AGENT_LIST_PATH } from './labels';

type Stage = 'created' | 'analyzing' | 'analyzed' | 'sending' | 'finished';
const stageTimes = (task: WaAgentTask): [Stage, number | null][] => [
  ['created', task.CreateTime],
  ['analyzing', task.AnalyzingTime],
  ['analyzed', task.AnalyzedTime],
  ['sending', task.SendingTime],
  ['finished', task.FinishTime],
];

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{value}</dd>
    </div>
  );
}

/** /whatsapp/agent-detail/{taskId}: stages, counts, charge and refund, and cancel while the lifecycle allows. */
export default function WaAgentDetailPage() {
  const { taskId = '' } = useParams<{ taskId: string }>();
  const { t, i18n } = useTranslation('waAgent');
  const client = useQueryClient();
  const notify = useNotify();
  const money = useMoney();
  const task = useQuery(waAgentTaskQuery(taskId));
  const cancel = useMutation(cancelWaAgentMutation(client));
  const [asking, setAsking] = useState(false);
  const lang = i18n.language;
  const back = (
    <Link href={WA_AGENT_LIST_PATH} className="text-sm font-medium text-brand-700 hover:underline">
      {t('form.back')}
    </Link>
  );
  if (task.isPending) return <PageLoading label={t('detail.loading')} />;
  if (task.isError)
    return (
      <PageFrame title={t('titles.detail')} actions={back}>
        <ErrorState message={t('detail.notFound')} onRetry={() => void task.refetch()} retryLabel={t('detail.retry')} />
      </PageFrame>
    );
  const data = task.data;
  const country = findCountry(data.CountryCode);
  const reason = data.FailReason
    ? t(`detail.reasonText.${data.FailReason}` as never, { defaultValue: data.FailReason })
    : '';

  return (
    <PageFrame title={data.Name} description={data.TaskId} actions={back}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Badge tone={WA_AGENT_GROUP_TONE[data.Group]}>{t(`status.${data.Status}` as 'status.1')}</Badge>
        {data.Labels.map((label) => (
          <Badge key={label} tone={WA_AGENT_LABEL_TONE[label]}>
            {t(`label.${label}`)}
          </Badge>
        ))}
        {waAgentTaskLifecycle.can(data.Status, 'task.cancel') && (
          <Button variant="danger" onClick={() => setAsking(true)} className="ml-auto">
            {t('detail.cancel')}
          </Button>
        )}
      </div>
      {reason && (
        <p role="status" className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-800">
          {reason}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('detail.timeline')}>
          <ol className="flex flex-col gap-2" aria-label={t('detail.timeline')}>
            {stageTimes(data).map(([stage, at]) => (
              <li key={stage} className="flex items-center gap-3 text-sm">
                <span className={`h-2.5 w-2.5 rounded-full ${at ? 'bg-brand-600' : 'bg-slate-300'}`} aria-hidden />
                <span className={at ? 'text-slate-800' : 'text-slate-400'}>{t(`detail.stage.${stage}`)}</span>
                <span className="ml-auto text-xs text-slate-500">{at ? formatTime(at) : t('detail.pending')}</span>
              </li>
            ))}
          </ol>
          <dl className="mt-4 border-t border-slate-100 pt-2">
            <Row label={t('detail.expected')} value={`${data.ExpectedSendTime} (${data.TimeZone})`} />
            <Row label={t('detail.country')} value={country ? countryLabel(country, lang) : data.CountryCode} />
          </dl>
        </Card>
        <Card title={t('detail.counts')}>
          <dl>
            <Row label={t('detail.total')} value={formatCount(data.TotalCount, lang)} />
            <Row label={t('detail.invalid')} value={formatCount(data.InvalidCount, lang)} />
            <Row label={t('detail.duplicates')} value={formatCount(data.DuplicateCount, lang)} />
            <Row label={t('detail.sent')} value={formatCount(data.SentCount, lang)} />
            <Row label={t('detail.failed')} value={formatCount(data.FailedCount, lang)} />
          </dl>
        </Card>
        <Card title={t('detail.money')}>
          <dl data-testid="agent-money">
            <Row label={t('detail.price')} value={money(data.Price, 4)} />
            <Row label={t('detail.charged')} value={money(data.Charged)} />
            <Row label={t('detail.refunded')} value={money(data.Refunded)} />
            <Row label={t('detail.net')} value={money(data.Charged - data.Refunded)} />
          </dl>
        </Card>
        <Card title={t('detail.content')}>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{data.Content}</p>
          {data.MediaFileId && (
            <p className="mt-2 text-xs text-slate-500">{t('detail.media', { id: data.MediaFileId })}</p>
          )}
        </Card>
      </div>
      <CancelCampaignDialog
        task={asking ? data : null}
        cancel={cancel}
        onCancelled={(refunded) => notify(t('detail.cancelled', { amount: money(refunded) }))}
        onClose={() => setAsking(false)}
      />
    </PageFrame>
  );
}
