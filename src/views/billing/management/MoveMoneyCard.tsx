import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveMoneyMutation } from '../../../gateway/client/mutations/billing';
import { formatMoney } from '../../../gateway/contract/money';
import { MAIN_WALLET_TYPE, parseMoneyInput } from '../../../gateway/contract/billing/rules';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { walletNameKey, WALLETS } from '../wallets';

/** Moving money between the main wallet and a sub-wallet: one ledger move, one key per attempt. */
export function MoveMoneyCard() {
  const { t, i18n } = useTranslation('billing');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(WALLETS[1]);
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<'same' | 'invalid' | null>(null);
  // one key per intended move: a double click or a retry of the same move is applied once
  const [attemptKey, setAttemptKey] = useState(() => globalThis.crypto.randomUUID());
  const move = useMutation(moveMoneyMutation(queryClient));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const units = parseMoneyInput(amountText);
    // one side is always the main wallet (the ledger moves money through it)
    const next =
      from === to || (from !== MAIN_WALLET_TYPE && to !== MAIN_WALLET_TYPE)
        ? 'same'
        : units === null
          ? 'invalid'
          : null;
    setProblem(next);
    if (next || units === null) return;
    move.mutate(
      { From: from as 0, To: to as 0, Amount: units, IdempotencyKey: attemptKey },
      {
        onSuccess: () => {
          notify(t('move.done', { amount: formatMoney(units, 'usd', i18n.language), wallet: t(walletNameKey(to)) }));
          setAmountText('');
          setAttemptKey(globalThis.crypto.randomUUID());
        },
      },
    );
  };
  const options = WALLETS.map((wallet) => ({ value: wallet, label: t(walletNameKey(wallet)) }));
  return (
    <Card title={t('move.title')}>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('move.title')}>
        <div className="grid grid-cols-2 gap-3">
          <Select<number> label={t('move.from')} value={from} onChange={setFrom} options={options} />
          <Select<number>
            label={t('move.to')}
            value={to}
            onChange={setTo}
            options={options}
            error={problem === 'same' ? t('move.same') : undefined}
          />
        </div>
        <TextField
          label={t('move.amount')}
          inputMode="decimal"
          value={amountText}
          onValueChange={setAmountText}
          error={problem === 'invalid' ? t('move.invalid') : undefined}
        />
        <Button type="submit" loading={move.isPending}>
          {t('move.submit')}
        </Button>
      </form>
    </Card>
  );
}
