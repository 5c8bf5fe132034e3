import { useQueryClient } from '@tanstack/react-query';
import { socialKeys } from '../../gateway/client/queries/social';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { socialSignInMachine } from '../../machines/social-signin.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';
import { AuthLayout } from '../common/AuthLayout';
import { SessionActor } from '../shell/actors';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { Notice } from './Notice';
import { signInPlatformName } from './social-platforms';
import { dropProgress, keepProgress, readProgress } from './social-signin-progress';
import { isConsolePath } from '../../gateway/contract/service-path';

/** Settings' tab of linked sign-in identities, where a link from there comes back to. */
export const LINKED_IDENTITIES_PATH = '/setting/user-setting?tab=signIn';

/**
 * /medialogin/{type} (public, spec 000 §2): where the platform sends the browser back after a social
 * sign-in, with `code` and `state` (or `error`). The socialSignIn machine exchanges them; the session
 * takes its tokens as after a password sign-in, and the page goes to the sign-in page's `service` (kept in the
 * signed state). Once the code is spent and a ticket answered, the address loses the code and the ticket is
 * kept for a reload (social-signin-progress.ts). Settings' "Link another" comes back here too.
 */
export default function MediaLoginPage() {
  const { t } = useTranslation('auth');
  const label = useLabel();
  const client = useQueryClient();
  const session = SessionActor.useActorRef();
  const [, navigate] = useLocation();
  const { type } = useParams<{ type: string }>();
  const params = new URLSearchParams(useSearch());
  const platform = Number(type);
  const returned = {
    code: params.get('code') ?? undefined,
    state: params.get('state') ?? undefined,
    error: params.get('error') ?? undefined,
  };
  const actor = useActorRef(
    socialSignInMachine.provide({
      actions: {
        goToPlatform: (_, p) => window.location.assign(p.url),
        keepProgress: ({ context }, p) => {
          keepProgress(platform, {
            kind: p.kind,
            ticket: context.ticket,
            platformEmail: context.platformEmail,
            name: context.name,
            service: context.service,
          });
          // The code is spent: a reload goes on from the kept ticket instead of showing "expired".
          if (window.location.search) navigate(`/medialogin/${platform}`, { replace: true });
        },
        dropProgress: () => dropProgress(platform),
      },
    }),
    {
      input: { client, platform, returned, resumed: returned.code ? null : readProgress(platform) },
      inspect: inspectActor,
    },
  );
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const busy = (['exchanging', 'registering', 'linking', 'linkingIdentity', 'opening', 'leaving'] as const).some((s) =>
    snapshot.matches(s),
  );
  const platformName = signInPlatformName(platform, t);
  // An i18n key (denied, offline) or the gateway's own words.
  const error = context.error
    ? /^[a-zA-Z]+:[\w.]+$/.test(context.error)
      ? label(context.error as TranslationKey)
      : context.error
    : null;

  useEffect(() => {
    const subscription = actor.subscribe((next) => {
      if (next.matches('signedIn') && next.context.tokens) {
        const { email, ...tokens } = next.context.tokens;
        session.send({ type: 'session.signIn', tokens, email });
        // The sign-in page's service, or the console's home (this public page is not a guest route that
        // redirects by itself).
        const { service } = next.context;
        navigate(service && isConsolePath(service) ? service : '/dashboard', { replace: true });
      }
      if (next.matches('identityLinked')) {
        void client.invalidateQueries({ queryKey: socialKeys.identities() });
        navigate(LINKED_IDENTITIES_PATH, { replace: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, session, navigate, client]);

  let body;
  if (snapshot.matches('needsRegistration'))
    body = (
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'register.submit' });
        }}
      >
        <p className="text-sm text-slate-700">
          {context.platformEmail
            ? t('social.registerWith', { email: context.platformEmail, name: context.name, platform: platformName })
            : t('social.registerAsk', { name: context.name, platform: platformName })}
        </p>
        {!context.platformEmail && (
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            value={context.email}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
          />
        )}
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" className="w-full">
          {t('social.createAccount')}
        </Button>
        <button
          type="button"
          className="w-full text-center text-sm text-brand-600 hover:underline"
          onClick={() => actor.send({ type: 'link.choose' })}
        >
          {t('social.haveAccount')}
        </button>
      </form>
    );
  else if (snapshot.matches('needsLink'))
    body = (
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'link.submit' });
        }}
      >
        <p className="text-sm text-slate-700">
          {context.platformEmail
            ? t('social.linkExisting', { email: context.platformEmail, platform: platformName })
            : t('social.linkTyped', { platform: platformName })}
        </p>
        {!context.platformEmail && (
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            value={context.email}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
          />
        )}
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          value={context.password}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'password', value })}
        />
        {error && <Notice tone="error">{error}</Notice>}
        <Button type="submit" className="w-full" loading={snapshot.matches('linking')}>
          {t('social.linkSubmit')}
        </Button>
      </form>
    );
  else if (snapshot.matches('refused'))
    body = (
      <div className="space-y-4">
        <Notice tone="error">{error}</Notice>
        <Button className="w-full" onClick={() => actor.send({ type: 'signin.retry' })}>
          {t('social.retry')}
        </Button>
        {context.purpose === 'link' ? (
          <Link href={LINKED_IDENTITIES_PATH} className="block text-center text-sm text-brand-600 hover:underline">
            {t('social.backToSettings')}
          </Link>
        ) : (
          <Link href="/signin" className="block text-center text-sm text-brand-600 hover:underline">
            {t('social.backToSignIn')}
          </Link>
        )}
      </div>
    );
  else if (snapshot.matches('activationSent'))
    body = (
      <p role="status" className="text-sm text-slate-700">
        {t('social.activationSent', { email: context.email })}
      </p>
    );
  else
    body = (
      <p role="status" aria-busy={busy} className="text-sm text-slate-600">
        {t('social.working')}
      </p>
    );

  return <AuthLayout title={t('social.title', { platform: platformName })}>{body}</AuthLayout>;
}
