import { useTranslation } from 'react-i18next';
import type { LibraryUsage } from '../../gateway/contract/actions/library';
import { formatBytes } from '../common/format';

/** The account's library space: how much is used of the limit (docs/decisions.md "Library and logos"). */
export function UsageBar({ usage }: { usage: LibraryUsage }) {
  const { t, i18n } = useTranslation('library');
  const percent = usage.LimitBytes > 0 ? Math.min(100, Math.round((usage.UsedBytes / usage.LimitBytes) * 100)) : 100;
  const text = t('usage.text', {
    used: formatBytes(usage.UsedBytes, i18n.language),
    limit: formatBytes(usage.LimitBytes, i18n.language),
  });
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-600" data-testid="library-usage">
      <span>{text}</span>
      <div
        role="meter"
        aria-label={t('usage.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-56 max-w-full overflow-hidden rounded bg-slate-200"
      >
        <div className={`h-full ${percent >= 90 ? 'bg-red-500' : 'bg-brand-600'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
