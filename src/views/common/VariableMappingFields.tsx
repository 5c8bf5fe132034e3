import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { attributesQuery } from '../../gateway/client/queries/audience';
import { MAPPABLE_SYSTEM_FIELDS } from '../../gateway/contract/audience/send-audience';
import { useRef } from 'react';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';
import { InsertShortLinkButton } from './short-links/InsertShortLinkButton';
import { insertIntoTextarea } from './short-links/insert-at-cursor';
import type { ComposerLinkContext } from './short-links/InsertShortLinkDialog';

// The template variable mapping of a send to a list or a segment (spec 001 §3: variable, attribute,
// default value), for every channel's wizard: each {{n}} takes a contact attribute or system field,
// and a default for contacts without a value.

export interface MappingRow {
  attribute: string;
  defaultValue: string;
}

export function VariableMappingFields({
  variableCount,
  mapping,
  onChange,
  error,
  shortLinks,
}: {
  variableCount: number;
  mapping: Record<number, MappingRow>;
  onChange: (variable: number, change: Partial<MappingRow>) => void;
  error?: string;
  /** When given, each default value takes an inserted short link with this UTM context. */
  shortLinks?: ComposerLinkContext;
}) {
  const { t } = useTranslation('common');
  const attributes = useQuery(attributesQuery());
  const options = [
    { value: '', label: t('variableMapping.noAttribute') },
    ...MAPPABLE_SYSTEM_FIELDS.map((field) => ({ value: field, label: t(`variableMapping.system.${field}`) })),
    ...(attributes.data?.Attributes ?? []).map((attribute) => ({
      value: String(attribute.AttributeId),
      label: attribute.Name,
      hint: t('variableMapping.custom'),
    })),
  ];
  return (
    <fieldset className="flex flex-col gap-3" data-testid="variable-mapping">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t('variableMapping.title')}</legend>
      <p className="text-xs text-slate-500">{t('variableMapping.hint')}</p>
      {Array.from({ length: variableCount }, (_, i) => i + 1).map((variable) => (
        <div key={variable} className="grid items-start gap-3 md:grid-cols-2">
          <Select
            label={t('variableMapping.attribute', { variable: `{{${variable}}}` })}
            value={mapping[variable]?.attribute ?? ''}
            options={options}
            onChange={(attribute) => onChange(variable, { attribute })}
          />
          <DefaultValueField
            label={t('variableMapping.default', { variable: `{{${variable}}}` })}
            value={mapping[variable]?.defaultValue ?? ''}
            onValueChange={(defaultValue) => onChange(variable, { defaultValue })}
            shortLinks={shortLinks}
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A variable's default value; with `shortLinks`, a short link can be inserted where its cursor is. */
function DefaultValueField({
  label,
  value,
  onValueChange,
  shortLinks,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  shortLinks?: ComposerLinkContext;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <TextField ref={input} label={label} value={value} onValueChange={onValueChange} maxLength={500} />
      {shortLinks && (
        <InsertShortLinkButton
          className="mt-2"
          context={shortLinks}
          onInsert={(link) => insertIntoTextarea(input.current, value, link.ShortUrl, onValueChange)}
        />
      )}
    </div>
  );
}
