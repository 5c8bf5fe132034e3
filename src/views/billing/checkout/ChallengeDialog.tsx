import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * The card issuer's check (3-D Secure style). The sandbox provider's challenge is a confirm button;
 * a real provider's page would be framed here. The dialog does not close on the backdrop: the
 * payment waits for an answer.
 */
export function ChallengeDialog({
  open,
  kind,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  kind: 'card' | 'recharge';
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      dismissible={false}
      testId="challenge-dialog"
      title={t(`${kind}.challengeTitle`)}
      description={t(`${kind}.challengeText`)}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t(`${kind}.challengeCancel`)}
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {t(`${kind}.challengeConfirm`)}
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </Dialog>
  );
}
