import { performance } from 'node:perf_hooks';
import { Clock, HOUR_MS } from '../server/clock';
import { tierWaitMs, WA_CONVERSATION_MS } from '../src/gateway/contract/wa-send';
import { WA_TIER_LIMITS } from '../src/gateway/contract/whatsapp';

// Issue 15 item 4 figure (docs/decisions.md "WhatsApp sending"): a 100,000-recipient WhatsApp task from a
// number on the 10K tier, paced as the kernel paces it, in simulated time on the server's Clock. Each group
// (1,000 recipients, groups 1 s apart) asks the tier rule (tierWaitMs, what whatsappChannel.roomWaitMs
// computes from wa_conversations); a group without room goes back on the queue for the wait, at most an
// hour at a time (the kernel's cap on a delayed job), and asks again. Every recipient opens a new
// conversation (the worst case). `npx tsx bench/whatsapp-tier.ts`. A figure, never an assertion.

export function benchWhatsAppTier(recipients = 100_000, groupSize = 1_000, groupIntervalMs = 1_000) {
  const limit = WA_TIER_LIMITS['10K'];
  const clock = new Clock();
  const start = clock.nowMs();
  const opened: number[] = [];
  const groupStarts: number[] = [];
  let rechecks = 0;
  const wallStart = performance.now();
  for (let sent = 0; sent < recipients;) {
    const size = Math.min(groupSize, recipients - sent);
    const wait = tierWaitMs(limit, opened, clock.nowMs(), size);
    if (wait > 0) {
      rechecks += 1;
      clock.advance(Math.min(wait, HOUR_MS));
      continue;
    }
    groupStarts.push(clock.nowMs() - start);
    for (let i = 0; i < size; i++) opened.push(clock.nowMs());
    sent += size;
    clock.advance(groupIntervalMs);
  }
  const totalMs = groupStarts[groupStarts.length - 1];
  // the most conversations opened in any rolling 24 hours: never above the tier
  let peak = 0;
  for (let i = 0, j = 0; i < opened.length; i++) {
    while (opened[j] <= opened[i] - WA_CONVERSATION_MS) j += 1;
    peak = Math.max(peak, i - j + 1);
  }
  return {
    recipients,
    tier: '10K / 24 h',
    groups: groupStarts.length,
    rechecks,
    windows: Math.ceil(recipients / limit),
    simulatedHours: Number((totalMs / HOUR_MS).toFixed(2)),
    simulatedDays: Number((totalMs / (24 * HOUR_MS)).toFixed(2)),
    peakIn24h: peak,
    wallMs: Number((performance.now() - wallStart).toFixed(1)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = benchWhatsAppTier();
  console.log(
    `WhatsApp tier pacing: ${f.recipients} recipients on a ${f.tier} number: ${f.groups} groups, ${f.rechecks} re-checks,` +
      ` last group after ${f.simulatedHours} h (${f.simulatedDays} days) simulated; peak ${f.peakIn24h} in any 24 h; ${f.wallMs} ms to compute`,
  );
}
