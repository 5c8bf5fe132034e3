import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { cardsQuery } from '../../../gateway/client/queries/billing';
import type { cardBindingMachine } from '../../../machines/card-binding.machine';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/Dialog';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { useBillingText } from '../useBillingText';

/** Saved cards: brand, last 4 and expiry only; set the default or remove one through the machine. */
export function CardList({ actor }: { actor: ActorRefFrom<typeof cardBindingMachine> }) {
  const { t } = useTranslation('billing');
  const text = useBillingText();
  const cards = useQuery(cardsQuery());
  const busyCardId = useSelector(actor, (s) => (s.matches({ cards: 'idle' }) ? null : s.context.busyCardId));
  const listError = useSelector(actor, (s) => s.context.listError);
  const canChange = useSelector(actor, (s) => s.matches({ cards: 'idle' }));
  const [removing, setRemoving] = useState<string | null>(null);

  if (cards.isPending) return <Spinner label={t('card.list')} />;
  if (cards.isError)
    return <ErrorState message={t('card.loadFailed')} onRetry={() => void cards.refetch()} retryLabel={t('retry')} />;
  if (cards.data.Cards.length === 0) return <EmptyState title={t('card.empty')} description={t('card.emptyHint')} />;
  return (
    <div className="space-y-3">
      {listError && (
        <p role="alert" className="text-sm text-red-600">
          {text(listError)}
        </p>
      )}
      <ul className="divide-y divide-slate-100" aria-label={t('card.list')}>
        {cards.data.Cards.map((card) => (
          <li
            key={card.PaymentMethodId}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-testid="saved-card"
            aria-busy={busyCardId === card.PaymentMethodId || undefined}
          >
            <div>
              <p className="font-medium">
                {t('recharge.savedCard', { brand: card.Brand, last4: card.Last4 })}{' '}
                {card.IsDefault && <Badge tone="info">{t('card.default')}</Badge>}
              </p>
              <p className="text-sm text-slate-500">
                {t('card.expires', { month: String(card.ExpMonth).padStart(2, '0'), year: card.ExpYear })}
              </p>
            </div>
            <div className="flex gap-2">
              {!card.IsDefault && (
                <Button
                  variant="secondary"
                  disabled={!canChange}
                  onClick={() => actor.send({ type: 'card.setDefault', cardId: card.PaymentMethodId })}
                >
                  {t('card.setDefault')}
                </Button>
              )}
              <Button variant="ghost" disabled={!canChange} onClick={() => setRemoving(card.PaymentMethodId)}>
                {t('card.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('card.remove')}
        confirmLabel={t('card.remove')}
        danger
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) actor.send({ type: 'card.remove', cardId: removing });
          setRemoving(null);
        }}
      />
    </div>
  );
}
