import { useTranslation } from 'react-i18next';
import type { ContactAttribute } from '../../gateway/contract/audience/contact-fields';
import { ATTRIBUTE_TYPE } from '../../gateway/contract/audience/rules';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

/** The input of one attribute type (spec 001 §3 "each with its own input kind"); '' is no value. */
export function AttributeInput({
  attribute,
  value,
  onChange,
  label = attribute.Name,
}: {
  attribute: Pick<ContactAttribute, 'Name' | 'Type' | 'Values'>;
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const { t } = useTranslation('audience');
  switch (attribute.Type) {
    case ATTRIBUTE_TYPE.Boolean:
      return (
        <Select
          label={label}
          value={value}
          options={[
            { value: '', label: t('noValue') },
            { value: 'true', label: t('booleans.true') },
            { value: 'false', label: t('booleans.false') },
          ]}
          onChange={onChange}
        />
      );
    case ATTRIBUTE_TYPE.Category:
      return (
        <Select
          label={label}
          value={value}
          options={[{ value: '', label: t('noValue') }, ...attribute.Values.map((v) => ({ value: v, label: v }))]}
          onChange={onChange}
        />
      );
    case ATTRIBUTE_TYPE.Date:
      return <TextField type="date" label={label} value={value} onValueChange={onChange} />;
    case ATTRIBUTE_TYPE.Number:
      return <TextField type="number" inputMode="decimal" label={label} value={value} onValueChange={onChange} />;
    default:
      return <TextField label={label} value={value} onValueChange={onChange} />;
  }
}
