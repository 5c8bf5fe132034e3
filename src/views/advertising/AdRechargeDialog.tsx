import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rechargeAdAccountMutation } from '../../gateway/client/mutations/advertising';
import { adOverviewQuery } from '../../gateway/client/queries/advertising';
import { MIN_AD_RECHARGE_UNITS } from '../../gateway/contract/advertising';
import type { AdAccount } from '../../gateway/contract/actions/advertising';
import { parseMoneyInput } from '../../gateway/contract/billing/rules';
import { formatMoney } from '../../gateway/contract/money';
import { useText } from '../common/useText';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

/** Recharge of one ad account from the 6026 ad wallet: minimum 10.00, one request key per dialog. */
export function AdRechargeDialog({ account, onClose }: { account: AdAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation('advertising');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const overview = useQuery(adOverviewQuery());
  const recharge = useMutation(rechargeAdAccountMutation(client));
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [key] = useState(() => `adr-${crypto.randomUUID()}`);

  const submit = () => {
    const units = parseMoneyInput(amount);
    if (units === null) return setError(t('rechargeForm.amountInvalid'));
    if (units < MIN_AD_RECHARGE_UNITS) return setError(text('validation:adRechargeMinimum'));
    recharge.mutate(
      { AccountId: account.AccountId, Amount: units, IdempotencyKey: key },
      {
        onSuccess: () => {
          notify(t('rechargeForm.sent'));
          onClose();
        },
        onError: (failure) => setError(text(failure.message)),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('rechargeForm.title', { name: account.Name })}
      testId="ad-recharge-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('rechargeForm.cancel')}
          </Button>
          <Button onClick={submit} loading={recharge.isPending}>
            {t('rechargeForm.submit')}
          </Button>
        </>
      }
    >
      <TextField
        label={t('rechargeForm.amount')}
        value={amount}
        inputMode="decimal"
        error={error}
        hint={t('rechargeForm.hint', { wallet: formatMoney(overview.data?.WalletBalance ?? 0, 'usd', i18n.language) })}
        onValueChange={(value) => {
          setAmount(value);
          setError(undefined);
        }}
      />
    </Dialog>
  );
}
