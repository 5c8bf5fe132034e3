import { performance } from 'node:perf_hooks';
import { createActor } from 'xstate';
import { socialPostComposerMachine } from '../src/machines/social-post-composer.machine';
import { SOCIAL_PLATFORM_TYPES } from '../src/gateway/contract/social/platforms';

// Issue 16 figure: the post composer's validation time per keystroke with 7 profiles selected (one per
// platform). Each keystroke is a `text.change` through the composer machine, which re-checks every chosen
// platform's rules (src/gateway/contract/social/post-rules.ts). `npx tsx bench/social-rules.ts`.
// A figure, never an assertion; the aim printed beside it is one 60 Hz frame's budget share (1 ms).

export function benchSocialRules(keystrokes = 3_000) {
  const actor = createActor(socialPostComposerMachine, { input: {} }).start();
  const profiles = SOCIAL_PLATFORM_TYPES.map((platform) => ({
    profileId: `SP${platform}XXXXXX`,
    platform,
    name: `P${platform}`,
  }));
  actor.send({ type: 'profiles.available', profiles });
  for (const p of profiles) actor.send({ type: 'profile.toggle', profileId: p.profileId });
  actor.send({
    type: 'media.add',
    media: { fileId: 'F1', name: 'clip.mp4', kind: 'video', size: 50_000_000, url: '' },
  });
  let text = '';
  const times: number[] = [];
  for (let i = 0; i < keystrokes; i++) {
    text += i % 7 === 0 ? ' ' : 'é';
    const start = performance.now();
    actor.send({ type: 'text.change', value: text });
    times.push(performance.now() - start);
  }
  actor.stop();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { keystrokes, profiles: profiles.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: times[times.length - 1] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = benchSocialRules();
  console.log(
    `social post composer, ${figures.profiles} profiles, ${figures.keystrokes} keystrokes up to ${figures.keystrokes} characters:` +
      ` p50 ${figures.p50Ms.toFixed(3)} ms, p99 ${figures.p99Ms.toFixed(3)} ms, max ${figures.maxMs.toFixed(2)} ms per keystroke (aim ≤ 1 ms)`,
  );
}
