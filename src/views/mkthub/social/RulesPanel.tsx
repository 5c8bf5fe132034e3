import { useTranslation } from 'react-i18next';
import type { ComposerProfile } from '../../../machines/social-post-composer.machine';
import type { ProfileProblem } from '../../../gateway/contract/social/post-rules';

/** Each chosen profile with the rules its platform finds broken, live; "ready" when none. */
export function RulesPanel({ profiles, problems }: { profiles: ComposerProfile[]; problems: ProfileProblem[] }) {
  const { t } = useTranslation(['mkthub', 'validation']);
  if (profiles.length === 0) return null;
  return (
    <section aria-label={t('mkthub:social.composer.rulesTitle')} className="rounded border border-slate-200 p-3">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('mkthub:social.composer.rulesTitle')}</h3>
      <ul className="flex flex-col gap-2 text-sm">
        {profiles.map((profile) => {
          const mine = problems.filter((p) => p.profileId === profile.profileId);
          const label = `${t(`mkthub:social.platforms.${profile.platform}`)} · ${profile.name}`;
          return (
            <li key={profile.profileId} aria-label={label}>
              <span className="font-medium text-slate-700">{label}</span>
              {mine.length === 0 ? (
                <span className="ml-2 text-green-700">{t('mkthub:social.composer.profileOk')}</span>
              ) : (
                <ul className="ml-4 list-disc text-red-700">
                  {mine.map((p) => (
                    <li key={`${p.field}:${p.key}`}>
                      {t(`mkthub:social.composer.fields.${p.field}`)}: {String(t(p.key as never, { limit: p.limit }))}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
