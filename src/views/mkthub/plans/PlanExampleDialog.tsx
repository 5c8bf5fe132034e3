import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendPlanExampleMutation } from '../../../gateway/client/mutations/mkt-plans';
import { mktPlanActions, PLAN_LIMITS } from '../../../gateway/contract/actions/mkt-plans';
import { fieldErrorsOf } from '../../../gateway/contract/field-errors';
import { splitPastedList } from '../../../gateway/contract/validators';
import { useFieldError } from '../../common/useFieldError';
import { gatewayMessage } from '../../gateway-bridge';
import { SessionActor } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Textarea } from '../../ui/Textarea';

/**
 * "E-mail this plan" (SendMKTPlanExample): the plan as an e-mail to a reviewer or a colleague, at most five
 * addresses separated by commas or lines, checked by the shared schema as they are typed.
 */
export function PlanExampleDialog({ planId, open, onClose }: { planId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('mkthub');
  const ownEmail = SessionActor.useSelector((s) => s.context.userInfo?.Email ?? '');
  const [text, setText] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const sending = useMutation(sendPlanExampleMutation());
  const emails = splitPastedList(text ?? ownEmail);
  const input = { PlanId: planId, Emails: emails };
  const fieldError = useFieldError(fieldErrorsOf(mktPlanActions.SendMKTPlanExample.input, input, {}));
  const close = () => {
    sending.reset();
    setTouched(false);
    setText(null);
    onClose();
  };
  const sent = sending.data?.Sent;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('plans.example.title')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {sent === undefined ? t('plans.example.cancel') : t('plans.example.close')}
          </Button>
          {sent === undefined && (
            <Button
              loading={sending.isPending}
              onClick={() => {
                setTouched(true);
                if (!fieldError('Emails')) sending.mutate(input);
              }}
            >
              {t('plans.example.send')}
            </Button>
          )}
        </>
      }
    >
      {sent === undefined ? (
        <div className="grid gap-3">
          <p className="text-sm text-slate-600">{t('plans.example.body', { max: PLAN_LIMITS.exampleAddressesMax })}</p>
          <Textarea
            label={t('plans.example.emails')}
            hint={t('plans.example.emailsHint')}
            rows={3}
            value={text ?? ownEmail}
            onValueChange={setText}
            error={touched ? fieldError('Emails') : undefined}
          />
          {sending.error && (
            <p role="alert" className="text-sm text-red-700">
              {gatewayMessage(sending.error) ?? t('plans.example.failed')}
            </p>
          )}
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {t('plans.example.sent', { count: sent })}
        </p>
      )}
    </Dialog>
  );
}
