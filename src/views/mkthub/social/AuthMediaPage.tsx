import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import { connectSocialProfileMutation } from '../../../gateway/client/mutations/social';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';

/**
 * /mkthub/authmediapage/{Id}: where the platform sends the user back (Id is the platform type) with a code
 * and Herald's state, or with error=access_denied. The code is exchanged once (a ref: StrictMode runs
 * effects twice, and the state works only once).
 */
export default function AuthMediaPage() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const { Id } = useParams<{ Id: string }>();
  const params = new URLSearchParams(useSearch());
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error') !== null;
  const connect = useMutation(connectSocialProfileMutation(client));
  const started = useRef(false);

  useEffect(() => {
    if (started.current || denied || !code || !state) return;
    started.current = true;
    connect.mutate({ PlatformType: Number(Id), Code: code, State: state });
  }, [Id, code, state, denied, connect]);

  const message = denied
    ? t('social.auth.denied')
    : !code || !state
      ? t('social.auth.missing')
      : connect.isError
        ? connect.error.message
        : connect.isSuccess
          ? t('social.auth.connected', {
              name: connect.data.Name,
              platform: t(`social.platforms.${connect.data.PlatformType as 1}`),
            })
          : t('social.auth.working');
  const failed = denied || !code || !state || connect.isError;

  return (
    <PageFrame title={t('titles.authMedia')}>
      <Card>
        <p role={failed ? 'alert' : 'status'} className={failed ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>
          {message}
        </p>
        <Link href="/mkthub/socialMedialist" className="mt-4 inline-block text-sm text-brand-700 underline">
          {t('social.auth.back')}
        </Link>
      </Card>
    </PageFrame>
  );
}
