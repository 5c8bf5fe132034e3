import { useTranslation } from 'react-i18next';
import type { ShortLinkCount } from '../../gateway/contract/actions/short-links';
import { Card } from '../ui/Card';

/** One breakdown of the statistics (locations, referrers, browsers…) as a small table, largest first. */
export function BreakdownTable({
  title,
  rows,
  nameOf = (name) => name,
}: {
  title: string;
  rows: ShortLinkCount[];
  nameOf?: (name: string) => string;
}) {
  const { t, i18n } = useTranslation('shortLinks');
  const total = rows.reduce((sum, row) => sum + row.Count, 0);
  const label = (name: string) =>
    name === 'unknown' ? t('detail.unknown') : name === 'direct' ? t('detail.direct') : nameOf(name);
  return (
    <Card title={title}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.noVisits')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-left text-xs uppercase text-slate-500">
            <tr>
              <th scope="col">{t('detail.name')}</th>
              <th scope="col" className="text-right">
                {t('detail.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.Name} className="border-t border-slate-100">
                <td className="py-1">
                  <span className="block">{label(row.Name)}</span>
                  <span
                    aria-hidden
                    className="block h-1 rounded bg-brand-200"
                    style={{ width: `${total ? Math.max(2, (row.Count / total) * 100) : 0}%` }}
                  />
                </td>
                <td className="py-1 text-right tabular-nums">{row.Count.toLocaleString(i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
