import { useTranslation } from 'react-i18next';

// How a program signs a call with an access key (docs/decisions.md "API access with an access key"),
// on the page where the key is made, so "the signing steps" point somewhere (issue 18 §21).

const STEPS = ['body', 'timestamp', 'nonce', 'string', 'signature', 'headers'] as const;

const STRING_TO_SIGN = 'HERALD-HMAC-SHA256\nPOST\n/api\n<timestamp>\n<nonce>\n<sha256-hex of the body>';

export function SigningSteps() {
  const { t } = useTranslation('settings');
  return (
    <details className="rounded-[var(--radius-herald)] border border-slate-200 px-4 py-3 text-sm" id="signing-steps">
      <summary className="cursor-pointer font-medium text-slate-800">{t('user.keys.signing.title')}</summary>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
        {STEPS.map((step) => (
          <li key={step}>{t(`user.keys.signing.${step}`)}</li>
        ))}
      </ol>
      <pre
        className="mt-3 overflow-x-auto rounded bg-slate-100 px-3 py-2 text-xs"
        aria-label={t('user.keys.signing.example')}
      >
        {STRING_TO_SIGN}
      </pre>
      <p className="mt-3 text-slate-600">{t('user.keys.signing.refusals')}</p>
    </details>
  );
}
