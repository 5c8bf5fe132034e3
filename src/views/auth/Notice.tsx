import type { ReactNode } from 'react';

type Tone = 'success' | 'info' | 'warning' | 'error';

const tones: Record<Tone, string> = {
  success: 'bg-emerald-50 text-emerald-800',
  info: 'bg-brand-50 text-brand-800',
  warning: 'bg-amber-50 text-amber-800',
  error: 'bg-red-50 text-red-700',
};

/** A message in the flow of a public page: errors are announced at once, the rest politely. */
export function Notice({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`rounded-[var(--radius-herald)] px-3 py-2 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
