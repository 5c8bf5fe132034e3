import { useTranslation } from 'react-i18next';
import { Segmented } from '../ui/Tabs';

/** AND / OR: whether every condition (all) or any one of them must hold. */
export function MatchSwitch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: 'all' | 'any';
  onChange: (value: 'all' | 'any') => void;
}) {
  const { t } = useTranslation('audience');
  return (
    <div className="flex items-center gap-3 text-sm text-slate-700">
      <span>{label}</span>
      <Segmented
        label={label}
        value={value}
        onChange={onChange}
        options={[
          { value: 'all', label: t('segments.matchAll') },
          { value: 'any', label: t('segments.matchAny') },
        ]}
      />
    </div>
  );
}
