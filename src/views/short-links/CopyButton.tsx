import { useTranslation } from 'react-i18next';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';

/** Copies a link to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation('shortLinks');
  const notify = useNotify();
  return (
    <Button
      variant="secondary"
      onClick={() => void navigator.clipboard?.writeText(text).then(() => notify(t('list.copied')))}
    >
      {label ?? t('list.copy')}
    </Button>
  );
}
