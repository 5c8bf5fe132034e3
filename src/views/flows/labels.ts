import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelWords } from '../../statecharts/statechart';

/** Transition labels in the console's language ("after 3 s", "3 秒后"). */
export function useLabelWords(): LabelWords {
  const { t, i18n } = useTranslation('flows');
  return useMemo(
    () => ({
      always: t('label.always'),
      done: (actor: string) => t('label.done', { actor }),
      error: (actor: string) => t('label.error', { actor }),
      stateDone: t('label.stateDone'),
      after: (amount: number, unit: 'ms' | 's' | 'min' | 'h') => t(`label.after.${unit}`, { amount }),
      afterNamed: (name: string) => t('label.afterNamed', { name }),
    }),
    // the words change with the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}
