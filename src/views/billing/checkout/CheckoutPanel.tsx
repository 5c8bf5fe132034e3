import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { invalidateMoney } from '../../../gateway/client/mutations/billing';
import { cardsQuery } from '../../../gateway/client/queries/billing';
import { formatMoney } from '../../../gateway/contract/money';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { minRechargeUnits, parseMoneyInput } from '../../../gateway/contract/billing/rules';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { CardForm } from '../cards/CardForm';
import { SandboxCards } from '../cards/SandboxCards';
import { useCardBinding } from '../cards/PaymentMethodPage';
import { useBillingText } from '../useBillingText';
import { walletNameKey, WALLETS } from '../wallets';
import { BankTransfer } from './BankTransfer';
import { ChallengeDialog } from './ChallengeDialog';

export const paymentStatusPath = (paymentId: string) => `/bill/payment-status?id=${encodeURIComponent(paymentId)}`;

/**
 * Add funds: the checkout machine's steps. A payment that succeeds or keeps processing goes on to
 * /bill/payment-status (its id in the URL, so a reload or Back shows the same outcome); a declined one
 * stays here with its message so another method can be tried at once.
 */
export function CheckoutPanel({ canTopUp, initialWallet }: { canTopUp: boolean; initialWallet: number }) {
  const { t, i18n } = useTranslation('billing');
  const label = useLabel();
  const text = useBillingText();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const actor = useActorRef(checkoutMachine, { input: { canTopUp, wallet: initialWallet }, inspect: inspectActor });
  const state = useSelector(actor, (s) => s.value as string);
  const context = useSelector(actor, (s) => s.context);
  const cards = useQuery(cardsQuery());

  useEffect(() => {
    const subscription = actor.on('payment.settled', (event) => {
      void invalidateMoney(queryClient, event.paymentId);
      if (event.succeeded) navigate(paymentStatusPath(event.paymentId));
    });
    const processing = actor.subscribe((snapshot) => {
      if (snapshot.matches('processing') && snapshot.context.paymentId)
        navigate(paymentStatusPath(snapshot.context.paymentId));
    });
    return () => {
      subscription.unsubscribe();
      processing.unsubscribe();
    };
  }, [actor, queryClient, navigate]);

  if (state === 'noPermission')
    return (
      <p role="alert" className="text-sm text-amber-800" data-testid="topup-no-permission">
        {t('recharge.noPermission')}
      </p>
    );

  const money = (units: number) => formatMoney(units, 'usd', i18n.language);
  const units = parseMoneyInput(context.amountText);
  const walletName = t(walletNameKey(context.wallet));
  const method = context.method;
  const chosenCard =
    method?.kind === 'card' ? cards.data?.Cards.find((card) => card.PaymentMethodId === method.cardId) : null;
  const cardName = chosenCard ? t('recharge.savedCard', { brand: chosenCard.Brand, last4: chosenCard.Last4 }) : '';

  if (state === 'amount') {
    const next = (event: FormEvent) => {
      event.preventDefault();
      actor.send({ type: 'amount.next' });
    };
    return (
      <form onSubmit={next} noValidate className="space-y-3" aria-label={t('recharge.title')}>
        <Select<number>
          label={t('recharge.wallet')}
          value={context.wallet}
          onChange={(wallet) => actor.send({ type: 'wallet.change', wallet })}
          options={WALLETS.map((wallet) => ({ value: wallet, label: t(walletNameKey(wallet)) }))}
        />
        <TextField
          label={t('recharge.amount')}
          inputMode="decimal"
          value={context.amountText}
          onValueChange={(text) => actor.send({ type: 'amount.change', text })}
          hint={t('recharge.amountHint', { min: money(minRechargeUnits(context.wallet)) })}
          error={
            context.amountError
              ? label(context.amountError as TranslationKey, { min: money(minRechargeUnits(context.wallet)) })
              : undefined
          }
        />
        <Button type="submit">{t('recharge.next')}</Button>
      </form>
    );
  }

  if (state === 'method') return <MethodStep actor={actor} />;
  if (state === 'bankTransfer')
    return (
      <div className="space-y-3">
        <BankTransfer />
        <Button variant="secondary" onClick={() => actor.send({ type: 'checkout.back' })}>
          {t('recharge.back')}
        </Button>
      </div>
    );

  const amount = units === null ? '' : money(units);
  return (
    <div className="space-y-3" data-testid="checkout-confirm">
      <h3 className="font-medium">{t('recharge.confirmTitle')}</h3>
      <p className="text-sm text-slate-700">
        {t('recharge.confirmText', { amount, card: cardName, wallet: walletName })}
      </p>
      {context.error && state !== 'failed' && (
        <p role="alert" className="text-sm text-red-600">
          {text(context.error)}
        </p>
      )}
      {state === 'processing' && (
        <p role="status" className="text-sm text-slate-600">
          {t('recharge.processing')}
        </p>
      )}
      {state === 'failed' ? (
        <div className="space-y-3" data-testid="checkout-failed">
          <p role="alert" className="text-sm text-red-600">
            <strong>{t('recharge.failedTitle')}.</strong> {text(context.error)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => actor.send({ type: 'checkout.retry' })}>{t('recharge.retry')}</Button>
            {context.paymentId && (
              <Link
                href={paymentStatusPath(context.paymentId)}
                className="self-center text-sm text-brand-700 underline"
              >
                {t('recharge.viewStatus')}
              </Link>
            )}
          </div>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            onClick={() => actor.send({ type: 'checkout.back' })}
            disabled={state !== 'confirm'}
          >
            {t('recharge.back')}
          </Button>
          <Button
            onClick={() => actor.send({ type: 'checkout.pay' })}
            loading={state === 'paying' || state === 'processing'}
          >
            {state === 'paying' ? t('recharge.paying') : t('recharge.pay', { amount })}
          </Button>
        </div>
      )}
      <ChallengeDialog
        open={state === 'challenge' || state === 'answeringChallenge'}
        kind="recharge"
        busy={state === 'answeringChallenge'}
        error={state === 'challenge' ? text(context.error) : null}
        onConfirm={() => actor.send({ type: 'challenge.complete' })}
        onCancel={() => actor.send({ type: 'challenge.cancel' })}
      />
    </div>
  );
}

function MethodStep({ actor }: { actor: ReturnType<typeof useActorRef<typeof checkoutMachine>> }) {
  const { t } = useTranslation('billing');
  const cards = useQuery(cardsQuery());
  const method = useSelector(actor, (s) => s.context.method);
  const [adding, setAdding] = useState(false);
  const binding = useCardBinding();
  // the default card is the first choice offered; the user may pick another
  const defaultCard = cards.data?.Cards.find((card) => card.IsDefault);
  useEffect(() => {
    if (defaultCard && actor.getSnapshot().context.method === null)
      actor.send({ type: 'method.choose', method: { kind: 'card', cardId: defaultCard.PaymentMethodId } });
  }, [actor, defaultCard]);
  const testCards = useSelector(binding, (s) => (s.context.intent?.Sandbox ? s.context.intent.TestCards : null));
  useEffect(() => {
    const saved = binding.on('card.saved', (event) => {
      actor.send({ type: 'method.choose', method: { kind: 'card', cardId: event.cardId } });
      setAdding(false);
      binding.send({ type: 'card.addAnother' });
    });
    return () => saved.unsubscribe();
  }, [actor, binding]);
  const options = [
    ...(cards.data?.Cards ?? []).map((card) => ({
      key: card.PaymentMethodId,
      label: t('recharge.savedCard', { brand: card.Brand, last4: card.Last4 }),
      method: { kind: 'card', cardId: card.PaymentMethodId } as const,
    })),
    { key: 'bank', label: t('recharge.bank'), method: { kind: 'bank' } as const },
  ];
  const chosenKey = method?.kind === 'card' ? method.cardId : method?.kind;
  return (
    <div className="space-y-3">
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('recharge.method')}</legend>
        {cards.data?.Cards.length === 0 && <p className="text-sm text-slate-600">{t('recharge.noCards')}</p>}
        {options.map((option) => (
          <label key={option.key} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="payment-method"
              checked={chosenKey === option.key}
              onChange={() => actor.send({ type: 'method.choose', method: option.method })}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {adding ? (
        <div className="space-y-4 rounded-[var(--radius-herald)] border border-slate-200 p-4">
          <CardForm actor={binding} />
          {testCards && <SandboxCards cards={testCards} />}
        </div>
      ) : (
        <Button variant="ghost" onClick={() => setAdding(true)}>
          {t('recharge.addCard')}
        </Button>
      )}
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => actor.send({ type: 'checkout.back' })}>
          {t('recharge.back')}
        </Button>
        <Button onClick={() => actor.send({ type: 'method.next' })} disabled={method === null}>
          {t('recharge.next')}
        </Button>
      </div>
    </div>
  );
}
