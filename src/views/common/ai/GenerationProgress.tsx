import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_TEXT_LIMITS } from '../../../gateway/contract/actions/ai-text';
import { Button } from '../../ui/Button';

/** The spec's "about 30 seconds" wait: elapsed time against the expected time, with a cancel where one exists. */
export function GenerationProgress({ message, onCancel }: { message: string; onCancel?: () => void }) {
  const { t } = useTranslation('emailSend');
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  const expected = AI_TEXT_LIMITS.expectedSeconds;
  return (
    <div className="mt-4 flex flex-col gap-2" role="status">
      <p className="text-sm text-slate-700">{message}</p>
      <div className="flex items-center gap-3">
        <progress
          aria-label={t('ai.progress')}
          className="h-2 flex-1 accent-brand-600"
          max={expected}
          value={Math.min(seconds, expected - 1)}
        />
        <span className="w-12 text-right text-xs tabular-nums text-slate-500">{t('ai.elapsed', { seconds })}</span>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('ai.cancel')}
          </Button>
        )}
      </div>
    </div>
  );
}
