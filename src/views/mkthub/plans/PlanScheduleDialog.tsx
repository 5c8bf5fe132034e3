import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { schedulePlanMutation } from '../../../gateway/client/mutations/mkt-plans';
import type { PlanSummary } from '../../../gateway/contract/actions/mkt-plans';
import { gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

const INPUT_FORMAT = 'YYYY-MM-DDTHH:mm';

/**
 * The plan list's "Schedule": the plan's day 0, so each step shows on the marketing calendar on its day. A
 * time that is not ahead is refused here and on the server; a scheduled plan can be taken off the calendar.
 */
export function PlanScheduleDialog({ plan, onClose }: { plan: PlanSummary | null; onClose: () => void }) {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const saving = useMutation(schedulePlanMutation(client));
  const [when, setWhen] = useState<string | null>(null);
  const initial = plan?.StartTime ? dayjs.unix(plan.StartTime).format(INPUT_FORMAT) : '';
  const value = when ?? initial;
  const chosen = value ? dayjs(value) : null;
  const ahead = chosen?.isValid() && chosen.isAfter(dayjs());
  const close = () => {
    saving.reset();
    setWhen(null);
    onClose();
  };
  const save = (startTime: number | null) =>
    plan && saving.mutate({ PlanId: plan.PlanId, StartTime: startTime }, { onSuccess: close });
  return (
    <Dialog
      open={plan !== null}
      onClose={close}
      title={t('plans.schedule.title')}
      description={plan?.Name}
      size="sm"
      footer={
        <>
          {plan?.StartTime ? (
            <Button variant="secondary" loading={saving.isPending} onClick={() => save(null)}>
              {t('plans.schedule.remove')}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={close}>
            {t('plans.schedule.cancel')}
          </Button>
          <Button disabled={!ahead} loading={saving.isPending} onClick={() => chosen && save(chosen.unix())}>
            {t('plans.schedule.save')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 text-sm">
        <p className="text-slate-600">{t('plans.schedule.body')}</p>
        <label className="flex flex-col gap-1 font-medium text-slate-700">
          {t('plans.schedule.start')}
          <input
            type="datetime-local"
            className="rounded-[var(--radius-herald)] border border-slate-300 px-3 py-2 font-normal"
            value={value}
            onChange={(event) => setWhen(event.target.value)}
            aria-invalid={value && !ahead ? true : undefined}
          />
        </label>
        {value && !ahead && (
          <p role="alert" className="text-red-700">
            {t('plans.schedule.notAhead')}
          </p>
        )}
        {saving.error && (
          <p role="alert" className="text-red-700">
            {gatewayMessage(saving.error) ?? t('plans.schedule.failed')}
          </p>
        )}
        <Link href="/mkthub/calendar" className="font-medium text-brand-700 hover:underline">
          {t('plans.schedule.openCalendar')}
        </Link>
      </div>
    </Dialog>
  );
}
