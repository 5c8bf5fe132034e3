import { useTranslation } from 'react-i18next';
import type { Logo } from '../../../gateway/contract/actions/library';
import { Select, type SelectOption } from '../../ui/Select';

/** 'none', 'default' (whichever logo is the default when used) or a LogoId. */
export type LogoChoice = string;

/** The logo a choice means now: null for none, or when the default or the chosen logo is gone. */
export function chosenLogo(logos: Logo[], choice: LogoChoice): Logo | null {
  if (choice === 'none') return null;
  if (choice === 'default') return logos.find((logo) => logo.IsDefault) ?? null;
  return logos.find((logo) => logo.LogoId === choice) ?? null;
}

/**
 * A logo picker shared by the short-link QR code and the e-mail footer: none, the default logo, or any
 * logo of the account (logosQuery, the signed-in account's only).
 */
export function LogoChoiceSelect({
  label,
  logos,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  logos: Logo[];
  value: LogoChoice;
  onChange: (choice: LogoChoice) => void;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation('library');
  const fallback = logos.find((logo) => logo.IsDefault);
  const options: SelectOption<string>[] = [
    { value: 'none', label: t('logoChoice.none') },
    ...(fallback ? [{ value: 'default', label: t('logoChoice.default', { name: fallback.Name }) }] : []),
    ...logos.map((logo) => ({ value: logo.LogoId, label: logo.Name })),
  ];
  return <Select label={label} options={options} value={value} onChange={onChange} error={error} testId={testId} />;
}
