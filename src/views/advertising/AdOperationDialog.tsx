import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyAdOperationMutation } from '../../gateway/client/mutations/ad-operations';
import {
  AD_BINDING_ACTIONS,
  AD_BINDING_TYPE,
  AD_OPERATION_FIELD,
  AD_OPERATIONS_BY_PLATFORM,
  type AdOperationAction,
} from '../../gateway/contract/ad-operations';
import type { AdPlatformId } from '../../gateway/contract/advertising';
import type { AdAccount } from '../../gateway/contract/actions/advertising';
import { parseMoneyInput } from '../../gateway/contract/billing/rules';
import { formatMoney } from '../../gateway/contract/money';
import { useText } from '../common/useText';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

/** Applies one operation to an ad account: the platform's operations only, the chosen one's field. */
export function AdOperationDialog({ account, onClose }: { account: AdAccount; onClose: () => void }) {
  const { t, i18n } = useTranslation('advertising');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const apply = useMutation(applyAdOperationMutation(client));
  const offered = AD_OPERATIONS_BY_PLATFORM[account.PlatformId as AdPlatformId] ?? [];
  const [operation, setOperation] = useState<AdOperationAction>(offered[0]);
  const [bindingType, setBindingType] = useState<number>(AD_BINDING_TYPE.Binding);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [key, setKey] = useState(() => `ado-${crypto.randomUUID()}`);
  const field = AD_OPERATION_FIELD[operation];

  const choose = (next: AdOperationAction) => {
    setOperation(next);
    setValue('');
    setError(undefined);
    setKey(`ado-${crypto.randomUUID()}`);
  };

  const submit = () => {
    const input: Parameters<typeof apply.mutate>[0] = {
      AccountId: account.AccountId,
      Operation: operation,
      IdempotencyKey: key,
    };
    if (AD_BINDING_ACTIONS.includes(operation)) input.BindingType = bindingType as 0 | 1;
    if (field === 'BmId' || field === 'PixelId' || field === 'MccId') input[field] = value.trim();
    if (field === 'Users')
      input.Users = value
        .split(/[,\s]+/)
        .map((email) => email.trim())
        .filter(Boolean);
    if (field === 'Amount') {
      const units = parseMoneyInput(value);
      if (units === null || units <= 0) return setError(t('operations.amountInvalid'));
      input.Amount = units;
    }
    apply.mutate(input, {
      onSuccess: () => {
        notify(t('operations.sent'));
        onClose();
      },
      onError: (failure) => setError(text(failure.message)),
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('operations.dialogTitle', { name: account.Name })}
      testId="ad-operation-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('operations.cancel')}
          </Button>
          <Button onClick={submit} loading={apply.isPending}>
            {t('operations.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Select
          label={t('operations.operation')}
          value={operation}
          options={offered.map((action) => ({ value: action, label: t(`operations.actions.${action}`) }))}
          onChange={choose}
        />
        {AD_BINDING_ACTIONS.includes(operation) && (
          <Select
            label={t('operations.bindingType')}
            value={bindingType}
            options={Object.values(AD_BINDING_TYPE).map((code) => ({
              value: code,
              label: t(`operations.binding.${code}` as 'operations.binding.0'),
            }))}
            onChange={setBindingType}
          />
        )}
        {field ? (
          <TextField
            label={t(`operations.fields.${field}`)}
            value={value}
            inputMode={field === 'Amount' ? 'decimal' : undefined}
            error={error}
            hint={
              field === 'Amount'
                ? t('operations.balanceHint', {
                    balance: formatMoney(account.Balance, account.Currency, i18n.language),
                  })
                : field === 'Users'
                  ? t('operations.usersHint')
                  : undefined
            }
            onValueChange={(next) => {
              setValue(next);
              setError(undefined);
            }}
          />
        ) : (
          <p className="text-sm text-slate-600">
            {t('operations.clearHint', { balance: formatMoney(account.Balance, account.Currency, i18n.language) })}
          </p>
        )}
        {!field && error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
