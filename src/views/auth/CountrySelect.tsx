import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '../../gateway/contract/countries';

/**
 * A native select: 249 entries with the browser's own type-ahead, and no menu library on the public
 * pages. Names follow the console language (CountryAlias in Chinese) and are sorted in it.
 */
export function CountrySelect({
  label,
  value,
  error,
  onValueChange,
}: {
  label: string;
  value: string;
  error?: string;
  onValueChange: (code: string) => void;
}) {
  const { i18n } = useTranslation();
  const id = useId();
  const zh = i18n.language === 'zh';
  const options = useMemo(() => {
    const named = COUNTRIES.map((country) => ({
      code: country.CountryCode,
      name: zh ? country.CountryAlias : country.CountryName,
      prefix: country.PhonePrefix,
    }));
    const collator = new Intl.Collator(zh ? 'zh-Hans' : 'en');
    return named.sort((a, b) => collator.compare(a.name, b.name));
  }, [zh]);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValueChange(e.target.value)}
        className={`w-full rounded-[var(--radius-herald)] border bg-white px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-brand-500 ${error ? 'border-red-400' : 'border-slate-300'}`}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} (+{option.prefix})
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
