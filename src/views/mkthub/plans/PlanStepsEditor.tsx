import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { PLAN_CHANNELS, PLAN_LIMITS, type PlanChannel } from '../../../gateway/contract/actions/mkt-plans';
import type { mktPlanEditorMachine } from '../../../machines/mkt-plan-editor.machine';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';

/** The strategy of the plan form: goal, audience and the steps, all editable after generation. */
export function PlanStepsEditor({ editor }: { editor: ActorRefFrom<typeof mktPlanEditorMachine> }) {
  const { t } = useTranslation('mkthub');
  const content = useSelector(editor, (s) => s.context.form.content);
  const canAdd = useSelector(editor, (s) => s.can({ type: 'step.add' }));
  const steps = content?.Steps ?? [];

  return (
    <section aria-labelledby="plan-strategy" className="flex flex-col gap-4">
      <h2 id="plan-strategy" className="text-base font-semibold text-slate-900">
        {t('plans.form.strategy')}
      </h2>
      {content === null && <p className="text-sm text-slate-600">{t('plans.form.noStrategy')}</p>}
      {content !== null && (
        <>
          <Textarea
            label={t('plans.form.goal')}
            rows={2}
            value={content.Goal}
            counter={{ count: content.Goal.length, max: PLAN_LIMITS.summaryMax }}
            onValueChange={(value) => editor.send({ type: 'summary.change', field: 'Goal', value })}
          />
          <Textarea
            label={t('plans.form.audience')}
            rows={2}
            value={content.Audience}
            counter={{ count: content.Audience.length, max: PLAN_LIMITS.summaryMax }}
            onValueChange={(value) => editor.send({ type: 'summary.change', field: 'Audience', value })}
          />
        </>
      )}
      <ol className="flex flex-col gap-3">
        {steps.map((step, index) => (
          <li
            key={index}
            aria-label={t('plans.form.stepName', { number: index + 1 })}
            className="rounded-[var(--radius-herald)] border border-slate-200 p-3"
          >
            <div className="mb-2 flex flex-wrap items-end gap-3">
              <Select<PlanChannel>
                label={t('plans.form.stepChannel', { number: index + 1 })}
                value={step.Channel}
                options={PLAN_CHANNELS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
                onChange={(value) => editor.send({ type: 'step.change', index, step: { Channel: value } })}
                className="w-36"
              />
              <TextField
                label={t('plans.form.stepDay', { number: index + 1 })}
                type="number"
                min={0}
                max={PLAN_LIMITS.dayMax}
                value={String(step.Day)}
                onValueChange={(value) =>
                  editor.send({
                    type: 'step.change',
                    index,
                    step: { Day: Math.min(PLAN_LIMITS.dayMax, Math.max(0, Math.floor(Number(value) || 0))) },
                  })
                }
                className="w-28"
              />
              <Button variant="secondary" onClick={() => editor.send({ type: 'step.remove', index })}>
                {t('plans.form.removeStep', { number: index + 1 })}
              </Button>
            </div>
            <Textarea
              label={t('plans.form.stepText', { number: index + 1 })}
              rows={2}
              value={step.Text}
              counter={{ count: step.Text.trim().length, max: PLAN_LIMITS.stepTextMax }}
              error={step.Text.trim() ? undefined : t('plans.form.stepTextRequired')}
              onValueChange={(value) => editor.send({ type: 'step.change', index, step: { Text: value } })}
            />
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" disabled={!canAdd} onClick={() => editor.send({ type: 'step.add' })}>
          {t('plans.form.addStep')}
        </Button>
      </div>
    </section>
  );
}
