import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { planDetailQuery } from '../../../gateway/client/queries/mkt-plans';
import { mktPlanLifecycle } from '../../../machines/lifecycles/mkt-plan.machine';
import { formatTime } from '../../common/format';
import { gatewayMessage } from '../../gateway-bridge';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { PLAN_STATUS_TONE, planStatusKey } from './plan-view';
import { PlanExampleDialog } from './PlanExampleDialog';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

/** /mkthub/detailsplan/{Id}: the plan read-only, with its workflow once applied. */
export default function PlanDetailPage() {
  const { t } = useTranslation('mkthub');
  const { planId } = useParams<{ planId: string }>();
  const plan = useQuery(planDetailQuery(planId));
  const [mailing, setMailing] = useState(false);
  const title = t('titles.planDetail');
  if (plan.isPending) return <PageFrame title={title}>{t('plans.loading')}</PageFrame>;
  if (plan.isError)
    return (
      <PageFrame title={title}>
        <p role="alert" className="mb-3 text-sm text-red-700">
          {gatewayMessage(plan.error) ?? t('plans.loadFailedOne')}
        </p>
        <Button onClick={() => void plan.refetch()}>{t('plans.retry')}</Button>
      </PageFrame>
    );
  const data = plan.data;
  const facts: [string, string][] = [
    [t('plans.columns.aim'), t(`plans.aims.${data.Aim as 1}`)],
    [t('plans.form.industry'), data.Industry],
    [t('plans.form.productCategory'), data.ProductCategory],
    [t('plans.form.type'), t(`plans.types.${data.Type as 'promotion'}`)],
    [t('plans.form.tone'), t(`plans.tones.${data.Tone as 'friendly'}`)],
    [t('plans.columns.channels'), data.Channels.map((kind) => t(`kinds.${kind as 'sms'}`)).join(' · ')],
    [t('plans.columns.updated'), formatTime(data.UpdateTime)],
  ];

  return (
    <PageFrame
      title={data.Name}
      description={title}
      actions={
        <div className="flex gap-3">
          {mktPlanLifecycle.can(data.Status, 'plan.saveDraft') && (
            <Link href={`/mkthub/editplan/${data.PlanId}`} className={linkClass}>
              {t('plans.edit')}
            </Link>
          )}
          <Link href={`/mkthub/createplan/${data.Aim}?copy=${data.PlanId}`} className={linkClass}>
            {t('plans.copy')}
          </Link>
          <button type="button" className={linkClass} onClick={() => setMailing(true)}>
            {t('plans.example.open')}
          </button>
        </div>
      }
    >
      <Card>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <Badge tone={PLAN_STATUS_TONE[data.Status] ?? 'neutral'}>{t(planStatusKey(data.Status))}</Badge>
          {data.SeqId && (
            <Link href={`/mkthub/editworkflow/${data.SeqId}`} className={linkClass}>
              {t('plans.openWorkflow')}
            </Link>
          )}
          {data.SeqId && (
            <Link href={`/mkthub/overviewplan/${data.PlanId}`} className={linkClass}>
              {t('plans.overview.link')}
            </Link>
          )}
        </div>
        {data.SeqId && <p className="mb-4 text-sm text-slate-600">{t('plans.appliedHint')}</p>}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card className="mt-4">
        <h2 className="mb-3 text-base font-semibold text-slate-900">{t('plans.form.strategy')}</h2>
        {data.Content === null ? (
          <p className="text-sm text-slate-600">{t('plans.form.noStrategy')}</p>
        ) : (
          <>
            <p className="mb-1 text-sm">
              <span className="font-medium">{t('plans.form.goal')}: </span>
              {data.Content.Goal}
            </p>
            <p className="mb-3 text-sm">
              <span className="font-medium">{t('plans.form.audience')}: </span>
              {data.Content.Audience}
            </p>
            <ol className="flex flex-col gap-2">
              {data.Content.Steps.map((step, index) => (
                <li key={index} className="rounded-[var(--radius-herald)] border border-slate-200 p-3 text-sm">
                  <p className="mb-1 font-medium text-slate-700">
                    {t('plans.stepSummary', { day: step.Day, channel: t(`kinds.${step.Channel}`) })}
                  </p>
                  <p className="whitespace-pre-wrap text-slate-900">{step.Text}</p>
                </li>
              ))}
            </ol>
          </>
        )}
      </Card>
      <PlanExampleDialog planId={data.PlanId} open={mailing} onClose={() => setMailing(false)} />
    </PageFrame>
  );
}
