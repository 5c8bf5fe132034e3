import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AIGC_CATEGORIES,
  AIGC_INDUSTRIES,
  AIGC_LIMITS,
  aigcCreateInput,
  type AigcCategory,
  type AigcIndustry,
} from '../../../gateway/contract/actions/aigc';
import { fieldErrorsOf } from '../../../gateway/contract/field-errors';
import { aigcGenerationMachine } from '../../../machines/aigc-generation.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { GenerationProgress } from '../../common/ai/GenerationProgress';
import { useFieldError } from '../../common/useFieldError';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { Textarea } from '../../ui/Textarea';
import { DesignResult } from './DesignResult';
import { ReferenceField, type Reference } from './ReferenceField';

/**
 * The generation form: the shared contract checks each field as it is typed; the aigcGeneration machine starts
 * the image and waits for it. `runningTaskId` (a design still running when the page opened) resumes the wait.
 */
export function GenerateCard({ runningTaskId }: { runningTaskId: string | null }) {
  const { t } = useTranslation('library');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(aigcGenerationMachine, { input: { client }, inspect: inspectActor });
  const state = useSelector(actor, (s) => s.value as string);
  const design = useSelector(actor, (s) => s.context.design);
  const error = useSelector(actor, (s) => s.context.error);
  const [prompt, setPrompt] = useState('');
  const [width, setWidth] = useState('512');
  const [height, setHeight] = useState('512');
  const [category, setCategory] = useState<AigcCategory>('social');
  const [industry, setIndustry] = useState<AigcIndustry>('retail');
  const [reference, setReference] = useState<Reference | null>(null);
  const [optimization, setOptimization] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (runningTaskId && actor.getSnapshot().matches('idle'))
      actor.send({ type: 'generate.resume', taskId: runningTaskId });
  }, [actor, runningTaskId]);

  const request = {
    Prompt: prompt,
    Width: Number(width),
    Height: Number(height),
    Category: category,
    Industry: industry,
    ...(reference ? { ReferenceFileId: reference.fileId } : {}),
    ...(reference && optimization.trim() ? { Optimization: optimization } : {}),
  };
  const errors = fieldErrorsOf(aigcCreateInput, request, {});
  const fieldError = useFieldError(touched ? errors : {});
  const busy = state === 'submitting' || state === 'waiting' || state === 'checking';

  return (
    <Card title={t('creative.generateTitle')}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (Object.keys(errors).length === 0)
            actor.send({ type: 'generate.start', request: aigcCreateInput.parse(request) });
        }}
      >
        <Textarea
          label={t('creative.prompt')}
          hint={t('creative.promptHint')}
          rows={3}
          value={prompt}
          onValueChange={setPrompt}
          counter={{ count: prompt.trim().length, max: AIGC_LIMITS.promptMax }}
          error={fieldError('Prompt')}
          disabled={busy}
        />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label={t('creative.width')}
            type="number"
            inputMode="numeric"
            min={AIGC_LIMITS.sizeMin}
            max={AIGC_LIMITS.sizeMax}
            value={width}
            onValueChange={setWidth}
            error={fieldError('Width')}
            disabled={busy}
          />
          <TextField
            label={t('creative.height')}
            type="number"
            inputMode="numeric"
            min={AIGC_LIMITS.sizeMin}
            max={AIGC_LIMITS.sizeMax}
            value={height}
            onValueChange={setHeight}
            error={fieldError('Height')}
            disabled={busy}
          />
          <Select<AigcCategory>
            label={t('creative.category')}
            value={category}
            options={AIGC_CATEGORIES.map((value) => ({ value, label: t(`creative.categories.${value}`) }))}
            onChange={setCategory}
            disabled={busy}
          />
          <Select<AigcIndustry>
            label={t('creative.industry')}
            value={industry}
            options={AIGC_INDUSTRIES.map((value) => ({ value, label: t(`creative.industries.${value}`) }))}
            onChange={setIndustry}
            disabled={busy}
          />
        </div>
        <ReferenceField
          reference={reference}
          onChange={setReference}
          error={fieldError('ReferenceFileId')}
          disabled={busy}
        />
        {reference && (
          <Textarea
            label={t('creative.optimization')}
            hint={t('creative.optimizationHint', { min: AIGC_LIMITS.optimizationMin })}
            rows={3}
            value={optimization}
            onValueChange={setOptimization}
            counter={{ count: optimization.trim().length, max: AIGC_LIMITS.optimizationMax }}
            error={fieldError('Optimization')}
            disabled={busy}
          />
        )}
        <div>
          <Button type="submit" loading={state === 'submitting'} disabled={busy}>
            {t('creative.generate')}
          </Button>
        </div>
      </form>
      {(state === 'waiting' || state === 'checking') && <GenerationProgress message={t('creative.generating')} />}
      {(state === 'refused' || state === 'lost') && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-700">
          <span>{text(error)}</span>
          <Button variant="secondary" onClick={() => actor.send({ type: 'generate.retry' })}>
            {t('creative.retry')}
          </Button>
        </div>
      )}
      {state === 'failed' && design && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t(`creative.reasons.${design.Reason as 'refused'}`)}
        </p>
      )}
      {state === 'done' && design && (
        <div className="mt-4">
          <DesignResult design={design} />
        </div>
      )}
    </Card>
  );
}
