import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packagePurchaseMachine, type PurchaseChoice } from '../../machines/package-purchase.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { ConfirmDialog } from '../ui/Dialog';
import { usePurchaseDone } from './usePurchaseDone';

/** What the confirm dialog says about a choice: its title, the amount line and the button. */
export interface PurchaseWording {
  title: string;
  description: string;
  confirmLabel: string;
}

/**
 * Buy or upgrade on packagePurchaseMachine: `start` opens the confirm dialog, confirming pays (one
 * IdempotencyKey per choice), a refusal stays in the dialog and confirming again retries the same key.
 */
export function usePackagePurchase(message: 'bought' | 'upgraded') {
  const { t } = useTranslation('billing');
  const client = useQueryClient();
  const done = usePurchaseDone();
  const actor = useActorRef(packagePurchaseMachine, { input: { client }, inspect: inspectActor });
  const [wording, setWording] = useState<PurchaseWording | null>(null);
  const open = useSelector(actor, (s) => !s.matches('idle') && !s.matches('done'));
  const busy = useSelector(actor, (s) => s.matches('processing'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const result = useSelector(actor, (s) => (s.matches('done') ? s.context.result : null));

  useEffect(() => {
    if (result) done(message, result.Amount > 0);
  }, [result]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the machine reaches done

  const dialog = (
    <ConfirmDialog
      open={open}
      title={wording?.title ?? ''}
      description={wording?.description}
      confirmLabel={wording?.confirmLabel ?? ''}
      busy={busy}
      error={failed ? error || t('purchase.networkFailed') : undefined}
      onConfirm={() => actor.send({ type: 'purchase.confirm' })}
      onClose={() => actor.send({ type: 'purchase.dismiss' })}
    />
  );
  return {
    start: (choice: PurchaseChoice, words: PurchaseWording) => {
      setWording(words);
      actor.send({ type: 'purchase.start', choice });
    },
    busy: useSelector(actor, (s) => s.matches('processing') || s.matches('done')),
    dialog,
  };
}
