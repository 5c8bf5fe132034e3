import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { memo, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { smsCountriesQuery } from '../../../gateway/client/queries/sms';
import type { SendField, SendTemplate } from '../../../machines/sms-send.machine';
import { Button } from '../../ui/Button';
import { Combobox, type SelectOption } from '../../ui/Select';
import { TextField, type TextFieldProps } from '../../ui/TextField';
import { countryLabel } from '../format';
import { useText } from '../useText';
import type { ChannelSendActor } from './send-actor';

// The compose step's fields, shared by every channel's send wizard. Each field subscribes to its own
// slice of the machine (its value and its error), so a key typed in one field re-renders that field
// only — not the whole form with its long country and template lists (issue 22).

/** One form field of the send machine: its value, its translated error, and the change event. */
export function useSendField(actor: ChannelSendActor, field: SendField) {
  const text = useText();
  const value: string = useSelector(actor, (s) => s.context.form[field] ?? '');
  const error = useSelector(actor, (s) => s.context.fieldErrors[field]);
  const onValueChange = useCallback(
    (next: string) => actor.send({ type: 'field.change', field, value: next }),
    [actor, field],
  );
  return { value, error: text(error), onValueChange };
}

type SendTextFieldProps = { actor: ChannelSendActor; field: SendField } & Omit<
  TextFieldProps,
  'value' | 'error' | 'onValueChange'
>;

/** A text field bound to one field of the send machine. */
export const SendTextField = memo(function SendTextField({ actor, field, ...rest }: SendTextFieldProps) {
  const bound = useSendField(actor, field);
  return <TextField {...rest} {...bound} />;
});

/** The task name, on every channel. */
export const TaskNameField = memo(function TaskNameField({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation('sms');
  return (
    <SendTextField
      actor={actor}
      field="taskName"
      label={t('send.fields.taskName')}
      maxLength={64}
      className="md:col-span-2"
    />
  );
});

/** The destination country, from the supported countries (SMS and MMS). */
export const CountryField = memo(function CountryField({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation('sms');
  const { value, error, onValueChange } = useSendField(actor, 'countryCode');
  const countries = useQuery(smsCountriesQuery());
  const lang = i18n.language;
  return (
    <Combobox
      label={t('send.fields.country')}
      testId="send-country"
      value={value || null}
      placeholder={countries.isPending ? t('loading') : t('send.fields.countryPlaceholder')}
      noMatches={t('send.noCountries')}
      error={error}
      options={(countries.data?.Countries ?? [])
        .filter((c) => c.Supported)
        .map((c) => ({ value: c.CountryCode, label: countryLabel(c, lang), hint: c.CountryCode }))}
      onChange={onValueChange}
    />
  );
});

export interface TemplateFieldProps<T> {
  actor: ChannelSendActor;
  /** The channel's approved templates. */
  templates: UseQueryResult<{ Templates: T[] }>;
  option: (item: T) => SelectOption<string>;
  /** The chosen template in the send machine's shape. */
  pick: (item: T) => SendTemplate;
  /** The line under the field, and where a new template is made. */
  hint: string;
  newTemplateHref: string;
  /** The channel's own words, where they differ from SMS's. */
  label?: string;
  noMatches?: string;
  newTemplateLabel?: string;
}

/** The approved template to send, with a link to make a new one. */
export function TemplateField<T>({
  actor,
  templates,
  option,
  pick,
  hint,
  newTemplateHref,
  label,
  noMatches,
  newTemplateLabel,
}: TemplateFieldProps<T>) {
  const { t } = useTranslation('sms');
  const text = useText();
  const chosen = useSelector(actor, (s) => s.context.template?.TemplateId ?? null);
  const error = useSelector(actor, (s) => s.context.fieldErrors.template);
  const items = templates.data?.Templates ?? [];
  return (
    <div className="md:col-span-2">
      <Combobox
        label={label ?? t('send.fields.template')}
        testId="send-template"
        value={chosen}
        placeholder={templates.isPending ? t('loading') : t('send.fields.templatePlaceholder')}
        noMatches={noMatches ?? t('send.noTemplates')}
        error={text(error)}
        options={items.map(option)}
        onChange={(id) => {
          const picked = items.find((item) => option(item).value === id);
          if (picked) actor.send({ type: 'template.select', template: pick(picked) });
        }}
      />
      <p className="mt-1 text-xs text-slate-500">
        {templates.isError ? t('loadFailed') : hint}{' '}
        <Link href={newTemplateHref} className="text-brand-700 underline">
          {newTemplateLabel ?? t('send.newTemplate')}
        </Link>
      </p>
    </div>
  );
}

/** The compose step's Next button; held while a chosen file is read (the machine takes the form after). */
export function ComposeNextButton({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation('sms');
  const readingFile = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  return (
    <div className="flex justify-end">
      <Button type="submit" data-testid="send-next" disabled={readingFile}>
        {t('send.next')}
      </Button>
    </div>
  );
}
