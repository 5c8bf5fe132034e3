import type { ServerDeps } from '../context';
import { socialPlatforms, telegramPlatform } from '../platforms';
import { pollTelegramInboxes } from '../inbox/telegram-poll';
import { pollSocialComments } from '../inbox/social-poll';

/** How often each worker process reads the bots' new messages (TELEGRAM_INBOX_POLL_MS, default 5 s). */
export const inboxPollMs = () => Number(process.env.TELEGRAM_INBOX_POLL_MS ?? 5000) || 5000;
/** How often each worker process reads X and YouTube comments (SOCIAL_INBOX_POLL_MS, default 60 s). */
export const socialInboxPollMs = () => Number(process.env.SOCIAL_INBOX_POLL_MS ?? 60_000) || 60_000;

// The inbox's Telegram poll (docs/decisions.md "Smart inbox"): a timer in each worker process. A round
// starts only when the one before has ended; two processes polling at once store each message once.
export function registerInboxPoll(deps: ServerDeps): NodeJS.Timeout {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await pollTelegramInboxes({
        db: deps.database.db,
        now: deps.clock.now(),
        // resolved per round: the sandbox's address is known only once the gateway listens
        platform: telegramPlatform(deps.config),
      });
    } catch (error) {
      console.error('[jobs] inbox poll', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), inboxPollMs());
  timer.unref();
  return timer;
}

// X and YouTube comments (docs/decisions.md "Social messages in the inbox"): the same single-flight timer.
export function registerSocialInboxPoll(deps: ServerDeps): NodeJS.Timeout {
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    try {
      await pollSocialComments({
        db: deps.database.db,
        now: deps.clock.now(),
        platforms: socialPlatforms(deps.config),
      });
    } catch (error) {
      console.error('[jobs] social inbox poll', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void round(), socialInboxPollMs());
  timer.unref();
  return timer;
}
