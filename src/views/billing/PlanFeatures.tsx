import { useTranslation } from 'react-i18next';
import { MODULES, type SubscriptionPackage } from '../../gateway/contract/actions/subscriptions';

const LIMIT_KEYS = ['SocialMediaAccountLimit', 'EmailLimit', 'AIGCRequestLimit'] as const;

/** The modules a package includes (and lacks) and its limits, as compared side by side. */
export function PlanFeatures({ pkg }: { pkg: Pick<SubscriptionPackage, 'ModWhitelist' | 'Quantity'> }) {
  const { t, i18n } = useTranslation('billing');
  const included = new Set(pkg.ModWhitelist.map((entry) => entry.ProductMod));
  return (
    <ul className="space-y-1.5 text-sm">
      {MODULES.map((module) => (
        <li
          key={module}
          className={included.has(module) ? 'text-slate-700' : 'text-slate-400 line-through'}
          data-included={included.has(module)}
        >
          <span aria-hidden className="mr-2">
            {included.has(module) ? '✓' : '–'}
          </span>
          {t(`modules.${module}`)}
          <span className="sr-only">{included.has(module) ? t('plans.included') : t('plans.notIncluded')}</span>
        </li>
      ))}
      {LIMIT_KEYS.map((key) => {
        const value = pkg.Quantity.find((q) => q.LimitKey === key)?.Value;
        return value === undefined ? null : (
          <li key={key} className="text-slate-600">
            <span aria-hidden className="mr-2">
              •
            </span>
            {t(`limits.${key}`, { value: value.toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-US') })}
          </li>
        );
      })}
    </ul>
  );
}
