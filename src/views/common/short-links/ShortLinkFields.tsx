import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../gateway/contract/field-errors';
import type { ShortLinkField } from '../../../machines/short-link-create.machine';
import { TextField } from '../../ui/TextField';
import { useText } from '../useText';

/** A field of the short-link form: its label key (namespace shortLinks), whether it spans both columns, a hint. */
export interface ShortLinkFieldSpec {
  field: ShortLinkField;
  label:
    | 'form.title'
    | 'form.url'
    | 'form.utmSource'
    | 'form.utmMedium'
    | 'form.utmCampaign'
    | 'form.utmTerm'
    | 'form.utmContent';
  wide?: boolean;
  hint?: 'form.urlHint' | 'insert.campaignHint';
}

/**
 * The short link's title, destination and UTM fields in two columns (one on a narrow screen): the create
 * page and the composers' "Insert short link" dialog, each in its own order.
 */
export function ShortLinkFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: ShortLinkFieldSpec[];
  values: Record<ShortLinkField, string>;
  errors: FieldErrors;
  onChange: (field: ShortLinkField, value: string) => void;
}) {
  const { t } = useTranslation('shortLinks');
  const text = useText();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map(({ field, label, wide, hint }) => (
        <TextField
          key={field}
          label={t(label)}
          value={values[field]}
          error={text(errors[field])}
          hint={hint && t(hint)}
          type={field === 'url' ? 'url' : 'text'}
          className={wide ? 'sm:col-span-2' : undefined}
          onValueChange={(value) => onChange(field, value)}
        />
      ))}
    </div>
  );
}
