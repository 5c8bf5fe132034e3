import { useTranslation } from 'react-i18next';
import type { SetupIntent } from '../../../gateway/client/mutations/billing';
import { Card } from '../../ui/Card';

/** Issue 10: in sandbox mode the payment pages list the provider's documented test cards. */
export function SandboxCards({ cards }: { cards: SetupIntent['TestCards'] }) {
  const { t } = useTranslation('billing');
  return (
    <Card title={t('sandbox.title')}>
      <p className="mb-3 text-sm text-slate-600">{t('sandbox.intro')}</p>
      <table className="w-full text-sm" data-testid="sandbox-cards">
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1 font-medium">{t('sandbox.number')}</th>
            <th className="py-1 font-medium">{t('sandbox.behaviour')}</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.Number} className="border-t border-slate-100">
              <td className="py-1.5 font-mono">{card.Number.replace(/(\d{4})(?=\d)/g, '$1 ')}</td>
              <td className="py-1.5">{t(`sandbox.outcomes.${card.Outcome}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
