import type { SocialSignInProgress } from '../../machines/social-signin.machine';

// A social sign-in's ticket kept for a reload of /medialogin/{type} once the code in the address is spent
// (docs/decisions.md "Social sign-in: linked identities, service, reloads"). sessionStorage: this tab only,
// gone when it closes; the ticket lives 10 minutes on the server, so an older one is not offered. Never the
// password.

const TICKET_LIFETIME_MS = 10 * 60 * 1000;
const keyOf = (platform: number) => `herald.socialSignIn.${platform}`;

export function readProgress(platform: number, now = Date.now()): SocialSignInProgress | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keyOf(platform)) ?? 'null') as
      (SocialSignInProgress & { savedAt: number }) | null;
    if (!kept || typeof kept.ticket !== 'string' || now - kept.savedAt > TICKET_LIFETIME_MS) return null;
    if (kept.kind !== 'needsLink' && kept.kind !== 'needsRegistration') return null;
    const { savedAt: _savedAt, ...progress } = kept;
    return progress;
  } catch {
    return null;
  }
}

export function keepProgress(platform: number, progress: SocialSignInProgress, now = Date.now()) {
  try {
    // the ticket's age counts from its first keeping, not from a later visit of the same step
    const earlier = JSON.parse(sessionStorage.getItem(keyOf(platform)) ?? 'null') as {
      ticket?: string;
      savedAt?: number;
    };
    const savedAt = earlier?.ticket === progress.ticket && earlier.savedAt ? earlier.savedAt : now;
    sessionStorage.setItem(keyOf(platform), JSON.stringify({ ...progress, savedAt }));
  } catch {
    // storage refused (private mode quota): a reload then shows "expired", as before
  }
}

export function dropProgress(platform: number) {
  try {
    sessionStorage.removeItem(keyOf(platform));
  } catch {
    // nothing kept
  }
}
