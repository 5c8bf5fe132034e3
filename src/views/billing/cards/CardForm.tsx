import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { cardBindingMachine } from '../../../machines/card-binding.machine';
import { formatCardNumber, type CardField } from '../../../machines/card-rules';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { ChallengeDialog } from '../checkout/ChallengeDialog';
import { useBillingText } from '../useBillingText';

type BindingActor = ActorRefFrom<typeof cardBindingMachine>;

/** The card form of the card-binding machine: Luhn and expiry are checked before submit. */
export function CardForm({ actor }: { actor: BindingActor }) {
  const { t } = useTranslation('billing');
  const label = useLabel();
  const text = useBillingText();
  const form = useSelector(actor, (s) => s.context.form);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const settingUp = useSelector(
    actor,
    (s) => s.matches({ binding: 'sendingCard' }) || s.matches({ binding: 'saving' }),
  );
  const challenge = useSelector(actor, (s) => s.matches({ binding: 'challenge' }));
  const preparing = useSelector(actor, (s) => s.matches({ binding: 'preparing' }));
  const unavailable = useSelector(actor, (s) => s.matches({ binding: 'unavailable' }));
  const saved = useSelector(actor, (s) => s.matches({ binding: 'saved' }));
  const failed = useSelector(actor, (s) => s.matches({ binding: 'failed' }));

  const field = (name: CardField) => ({
    value: form[name],
    error: fieldErrors[name] ? label(fieldErrors[name] as TranslationKey) : undefined,
    onValueChange: (value: string) =>
      actor.send({ type: 'card.change', field: name, value: name === 'number' ? formatCardNumber(value) : value }),
    disabled: settingUp || failed,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: failed || unavailable ? 'card.retry' : 'card.submit' });
  };

  if (saved)
    return (
      <div className="space-y-3" data-testid="card-saved">
        <p role="status" className="text-sm text-emerald-700">
          {t('card.saved')}
        </p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'card.addAnother' })}>
          {t('card.addAnother')}
        </Button>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('card.addTitle')}>
      <TextField label={t('card.holder')} autoComplete="cc-name" {...field('holder')} />
      <TextField
        label={t('card.number')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        {...field('number')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('card.expiry')}
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
          {...field('expiry')}
        />
        <TextField label={t('card.cvc')} autoComplete="cc-csc" inputMode="numeric" maxLength={4} {...field('cvc')} />
      </div>
      {(failed || unavailable) && error && (
        <p role="alert" className="text-sm text-red-600" data-testid="card-error">
          {text(error)}
        </p>
      )}
      <p className="text-xs text-slate-500">{t('card.freezeNote')}</p>
      <p className="text-xs text-slate-500">{t('card.privacy')}</p>
      <Button type="submit" loading={settingUp || preparing}>
        {failed || unavailable ? t('card.retry') : settingUp ? t('card.saving') : t('card.save')}
      </Button>
      <ChallengeDialog
        open={challenge}
        kind="card"
        busy={false}
        error={null}
        onConfirm={() => actor.send({ type: 'challenge.complete' })}
        onCancel={() => actor.send({ type: 'challenge.cancel' })}
      />
    </form>
  );
}
