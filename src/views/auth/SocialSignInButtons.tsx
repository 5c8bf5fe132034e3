import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { socialSignInMutations } from '../../gateway/client/mutations/social';
import { SOCIAL_SIGNIN_PLATFORMS } from '../../gateway/contract/social/platforms';
import { Notice } from './Notice';
import { signInPlatformName } from './social-platforms';

/**
 * "Continue with …" on /signin and /signup: asks for the platform's sign-in address
 * (GetSocialMediaAuthUrl, Purpose signin) and leaves for it; the platform sends the browser back to
 * /medialogin/{type}. `service` (the sign-in page's, a console path) goes inside the signed state and comes back
 * from the server after the sign-in, never from the platform's return address.
 */
export function SocialSignInButtons({ service }: { service?: string }) {
  const { t } = useTranslation('auth');
  const start = useMutation({
    ...socialSignInMutations.authUrl(),
    onSuccess: (data) => window.location.assign(data.Url),
  });
  return (
    <div className="mt-6" data-testid="social-signin">
      <p className="mb-3 text-center text-xs uppercase tracking-wide text-slate-400">{t('social.or')}</p>
      <div className="grid grid-cols-2 gap-2">
        {SOCIAL_SIGNIN_PLATFORMS.map((platform) => (
          <button
            key={platform}
            type="button"
            disabled={start.isPending}
            onClick={() =>
              start.mutate({ PlatformType: platform, Purpose: 'signin', ...(service ? { Service: service } : {}) })
            }
            className="rounded-[var(--radius-herald)] border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          >
            {t('social.continueWith', { platform: signInPlatformName(platform, t) })}
          </button>
        ))}
      </div>
      {start.isError && (
        <div className="mt-3">
          <Notice tone="error">{start.error.message}</Notice>
        </div>
      )}
    </div>
  );
}
