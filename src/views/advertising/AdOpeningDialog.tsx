import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  adOpeningDetailFields,
  adOpeningMachine,
  adOpeningRequest,
  type AdOpeningValues,
} from '../../machines/ad-opening.machine';
import {
  AD_FIELD_CHOICES,
  AD_INDUSTRIES,
  AD_LINK_FIELDS,
  AD_OPENING_COMMON_FIELDS,
  AD_PLATFORMS,
  type AdIndustry,
  type AdPlatformId,
} from '../../gateway/contract/advertising';
import { inspectActor } from '../../statecharts/inspection-bus';
import { useText } from '../common/useText';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

type FieldLabel = 'form.fields.AccountName';
const STEP_NUMBER: Record<string, number> = {
  platform: 1,
  company: 2,
  details: 3,
  confirm: 4,
  submitting: 4,
  failed: 4,
};

/** The opening application (adOpening machine): platform, company and account, the platform's own fields, check. */
export function AdOpeningDialog({ platformId, onClose }: { platformId: AdPlatformId; onClose: () => void }) {
  const { t } = useTranslation('advertising');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(adOpeningMachine, { input: { client, platformId }, inspect: inspectActor });
  const step = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const applicationId = useSelector(actor, (s) => s.context.applicationId);
  const platformName = t(`platforms.${values.PlatformId || platformId}` as 'platforms.1');

  const change = (field: string, value: string) => actor.send({ type: 'field.change', field, value });
  const label = (field: string) => t(`form.fields.${field}` as FieldLabel);
  const field = (name: string) => (
    <FormField
      key={name}
      name={name}
      values={values}
      error={text(fieldErrors[name])}
      label={label(name)}
      onChange={change}
    />
  );

  const footer =
    step === 'submitted' ? (
      <>
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.reset' })}>
          {t('form.another')}
        </Button>
        <Button onClick={onClose}>{t('form.close')}</Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={step === 'platform' ? onClose : () => actor.send({ type: 'step.back' })}>
          {step === 'platform' ? t('form.cancel') : t('form.back')}
        </Button>
        {step === 'confirm' || step === 'submitting' || step === 'failed' ? (
          <Button onClick={() => actor.send({ type: 'form.submit' })} loading={step === 'submitting'}>
            {t('form.submit')}
          </Button>
        ) : (
          <Button onClick={() => actor.send({ type: 'step.next' })}>{t('form.next')}</Button>
        )}
      </>
    );

  return (
    <Dialog open onClose={onClose} title={t('form.title')} size="lg" testId="ad-opening-dialog" footer={footer}>
      {step === 'submitted' ? (
        <p role="status">{t('form.submitted', { id: applicationId })}</p>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-slate-500">
            {t('form.stepOf', { n: STEP_NUMBER[step] })} ·{' '}
            <strong>
              {t(
                `form.steps.${step === 'submitting' || step === 'failed' ? 'confirm' : step}` as 'form.steps.platform',
                { platform: platformName },
              )}
            </strong>
          </p>
          {error && (
            <p role="alert" className="rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {text(error)}
            </p>
          )}
          {step === 'platform' && (
            <Select
              label={label('PlatformId')}
              value={values.PlatformId || null}
              options={AD_PLATFORMS.map((p) => ({
                value: String(p.id),
                label: t(`platforms.${p.id}` as 'platforms.1'),
              }))}
              error={text(fieldErrors.PlatformId)}
              onChange={(value) => change('PlatformId', value)}
            />
          )}
          {step === 'company' && <div className="grid gap-4 md:grid-cols-2">{AD_OPENING_COMMON_FIELDS.map(field)}</div>}
          {step === 'details' && (
            <div className="grid gap-4 md:grid-cols-2">{adOpeningDetailFields(values).map(field)}</div>
          )}
          {(step === 'confirm' || step === 'submitting' || step === 'failed') && (
            <Summary values={values} label={label} />
          )}
        </div>
      )}
    </Dialog>
  );
}

function Summary({ values, label }: { values: AdOpeningValues; label: (field: string) => string }) {
  const request = adOpeningRequest(values) as Record<string, unknown>;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {Object.entries(request)
        .filter(([name]) => name !== 'PlatformId')
        .map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500">{label(name)}</dt>
            <dd className="break-all">{String(value)}</dd>
          </div>
        ))}
    </dl>
  );
}

function FormField({
  name,
  values,
  label,
  error,
  onChange,
}: {
  name: string;
  values: AdOpeningValues;
  label: string;
  error: string;
  onChange: (field: string, value: string) => void;
}) {
  const { t } = useTranslation('advertising');
  const choices =
    name === 'Industry'
      ? Object.keys(AD_INDUSTRIES)
      : name === 'SubIndustry'
        ? (AD_INDUSTRIES[values.Industry as AdIndustry] ?? [])
        : AD_FIELD_CHOICES[name as keyof typeof AD_FIELD_CHOICES];
  if (choices) {
    const optionLabel = (value: string) =>
      name === 'Industry' || name === 'SubIndustry'
        ? t(`form.industries.${value}` as 'form.industries.apps')
        : name === 'Currency' || name === 'TimeZone'
          ? value
          : t(`form.choices.${value}` as 'form.choices.yes');
    return (
      <Select
        label={label}
        value={values[name] || null}
        placeholder={t('form.choose')}
        options={choices.map((value) => ({ value, label: optionLabel(value) }))}
        error={error}
        onChange={(value) => onChange(name, value)}
      />
    );
  }
  return (
    <TextField
      label={label}
      value={values[name] ?? ''}
      error={error}
      inputMode={name === 'Quantity' ? 'numeric' : undefined}
      hint={AD_LINK_FIELDS.includes(name) ? t('form.linkHint') : undefined}
      onValueChange={(value) => onChange(name, value)}
    />
  );
}
