import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAttributeMutation } from '../../gateway/client/mutations/audience';
import { attributeInputSchema } from '../../gateway/contract/audience/contact-fields';
import { fieldErrorsOf } from '../../gateway/contract/field-errors';
import {
  ATTRIBUTE_SOURCES,
  ATTRIBUTE_TYPE,
  ATTRIBUTE_TYPES,
  attributeTypeName,
  type AttributeType,
} from '../../gateway/contract/audience/rules';
import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

/** A new attribute: its name and type are checked by the shared contract as they are typed. */
export function NewAttributeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('audience');
  const label = useLabel();
  const client = useQueryClient();
  const creating = useMutation(createAttributeMutation(client));
  const [name, setName] = useState('');
  const [type, setType] = useState<AttributeType>(ATTRIBUTE_TYPE.Text);
  const [source, setSource] = useState<(typeof ATTRIBUTE_SOURCES)[number]>('contact');
  const [values, setValues] = useState('');
  const [touched, setTouched] = useState(false);
  const input = {
    Name: name,
    Type: type,
    Source: source,
    Values:
      type === ATTRIBUTE_TYPE.Category
        ? values
            .split('\n')
            .map((v) => v.trim())
            .filter(Boolean)
        : [],
  };
  const errors = fieldErrorsOf(attributeInputSchema, input, {});
  const shown = (field: string) => (touched && errors[field] ? label(errors[field] as TranslationKey) : undefined);
  const close = () => {
    creating.reset();
    setTouched(false);
    setName('');
    setValues('');
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('attributes.new')}
      testId="new-attribute-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            loading={creating.isPending}
            onClick={() => {
              setTouched(true);
              if (Object.keys(errors).length === 0) creating.mutate(input, { onSuccess: close });
            }}
          >
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <TextField
          label={t('attributes.name')}
          hint={t('attributes.nameHint')}
          value={name}
          onValueChange={setName}
          error={shown('Name')}
        />
        <Select
          label={t('attributes.type')}
          value={type}
          options={ATTRIBUTE_TYPES.map((value) => ({ value, label: t(`attributeTypes.${attributeTypeName(value)}`) }))}
          onChange={setType}
        />
        <Select
          label={t('attributes.source')}
          value={source}
          options={ATTRIBUTE_SOURCES.map((value) => ({ value, label: t(`attributeSources.${value}`) }))}
          onChange={setSource}
        />
        {type === ATTRIBUTE_TYPE.Category && (
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            {t('attributes.valuesOnePerLine')}
            <textarea
              className="rounded-[var(--radius-herald)] border border-slate-300 px-3 py-2 font-normal"
              rows={4}
              value={values}
              onChange={(event) => setValues(event.target.value)}
              aria-invalid={shown('Values') ? true : undefined}
            />
            {shown('Values') && (
              <span role="alert" className="font-normal text-red-700">
                {shown('Values')}
              </span>
            )}
          </label>
        )}
        {creating.error && (
          <p role="alert" className="text-sm text-red-700">
            {gatewayMessage(creating.error) ?? t('saveFailed')}
          </p>
        )}
      </div>
    </Dialog>
  );
}
