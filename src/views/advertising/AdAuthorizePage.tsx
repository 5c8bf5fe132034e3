import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import {
  completeAdAuthorizationMutation,
  startAdAuthorizationMutation,
} from '../../gateway/client/mutations/ad-operations';
import { AD_AUTHORIZABLE_PLATFORMS, AD_AUTHORIZATION_STATUS } from '../../gateway/contract/ad-operations';
import type { AdPlatformId } from '../../gateway/contract/advertising';
import { useText } from '../common/useText';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { PageFrame } from '../ui/PageFrame';
import { Select } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { routePlatform } from './ad-route-platform';

/**
 * /advertising/authorize-authpage (and Facebook's): starts an authorisation (the platform's consent page
 * opens in this tab) and is where the platform sends the browser back with ?code&state or ?error.
 */
export default function AdAuthorizePage() {
  const { t } = useTranslation('advertising');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const fixed = routePlatform(location);
  const [platformId, setPlatformId] = useState<AdPlatformId>(
    (fixed?.id as AdPlatformId) ?? AD_AUTHORIZABLE_PLATFORMS[0],
  );
  const [error, setError] = useState<string | null>(null);
  const start = useMutation(startAdAuthorizationMutation());
  const complete = useMutation(completeAdAuthorizationMutation(client));
  const state = search.get('state');
  const code = search.get('code');
  const denied = search.get('error');
  const completing = useRef(false);

  useEffect(() => {
    if (!state || completing.current) return;
    completing.current = true;
    complete.mutate(
      { State: state, ...(code ? { Code: code } : {}), ...(denied ? { Error: denied } : {}) },
      {
        onSuccess: (authorization) => {
          notify(
            authorization.Status === AD_AUTHORIZATION_STATUS.Authorized
              ? t('authorization.done', { business: authorization.BusinessName, count: authorization.Accounts })
              : t('authorization.denied'),
          );
          navigate('/advertising/authorize-list', { replace: true });
        },
        onError: (failure) => setError(text(failure.message)),
      },
    );
  }, [state, code, denied, complete, navigate, notify, t, text]);

  const begin = () =>
    start.mutate(
      { PlatformId: platformId },
      {
        onSuccess: (started) => window.location.assign(started.AuthorizeUrl),
        onError: (f) => setError(text(f.message)),
      },
    );

  return (
    <PageFrame title={t('titles.authorize')} testId="ad-authorize-page">
      <Card title={t('authorization.startTitle')}>
        {state && !error ? (
          <div className="flex items-center gap-2 text-slate-600">
            <Spinner className="h-5 w-5" label={t('authorization.completing')} />
            {t('authorization.completing')}
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{t('authorization.explain')}</p>
            {!fixed && (
              <Select
                label={t('operations.platform')}
                value={platformId}
                options={AD_AUTHORIZABLE_PLATFORMS.map((id) => ({
                  value: id,
                  label: t(`platforms.${id}` as 'platforms.1'),
                }))}
                onChange={setPlatformId}
              />
            )}
            {error && (
              <p role="alert" className="text-sm text-red-600">
                {error}
              </p>
            )}
            <Button onClick={begin} loading={start.isPending}>
              {t('authorization.continue', { platform: t(`platforms.${platformId}` as 'platforms.1') })}
            </Button>
          </div>
        )}
      </Card>
    </PageFrame>
  );
}
