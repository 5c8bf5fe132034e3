import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateCards } from '../../../gateway/client/mutations/billing';
import { cardBindingMachine } from '../../../machines/card-binding.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { SessionActor, useNotify } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { CardForm } from './CardForm';
import { CardList } from './CardList';
import { SandboxCards } from './SandboxCards';

/** /bill/payment-method: saved cards and the form to add one (spec 001 §2 billing). */
export default function PaymentMethodPage() {
  const { t } = useTranslation('billing');
  const actor = useCardBinding();
  // the setup intent says whether the provider is the sandbox, and which test cards it knows
  const testCards = useSelector(actor, (s) => (s.context.intent?.Sandbox ? s.context.intent.TestCards : null));
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{t('card.title')}</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('card.list')}>
          <CardList actor={actor} />
        </Card>
        <Card title={t('card.addTitle')}>
          <CardForm actor={actor} />
        </Card>
      </div>
      {testCards && <SandboxCards cards={testCards} />}
    </div>
  );
}

/**
 * The card-binding actor, wired to the console: a saved or changed card refreshes the cards and the
 * balance (the 10.00 hold); the card that upgraded the account reloads the user info, so the upgrade
 * prompt, trial limits and menus follow at once.
 */
export function useCardBinding() {
  const { t } = useTranslation('billing');
  const actor = useActorRef(cardBindingMachine, { inspect: inspectActor });
  const queryClient = useQueryClient();
  const session = SessionActor.useActorRef();
  const notify = useNotify();
  useEffect(() => {
    const saved = actor.on('card.saved', (event) => {
      void invalidateCards(queryClient);
      notify(t(event.upgraded ? 'card.upgraded' : 'card.saved'), 'success');
      if (event.upgraded) session.send({ type: 'user.reload' });
    });
    const changed = actor.on('cards.changed', () => void invalidateCards(queryClient));
    return () => {
      saved.unsubscribe();
      changed.unsubscribe();
    };
  }, [actor, queryClient, session, notify, t]);
  return actor;
}
