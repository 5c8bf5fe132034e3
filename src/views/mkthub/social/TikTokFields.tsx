import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { TIKTOK_PRIVACY_LEVELS, type TikTokOptions } from '../../../gateway/contract/social/post-rules';
import type { socialPostComposerMachine } from '../../../machines/social-post-composer.machine';
import { TextField } from '../../ui/TextField';

type ComposerActor = ActorRefFrom<typeof socialPostComposerMachine>;

/** TikTok's own fields (spec 001 §5): title, who can view, duet, stitch, comments, branded content. */
export function TikTokFields({ composer }: { composer: ComposerActor }) {
  const { t } = useTranslation('mkthub');
  const tikTok = useSelector(composer, (s) => s.context.tikTok);
  const patch = (value: Partial<TikTokOptions>) => composer.send({ type: 'tikTok.change', patch: value });
  const toggles = [
    ['allowDuet', t('social.composer.allowDuet')],
    ['allowStitch', t('social.composer.allowStitch')],
    ['allowComment', t('social.composer.allowComment')],
  ] as const;
  return (
    <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t('social.composer.tikTok')}</legend>
      <TextField
        label={t('social.composer.tikTokTitle')}
        value={tikTok.title}
        onValueChange={(value) => patch({ title: value })}
      />
      <label className="flex flex-col gap-1 text-sm text-slate-700">
        {t('social.composer.privacy')}
        <select
          className="w-64 rounded border border-slate-300 px-2 py-1.5"
          value={tikTok.privacyLevel}
          onChange={(e) => patch({ privacyLevel: e.target.value as TikTokOptions['privacyLevel'] })}
        >
          <option value="">{t('social.composer.privacyNone')}</option>
          {TIKTOK_PRIVACY_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`social.composer.privacyLevels.${level}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap gap-4">
        {toggles.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={tikTok[key]} onChange={(e) => patch({ [key]: e.target.checked })} />
            {label}
          </label>
        ))}
      </div>
      <div role="radiogroup" aria-label={t('social.composer.branded')} className="flex flex-wrap gap-4 text-sm">
        <span className="text-slate-700">{t('social.composer.branded')}</span>
        {[true, false].map((value) => (
          <label key={String(value)} className="flex items-center gap-2 text-slate-700">
            <input
              type="radio"
              name="tiktok-branded"
              checked={tikTok.brandedContent === value}
              onChange={() => patch({ brandedContent: value })}
            />
            {value ? t('social.composer.brandedYes') : t('social.composer.brandedNo')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
