import type { ServerDeps } from '../context';
import { QUEUE, type StopOptions } from '../queue';
import type { ChannelDescription, ChannelProvider } from '../channels/channel';
import type { ChannelRuntime } from '../channels/runtime';
import { registerMailWorker } from './mail';
import { registerChannelWorkers, sweepChannels } from './channel-workers';
import { registerVoiceTemplateWorkers, registerVoiceWorkers, sweepVoiceAudio } from './voice';
import { registerAudienceWorkers, resumeImports } from './audience-import';
import { registerEmailDomainWorker } from './email-domains';
import { registerEmailAlertWorker } from './email-alerts';
import { registerEmailTemplateWorkers } from './email-templates';
import { registerShortLinkStatsWorker } from './short-links';
import { registerTelegramWorkers } from './telegram';
import { registerSocialWorkers } from './social';
import { registerSocialStatsWorker } from './social-stats';
import { registerAdvertisingWorkers } from './advertising';
import { registerAdOperationWorkers } from './ad-operations';
import { registerFbAdWorkers } from './fb-ads';
import { registerAdSpendWorkers } from './ad-spend';
import { registerJourneyWorkers } from './journeys';
import { registerInboxPoll, registerSocialInboxPoll } from './inbox';
import { registerWaTemplateWorker } from './wa-templates';
import { registerAigcWorker } from './aigc';
import { registerWaAgentWorker } from './wa-agent';

// The workers of a process that works queues (ROLE=worker and the default single process): they take
// jobs from the server's queue (deps.jobs) and call the domain. Every job is idempotent (at-least-once):
// the domain re-checks the database and a send carries its task:recipient key to the carrier.
// ROLE=api processes never start them: they only send through deps.jobs.

export interface JobRuntime extends ChannelRuntime {
  /** Stops the sweep and the queue; `graceful` (the default) lets the jobs in flight finish. */
  stop(options?: StopOptions): Promise<void>;
}

export interface StartJobsOptions {
  /** Providers by channel id, instead of the channel's own (its sandbox). */
  providers?: Record<string, ChannelProvider>;
}

export async function startJobs(deps: ServerDeps, options: StartJobsOptions = {}): Promise<JobRuntime> {
  const timers: NodeJS.Timeout[] = [];
  const scheduleReports = (keys: string[]) =>
    deps.jobs.send(QUEUE.carrierReports, { keys }, { startAfterMs: deps.smsSettings.carrierLatencyMs });
  const providers = new Map<string, ChannelProvider>(Object.entries(options.providers ?? {}));
  const providerOf = (channel: ChannelDescription) => {
    let provider = providers.get(channel.id);
    if (!provider) providers.set(channel.id, (provider = channel.provider(deps, scheduleReports)));
    return provider;
  };
  const runtime: JobRuntime = {
    deps,
    providerOf,
    async stop(stopOptions = {}) {
      for (const timer of timers) clearInterval(timer);
      await deps.jobs.stop({ graceful: stopOptions.graceful ?? true, timeoutMs: stopOptions.timeoutMs });
    },
  };
  await registerMailWorker(deps);
  await registerVoiceWorkers(deps);
  await sweepVoiceAudio(deps);
  await registerAudienceWorkers(deps);
  await registerEmailDomainWorker(deps);
  await registerEmailAlertWorker(deps);
  await resumeImports(deps);
  await registerTelegramWorkers(deps);
  await registerSocialWorkers(deps);
  await registerAdvertisingWorkers(deps);
  await registerAdOperationWorkers(deps);
  timers.push(await registerFbAdWorkers(deps));
  timers.push(await registerAdSpendWorkers(deps));
  await registerWaTemplateWorker(deps);
  await registerWaAgentWorker(deps);
  timers.push(await registerEmailTemplateWorkers(deps));
  timers.push(await registerVoiceTemplateWorkers(deps));
  timers.push(await registerShortLinkStatsWorker(deps));
  timers.push(await registerSocialStatsWorker(deps));
  timers.push(await registerJourneyWorkers(deps));
  timers.push(registerInboxPoll(deps));
  timers.push(registerSocialInboxPoll(deps));
  timers.push(await registerAigcWorker(deps));
  await registerChannelWorkers(runtime);
  await sweepChannels(runtime, { recover: true });
  const timer = setInterval(
    () => void sweepChannels(runtime, { recover: false }).catch((error) => console.error('[jobs] sweep', error)),
    deps.smsSettings.sweepIntervalMs,
  );
  timer.unref();
  timers.push(timer);
  const { startBillingSweeps } = await import('./billing');
  timers.push(startBillingSweeps(runtime));
  return runtime;
}
