import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { AI_TONES, type AiLanguage } from '../../../gateway/contract/actions/ai-text';
import { PLAN_AIMS, PLAN_CHANNELS, PLAN_TYPES, type PlanType } from '../../../gateway/contract/actions/mkt-plans';
import { mktPlanEditorMachine, planRefusal } from '../../../machines/mkt-plan-editor.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { PlanStepsEditor } from './PlanStepsEditor';

/** /mkthub/createplan/{aim} (?copy={Id} for a copy) and /mkthub/editplan/{Id}: the plan form. */
export default function PlanFormPage() {
  const { t, i18n } = useTranslation('mkthub');
  const text = useText();
  const [, navigate] = useLocation();
  const { aim, planId } = useParams<{ aim?: string; planId?: string }>();
  const copyId = new URLSearchParams(useSearch()).get('copy') ?? undefined;
  const language: AiLanguage = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const editor = useActorRef(mktPlanEditorMachine, {
    input: { planId, copyId: planId ? undefined : copyId, aim: Number(aim), language },
    inspect: inspectActor,
  });
  const state = useSelector(editor, (s) => (typeof s.value === 'string' ? s.value : 'editing'));
  const checkingName = useSelector(editor, (s) => s.matches({ editing: 'checkingName' }));
  const context = useSelector(editor, (s) => s.context);
  const canGenerate = useSelector(editor, (s) => s.can({ type: 'plan.generate' }));
  const canDraft = useSelector(editor, (s) => s.can({ type: 'plan.saveDraft' }));
  const canApply = useSelector(editor, (s) => s.can({ type: 'plan.apply' }));
  const { form } = context;
  const { fields: fieldErrors, message } = planRefusal(context.error);
  const nameError = context.nameTaken ? text('errors:PlanNameExists') : text(fieldErrors.name);
  const otherError = text(message);
  const busy = state === 'savingDraft' || state === 'submitting' || state === 'applying';

  useEffect(() => {
    if (state === 'saved') navigate('/mkthub/planlist');
    if (state === 'applied' && context.planId) navigate(`/mkthub/detailsplan/${context.planId}`);
  }, [state, navigate, context.planId]);

  const title = planId ? t('titles.editPlan') : copyId ? t('titles.copyPlan') : t('titles.createPlan');
  if (state === 'loading' || state === 'starting') return <PageFrame title={title}>{t('plans.loading')}</PageFrame>;
  if (state === 'loadFailed')
    return (
      <PageFrame title={title}>
        <p role="alert" className="mb-3 text-sm text-red-700">
          {text(planRefusal(context.error).message)}
        </p>
        <Button onClick={() => editor.send({ type: 'load.retry' })}>{t('plans.retry')}</Button>
      </PageFrame>
    );
  if (state === 'notEditable')
    return (
      <PageFrame title={title}>
        <p className="mb-3 text-sm text-slate-700">{t('plans.form.notEditable')}</p>
        <Link href={`/mkthub/detailsplan/${planId}`} className="text-sm font-medium text-brand-700 hover:underline">
          {t('plans.detail')}
        </Link>
      </PageFrame>
    );

  return (
    <PageFrame title={title} description={t('plans.form.subtitle')}>
      <LeaveGuard dirty={context.dirty && state !== 'saved' && state !== 'applied'} />
      <Card>
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            editor.send({ type: 'plan.apply' });
          }}
        >
          {otherError && (
            <p role="alert" className="rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {otherError}
            </p>
          )}
          <TextField
            label={t('plans.form.name')}
            value={form.name}
            maxLength={64}
            error={nameError || undefined}
            hint={checkingName ? t('plans.form.checkingName') : undefined}
            onValueChange={(value) => editor.send({ type: 'name.change', value })}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('plans.form.aim')}</legend>
            <div className="flex gap-4">
              {PLAN_AIMS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="plan-aim"
                    checked={form.aim === value}
                    onChange={() => editor.send({ type: 'aim.set', aim: value })}
                  />
                  {t(`plans.aims.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('plans.form.industry')}
              value={form.industry}
              maxLength={64}
              error={text(fieldErrors.industry) || undefined}
              onValueChange={(value) => editor.send({ type: 'text.change', field: 'industry', value })}
            />
            <TextField
              label={t('plans.form.productCategory')}
              value={form.productCategory}
              maxLength={64}
              error={text(fieldErrors.productCategory) || undefined}
              onValueChange={(value) => editor.send({ type: 'text.change', field: 'productCategory', value })}
            />
            <Select<PlanType>
              label={t('plans.form.type')}
              value={form.type}
              options={PLAN_TYPES.map((value) => ({ value, label: t(`plans.types.${value}`) }))}
              onChange={(value) => editor.send({ type: 'type.set', value })}
            />
            <Select
              label={t('plans.form.tone')}
              value={form.tone}
              options={AI_TONES.map((value) => ({ value, label: t(`plans.tones.${value}`) }))}
              onChange={(value) => editor.send({ type: 'tone.set', value })}
            />
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('plans.form.channels')}</legend>
            <div className="flex gap-4">
              {PLAN_CHANNELS.map((channel) => (
                <label key={channel} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={form.channels.includes(channel)}
                    onChange={() => editor.send({ type: 'channel.toggle', channel })}
                  />
                  {t(`kinds.${channel}`)}
                </label>
              ))}
            </div>
            {(form.channels.length === 0 || fieldErrors.channels) && (
              <p className="mt-1 text-xs text-slate-600">{t('plans.form.channelsHint')}</p>
            )}
          </fieldset>
          <Textarea
            label={t('plans.form.brief')}
            rows={4}
            value={form.brief}
            counter={{ count: form.brief.trim().length, max: 2000 }}
            hint={t('plans.form.briefHint')}
            onValueChange={(value) => editor.send({ type: 'text.change', field: 'brief', value })}
          />
          <div className="flex items-center gap-3">
            <Button
              variant="secondary"
              disabled={!canGenerate}
              loading={state === 'generating'}
              onClick={() => editor.send({ type: 'plan.generate' })}
            >
              {state === 'generating' ? t('plans.form.generating') : t('plans.form.generate')}
            </Button>
            {state === 'generating' && (
              <Button variant="ghost" onClick={() => editor.send({ type: 'generate.cancel' })}>
                {t('plans.form.cancelGenerate')}
              </Button>
            )}
          </div>
          <PlanStepsEditor editor={editor} />
          {fieldErrors.content && <p className="text-sm text-red-700">{text(fieldErrors.content)}</p>}
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
            <Button type="submit" disabled={!canApply} loading={state === 'submitting' || state === 'applying'}>
              {t('plans.form.saveApply')}
            </Button>
            <Button
              variant="secondary"
              disabled={!canDraft || busy}
              loading={state === 'savingDraft'}
              onClick={() => editor.send({ type: 'plan.saveDraft' })}
            >
              {t('plans.form.saveDraft')}
            </Button>
          </div>
        </form>
      </Card>
    </PageFrame>
  );
}
