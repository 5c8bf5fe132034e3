import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

/** "Send again": counts the 60 s down on its face, then sends. */
export function ResendButton({
  secondsLeft,
  sending,
  canSend,
  onSend,
}: {
  secondsLeft: number | null;
  sending: boolean;
  canSend: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Button variant="secondary" loading={sending} disabled={!canSend} onClick={onSend}>
      {secondsLeft !== null && !sending ? t('common.sendAgainIn', { seconds: secondsLeft }) : t('common.sendAgain')}
    </Button>
  );
}
