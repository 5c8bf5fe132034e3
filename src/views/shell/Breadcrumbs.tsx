import { useLabel } from '../../i18n/useLabel';
import type { LabelKey } from '../route-types';

/** Spec 000 §2: at most 8 items; the caller hides it on the dashboard. */
export const BREADCRUMB_MAX = 8;

export function Breadcrumbs({ trail }: { trail: LabelKey[] }) {
  const t = useLabel();
  const shown = trail.slice(-BREADCRUMB_MAX);
  if (shown.length === 0) return null;
  return (
    <nav aria-label={t('shell:breadcrumbs')} className="mb-4 text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1">
        {shown.map((key, index) => (
          <li key={`${key}-${index}`} className="flex items-center gap-1">
            {index > 0 && <span aria-hidden>/</span>}
            <span
              aria-current={index === shown.length - 1 ? 'page' : undefined}
              className={index === shown.length - 1 ? 'text-slate-800' : ''}
            >
              {t(key)}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
