import { afterAll, beforeAll } from 'vitest';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { issueTokens } from '../auth/sessions';
import { audienceTenant } from '../audience/testkit';
import type { MemoryJobQueue } from '../queue/memory';
import { registerJourneyWorkers } from '../jobs/journeys';
import { journeyFixtures } from './testkit';

// The journey tests' bed: a test server working the journey queues, and two accounts (the owner and another)
// with everything their journeys need to send — templates tagged `<prefix><account id>` (journeyFixtures).

type Tenant = Awaited<ReturnType<typeof audienceTenant>>;

export interface JourneyTestBed {
  server: TestServer;
  jobs: MemoryJobQueue;
  owner: Tenant;
  other: Tenant;
  /** The owner's and the other's fixture tags. */
  ownerTag: string;
  otherTag: string;
  /** Moves the server clock; both accounts sign in again (a day ends their sessions). */
  advance(ms: number): Promise<void>;
}

export function journeyTestBed(prefixes: [string, string]): JourneyTestBed {
  const bed = {} as JourneyTestBed;
  let timer: NodeJS.Timeout;
  bed.advance = async (ms) => {
    bed.server.deps.clock.advance(ms);
    for (const tenant of [bed.owner, bed.other]) {
      const tokens = await issueTokens(bed.server.deps.database.db, bed.server.deps.clock, tenant.id);
      Object.assign(tenant, typedApi(bed.server, { token: tokens.AccessToken }));
    }
  };
  beforeAll(async () => {
    bed.server = await createTestServer();
    bed.jobs = bed.server.deps.jobs as MemoryJobQueue;
    timer = await registerJourneyWorkers(bed.server.deps);
    bed.owner = await audienceTenant(bed.server);
    bed.other = await audienceTenant(bed.server);
    bed.ownerTag = `${prefixes[0]}${bed.owner.id}`;
    bed.otherTag = `${prefixes[1]}${bed.other.id}`;
    const now = bed.server.deps.clock.now();
    await journeyFixtures(bed.server.deps.database.db, bed.owner.id, bed.ownerTag, now);
    await journeyFixtures(bed.server.deps.database.db, bed.other.id, bed.otherTag, now);
  }, 120_000);
  afterAll(async () => {
    clearInterval(timer);
    bed.server?.deps.clock.reset();
    await bed.server?.close();
  });
  return bed;
}
