import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateBalanceAlarmMutation } from '../../../gateway/client/mutations/billing';
import { balanceAlarmQuery, cardsQuery } from '../../../gateway/client/queries/billing';
import { MIN_RECHARGE_UNITS, parseMoneyInput } from '../../../gateway/contract/billing/rules';
import { unitsToText } from '../format';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';

/** Spec 001 §9: a low-balance threshold with an e-mail alert and an optional automatic top-up. */
export function BalanceAlarmCard() {
  const { t } = useTranslation('billing');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const alarm = useQuery(balanceAlarmQuery());
  const hasCard = (useQuery(cardsQuery()).data?.Cards.length ?? 0) > 0;
  const [threshold, setThreshold] = useState('');
  const [email, setEmail] = useState(true);
  const [auto, setAuto] = useState(false);
  const [autoAmount, setAutoAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation(updateBalanceAlarmMutation(queryClient));
  useEffect(() => {
    if (!alarm.data) return;
    setThreshold(alarm.data.Threshold > 0 ? unitsToText(alarm.data.Threshold) : '');
    setEmail(alarm.data.Enabled);
    setAuto(alarm.data.AutoRecharge);
    setAutoAmount(alarm.data.AutoRechargeAmount > 0 ? unitsToText(alarm.data.AutoRechargeAmount) : '');
  }, [alarm.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const thresholdUnits = threshold.trim() === '' ? 0 : parseMoneyInput(threshold);
    const autoUnits = auto ? parseMoneyInput(autoAmount) : 0;
    const bad =
      thresholdUnits === null ||
      autoUnits === null ||
      (email && thresholdUnits === 0) ||
      (auto && autoUnits < MIN_RECHARGE_UNITS);
    setInvalid(bad);
    if (bad) return;
    save.mutate(
      { Enabled: email, ProductType: 0, Threshold: thresholdUnits, AutoRecharge: auto, AutoRechargeAmount: autoUnits },
      { onSuccess: () => notify(t('alarm.saved')) },
    );
  };
  return (
    <Card title={t('alarm.title')}>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('alarm.title')}>
        <p className="text-sm text-slate-600">{t('alarm.intro')}</p>
        <TextField label={t('alarm.threshold')} inputMode="decimal" value={threshold} onValueChange={setThreshold} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} />
          {t('alarm.email')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={auto} disabled={!hasCard} onChange={(e) => setAuto(e.target.checked)} />
          {t('alarm.autoRecharge')}
        </label>
        {!hasCard && <p className="text-xs text-slate-500">{t('alarm.needsCard')}</p>}
        {auto && (
          <TextField
            label={t('alarm.autoAmount')}
            inputMode="decimal"
            value={autoAmount}
            onValueChange={setAutoAmount}
          />
        )}
        {invalid && (
          <p role="alert" className="text-sm text-red-600">
            {t('alarm.invalid')}
          </p>
        )}
        <Button type="submit" loading={save.isPending}>
          {t('alarm.save')}
        </Button>
      </form>
    </Card>
  );
}
