import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { socialProfilesQuery } from '../../../gateway/client/queries/social';
import {
  SOCIAL_PLATFORM,
  SOCIAL_PROFILE_STATUS,
  type SocialPlatformType,
} from '../../../gateway/contract/social/platforms';
import { SOCIAL_POST_RULES } from '../../../gateway/contract/social/post-rules';
import { serverProblems, socialPostComposerMachine } from '../../../machines/social-post-composer.machine';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useChangedSinceReady } from '../../common/useChangedSinceReady';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { MediaField } from './MediaField';
import { RulesPanel } from './RulesPanel';
import { TikTokFields } from './TikTokFields';

/** /mkthub/post/social/message[/{postId}]: one post for many social profiles, each platform's rules live. */
export default function SocialPostPage() {
  const { t } = useTranslation('mkthub');
  const [, navigate] = useLocation();
  const { postId } = useParams<{ postId?: string }>();
  const composer = useActorRef(socialPostComposerMachine, { input: { postId }, inspect: inspectActor });
  const state = useSelector(composer, (s) => (typeof s.value === 'string' ? s.value : ''));
  const context = useSelector(composer, (s) => s.context);
  const canPublish = useSelector(composer, (s) => s.can({ type: 'post.publish' }));
  const canSchedule = useSelector(composer, (s) => s.can({ type: 'post.schedule' }));
  const canDraft = useSelector(composer, (s) => s.can({ type: 'post.saveDraft' }));
  const profiles = useQuery(socialProfilesQuery());
  const { profileIds, text, media, youTubeTitle, tikTok, sendTime } = context;
  const changed = useChangedSinceReady(state === 'editing', [profileIds, text, media, youTubeTitle, tikTok, sendTime]);

  useEffect(() => {
    const connected = (profiles.data?.Profiles ?? []).filter((p) => p.Status === SOCIAL_PROFILE_STATUS.Connected);
    composer.send({
      type: 'profiles.available',
      profiles: connected.map((p) => ({
        profileId: p.ProfileId,
        platform: p.PlatformType as SocialPlatformType,
        name: p.Name,
      })),
    });
  }, [profiles.data, composer]);
  useEffect(() => {
    if (state === 'saved') navigate('/mkthub/socialMedialist');
  }, [state, navigate]);

  const title = postId ? t('titles.editSocialPost') : t('titles.newSocialPost');
  if (state === 'loading' || state === 'starting')
    return <PageFrame title={title}>{t('social.composer.loading')}</PageFrame>;
  if (state === 'loadFailed')
    return (
      <PageFrame title={title}>
        <p role="alert" className="mb-3 text-sm text-red-700">
          {context.error instanceof Error ? context.error.message : t('social.composer.loadFailed')}
        </p>
        <Button onClick={() => composer.send({ type: 'load.retry' })}>{t('social.composer.retry')}</Button>
      </PageFrame>
    );

  const chosen = context.available.filter((p) => context.profileIds.includes(p.profileId));
  // A rule refusal names its profile; any other refusal (a profile removed meanwhile) is shown as its message.
  const refused = serverProblems(context.error).filter((problem) => problem.profileId);
  const problems = refused.length ? refused : context.problems;
  const has = (platform: SocialPlatformType) => chosen.some((p) => p.platform === platform);
  // The counter counts against the strictest chosen platform; the rules panel names each one's limit.
  const textMax = chosen.length ? Math.min(...chosen.map((p) => SOCIAL_POST_RULES[p.platform].textMax)) : 0;
  const busy = state === 'savingDraft' || state === 'scheduling' || state === 'publishing';

  return (
    <PageFrame title={title} description={t('social.composer.subtitle')}>
      <LeaveGuard dirty={changed && state !== 'saved'} />
      <Card>
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            composer.send({ type: 'post.publish' });
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('social.composer.profiles')}</legend>
            {context.available.length === 0 && (
              <p className="text-sm text-slate-600">
                {t('social.composer.noProfiles')}{' '}
                <Link href="/mkthub/socialMedialist" className="text-brand-700 underline">
                  {t('social.composer.connectLink')}
                </Link>
              </p>
            )}
            <div className="flex flex-wrap gap-4">
              {context.available.map((profile) => (
                <label key={profile.profileId} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    checked={context.profileIds.includes(profile.profileId)}
                    onChange={() => composer.send({ type: 'profile.toggle', profileId: profile.profileId })}
                  />
                  {t(`social.platforms.${profile.platform}`)} · {profile.name}
                </label>
              ))}
            </div>
          </fieldset>
          <Textarea
            label={t('social.composer.text')}
            value={context.text}
            rows={6}
            counter={textMax ? { count: [...context.text].length, max: textMax } : undefined}
            onValueChange={(value) => composer.send({ type: 'text.change', value })}
          />
          <MediaField composer={composer} />
          {has(SOCIAL_PLATFORM.YouTube) && (
            <TextField
              label={t('social.composer.youTubeTitle')}
              value={context.youTubeTitle}
              onValueChange={(value) => composer.send({ type: 'youTube.title', value })}
            />
          )}
          {has(SOCIAL_PLATFORM.TikTok) && <TikTokFields composer={composer} />}
          <RulesPanel profiles={chosen} problems={problems} />
          <TextField
            label={t('social.composer.sendTime')}
            type="datetime-local"
            value={context.sendTime ? dayjs.unix(context.sendTime).format('YYYY-MM-DDTHH:mm') : ''}
            onValueChange={(value) =>
              composer.send({ type: 'schedule.set', sendTime: value ? dayjs(value).unix() : null })
            }
            className="w-64"
          />
          {context.error != null && refused.length === 0 && (
            <p role="alert" className="text-sm text-red-700">
              {context.error instanceof Error ? context.error.message : ''}
            </p>
          )}
          <div className="flex gap-3">
            <Button type="submit" disabled={!canPublish || busy} loading={state === 'publishing'}>
              {t('social.composer.publish')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!canSchedule || busy}
              loading={state === 'scheduling'}
              onClick={() => composer.send({ type: 'post.schedule' })}
            >
              {t('social.composer.schedule')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!canDraft || busy}
              loading={state === 'savingDraft'}
              onClick={() => composer.send({ type: 'post.saveDraft' })}
            >
              {t('social.composer.saveDraft')}
            </Button>
          </div>
        </form>
      </Card>
    </PageFrame>
  );
}
