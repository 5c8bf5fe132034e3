import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { planDetailQuery } from '../../../gateway/client/queries/mkt-plans';
import type { PlanData } from '../../../gateway/contract/actions/mkt-plans';
import { planDocument } from '../../../gateway/contract/workflow/plan-document';
import { mktPlanLifecycle } from '../../../machines/lifecycles/mkt-plan.machine';
import { planApplyMachine } from '../../../machines/plan-apply.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import { PLAN_STATUS_TONE, planStatusKey } from './plan-view';

const linkClass = 'text-sm font-medium text-brand-700 underline';
const primaryLink =
  'rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700';

/** /mkthub/applyplan/{Id}: the journey a submitted plan becomes, then "Apply plan" makes it (planApply). */
export default function PlanApplyPage() {
  const { t } = useTranslation('mkthub');
  const { planId = '' } = useParams<{ planId: string }>();
  const plan = useQuery(planDetailQuery(planId));
  const title = t('titles.applyPlan');
  if (plan.isPending)
    return (
      <PageFrame title={title}>
        <PageLoading label={t('plans.loading')} />
      </PageFrame>
    );
  if (plan.isError)
    return (
      <PageFrame title={title}>
        <ErrorState
          message={t('plans.loadFailedOne')}
          onRetry={() => void plan.refetch()}
          retryLabel={t('plans.retry')}
        />
      </PageFrame>
    );
  return (
    <PageFrame title={plan.data.Name} description={title}>
      <ApplyPanel key={plan.data.PlanId} plan={plan.data} />
    </PageFrame>
  );
}

/** The journey's steps in order, as applying draws them on the canvas. */
function JourneyOutline({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('mkthub');
  const document = planDocument(plan.Content ?? { Goal: '', Audience: '', Steps: [] });
  return (
    <ol className="flex flex-col gap-2" aria-label={t('plans.applyPage.outline')}>
      {document.nodes.map((node) => (
        <li key={node.id} className="rounded-[var(--radius-herald)] border border-slate-200 px-3 py-2 text-sm">
          {node.kind === 'delay'
            ? t('plans.applyPage.wait', { count: node.config.amount })
            : node.kind === 'trigger'
              ? t('plans.applyPage.trigger')
              : node.kind === 'exit'
                ? t('plans.applyPage.exit')
                : t('plans.applyPage.send', { channel: t(`kinds.${node.kind as 'sms'}`) })}
        </li>
      ))}
    </ol>
  );
}

function ApplyPanel({ plan }: { plan: PlanData }) {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(planApplyMachine, {
    input: { client, id: plan.PlanId, status: plan.Status },
    inspect: inspectActor,
  });
  const step = useSelector(actor, (s) => String(s.value));
  const { error, result } = useSelector(actor, (s) => s.context);
  const canApply = useSelector(actor, (s) => s.can({ type: 'apply.confirm' }));
  const editable = mktPlanLifecycle.can(plan.Status, 'plan.saveDraft');

  return (
    <div className="flex flex-col gap-6">
      <Card
        title={t('plans.applyPage.journeyCard')}
        action={<Badge tone={PLAN_STATUS_TONE[plan.Status] ?? 'neutral'}>{t(planStatusKey(plan.Status))}</Badge>}
      >
        <p className="mb-3 text-sm text-slate-600">{t('plans.applyPage.body')}</p>
        <JourneyOutline plan={plan} />
      </Card>
      <Card title={t('plans.applyPage.applyCard')}>
        {step === 'applied' && result ? (
          <div role="status" className="flex flex-col items-start gap-3">
            <h2 className="text-lg font-semibold text-emerald-700">{t('plans.applyPage.applied')}</h2>
            <p className="text-sm text-slate-600">{t('plans.appliedHint')}</p>
            <Link href={`/mkthub/editworkflow/${result.SeqId}`} className={primaryLink}>
              {t('plans.openWorkflow')}
            </Link>
          </div>
        ) : !canApply && step === 'ready' ? (
          <p className="text-sm text-slate-600">
            {plan.SeqId ? t('plans.applyPage.already') : t('plans.applyPage.submitFirst')}{' '}
            <Link
              href={plan.SeqId ? `/mkthub/overviewplan/${plan.PlanId}` : `/mkthub/editplan/${plan.PlanId}`}
              className={linkClass}
            >
              {plan.SeqId ? t('plans.overview.link') : t('plans.edit')}
            </Link>
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            {step === 'failed' && (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
                {text(error)}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {step === 'failed' ? (
                <Button onClick={() => actor.send({ type: 'apply.retry' })}>{t('plans.retry')}</Button>
              ) : (
                <Button loading={step === 'applying'} onClick={() => actor.send({ type: 'apply.confirm' })}>
                  {t('plans.applyPage.button')}
                </Button>
              )}
              {editable && (
                <Link
                  href={`/mkthub/editplan/${plan.PlanId}`}
                  className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  {t('plans.edit')}
                </Link>
              )}
            </div>
          </div>
        )}
      </Card>
    </div>
  );
}
