import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, typedApi, type TestServer } from '../testing/harness';
import { listenOnPublicUrl } from '../testing/listen';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { waTemplates } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { CreateWaTemplateInput } from '../../src/gateway/contract/actions/wa-templates';
import { waTemplateReviewDelayMs } from './sandbox-platform';
import { runWaTemplateReview } from './sync';
import { waTemplateDeps } from '.';
import { QUEUE } from '../queue';
import { deliverSandboxWebhook } from '../platforms/whatsapp/sandbox-webhooks';
import { templateStatusBody } from '../platforms/whatsapp/sandbox-message-templates';
import type { MemoryJobQueue } from '../queue/memory';

// WhatsApp templates on the server: creation (idempotent, unique per name and language), the sandbox
// review with its reasons, edit and resubmit, deletion of every language, bad input, 17109, tenants.

// The templates go to the sandbox Graph API over HTTP (the test server listens).
let server: TestServer;
beforeAll(async () => {
  server = await listenOnPublicUrl(await createTestServer());
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const marketing = (patch: Partial<CreateWaTemplateInput> = {}): CreateWaTemplateInput => ({
  Name: `sale_${crypto.randomUUID().slice(0, 8)}`,
  Language: 'en_US',
  Category: 'MARKETING',
  Body: 'Hello {{1}}, our spring sale starts today in every shop.',
  BodySamples: ['Ann'],
  ButtonKind: 'CALL_TO_ACTION',
  Buttons: [{ Type: 'URL', Text: 'Shop now', Url: 'https://shop.example/sale' }],
  ...patch,
});

async function tenant() {
  const account = await freshTenant(server);
  return { ...typedApi(server, { token: account.token }), userId: account.id };
}
const afterReview = () => server.deps.clock.advance(waTemplateReviewDelayMs() + 1);
const rowsOf = (userId: number) =>
  server.deps.database.db.select().from(waTemplates).where(eq(waTemplates.userId, userId));

describe('WhatsApp templates', () => {
  it('creates a template PENDING that the sandbox approves after its review time', async () => {
    const { api } = await tenant();
    const created = await api('CreateWhatsAppTemplate', marketing());
    expect(created.Status).toBe('PENDING');
    expect((await api('GetWhatsAppTemplate', { TemplateId: created.TemplateId })).Status).toBe('PENDING');
    afterReview();
    const list = await api('ListWhatsAppTemplate', {});
    expect(list.Templates.map((t) => t.Status)).toEqual(['APPROVED']);
    expect(list.Templates[0].ReviewTime).toBeGreaterThan(0);
  });

  it('rejects with a reason, then an edit resubmits it and it is approved', async () => {
    const { api } = await tenant();
    const created = await api(
      'CreateWhatsAppTemplate',
      marketing({ Body: 'Hello {{1}}, spammy deals are here today ok.' }),
    );
    afterReview();
    const [rejected] = (await api('ListWhatsAppTemplate', {})).Templates;
    expect([rejected.Status, rejected.RejectReason]).toEqual(['REJECTED', 'PROMOTIONAL']);
    const edited = await api('UpdateWhatsAppTemplate', {
      TemplateId: created.TemplateId,
      Category: 'UTILITY',
      Body: 'Hello {{1}}, your order has shipped today, thank you.',
      BodySamples: ['Ann'],
    });
    expect(edited.Status).toBe('PENDING');
    afterReview();
    const [approved] = (await api('ListWhatsAppTemplate', {})).Templates;
    expect([approved.Status, approved.RejectReason, approved.Category]).toEqual(['APPROVED', '', 'UTILITY']);
  });

  it('keeps the category of an approved template and refuses edits while pending', async () => {
    const { reply, api } = await tenant();
    const created = await api('CreateWhatsAppTemplate', marketing());
    const pending = await reply('UpdateWhatsAppTemplate', { TemplateId: created.TemplateId, ...marketing() } as never);
    expect(pending.RetCode).toBe(RetCode.ValidationError); // Name and Language are not edited
    const early = await reply('UpdateWhatsAppTemplate', {
      TemplateId: created.TemplateId,
      Category: 'MARKETING',
      Body: 'Our spring sale starts today in every shop, come by.',
    });
    expect(early.RetCode).toBe(RetCode.IllegalTransition);
    afterReview();
    await api('ListWhatsAppTemplate', {});
    const locked = await reply('UpdateWhatsAppTemplate', {
      TemplateId: created.TemplateId,
      Category: 'UTILITY',
      Body: 'Our spring sale starts today in every shop, come by.',
    });
    expect(locked.RetCode).toBe(RetCode.WaTemplateCategoryLocked);
  });

  it('ends LIMIT_EXCEEDED for a limit_ name and answers a retried create once', async () => {
    const { api, userId } = await tenant();
    const input = marketing({ Name: 'limit_reached', IdempotencyKey: 'create-once-1' });
    const first = await api('CreateWhatsAppTemplate', input);
    const again = await api('CreateWhatsAppTemplate', input);
    expect(again.TemplateId).toBe(first.TemplateId);
    expect(await rowsOf(userId)).toHaveLength(1);
    afterReview();
    expect((await api('ListWhatsAppTemplate', {})).Templates[0].Status).toBe('LIMIT_EXCEEDED');
  });

  it('refuses the same name in the same language, and takes it in another', async () => {
    const { reply, api } = await tenant();
    await api('CreateWhatsAppTemplate', marketing({ Name: 'welcome' }));
    const twin = await reply('CreateWhatsAppTemplate', marketing({ Name: 'welcome' }));
    expect(twin.RetCode).toBe(RetCode.WaTemplateExists);
    expect(twin.Data).toMatchObject({ Fields: [{ Field: 'Name' }] });
    await api('CreateWhatsAppTemplate', marketing({ Name: 'welcome', Language: 'zh_CN' }));
  });

  it('deletes every language of a name through PENDING_DELETION to DELETED', async () => {
    const { api } = await tenant();
    const en = await api('CreateWhatsAppTemplate', marketing({ Name: 'goodbye' }));
    await api('CreateWhatsAppTemplate', marketing({ Name: 'goodbye', Language: 'es' }));
    await api('CreateWhatsAppTemplate', marketing({ Name: 'other' }));
    expect((await api('GetWhatsAppTemplate', { TemplateId: en.TemplateId })).OtherLanguages).toEqual(['es']);
    const { Deleted } = await api('DeleteWhatsAppTemplate', { TemplateId: en.TemplateId });
    expect(Deleted.map((d) => d.Language).sort()).toEqual(['en_US', 'es']);
    expect((await api('GetWhatsAppTemplate', { TemplateId: en.TemplateId })).Status).toBe('PENDING_DELETION');
    const list = await api('ListWhatsAppTemplate', {});
    expect(list.Templates.map((t) => t.Name)).toEqual(['other']);
  });

  it.each<[string, Partial<CreateWaTemplateInput>, string]>([
    ['a variable ending the body', { Body: 'Your sale code for today is {{1}}', BodySamples: ['X'] }, 'Body'],
    [
      'a non-http URL button',
      { Buttons: [{ Type: 'URL', Text: 'Shop', Url: 'javascript:alert(1)' }] },
      'Buttons.0.Url',
    ],
    [
      'two URL buttons',
      {
        Buttons: [
          { Type: 'URL', Text: 'A', Url: 'https://a.example' },
          { Type: 'URL', Text: 'B', Url: 'https://b.example' },
        ],
      },
      'Buttons.1.Type',
    ],
    [
      'an expiry of 91 minutes',
      {
        Category: 'AUTHENTICATION',
        Body: '{{1}} is your verification code.',
        BodySamples: ['123456'],
        ButtonKind: 'COPY_CODE',
        Buttons: [{ Type: 'COPY_CODE', Text: 'Copy code' }],
        CodeExpiryMinutes: 91,
      },
      'CodeExpiryMinutes',
    ],
    [
      'a media header without its file',
      { Type: 'Media', HeaderFormat: 'IMAGE', HeaderMediaFileId: 'nope' },
      'HeaderMediaFileId',
    ],
    ['an unknown field', { Extra: 1 } as never, 'Extra'],
  ])('refuses %s, naming the field, and stores nothing', async (_name, patch, field) => {
    const { reply, userId } = await tenant();
    const answer = await reply('CreateWhatsAppTemplate', marketing(patch));
    expect(answer.RetCode).not.toBe(0);
    expect(JSON.stringify(answer.Data)).toContain(field);
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it('answers 17109 while the platform cannot list the templates, and recovers once it is deleted', async () => {
    const { reply, api } = await tenant();
    const failing = await api('CreateWhatsAppTemplate', marketing({ Name: 'fetchfail_demo' }));
    expect((await reply('ListWhatsAppTemplate', {})).RetCode).toBe(RetCode.WhatsAppGetTemplates);
    await api('DeleteWhatsAppTemplate', { TemplateId: failing.TemplateId });
    expect((await reply('ListWhatsAppTemplate', {})).RetCode).toBe(0);
  });

  it('shows another account nothing', async () => {
    const owner = await tenant();
    const created = await owner.api('CreateWhatsAppTemplate', marketing({ Name: 'private_one' }));
    const other = await tenant();
    expect((await other.api('ListWhatsAppTemplate', {})).Total).toBe(0);
    expect((await other.reply('GetWhatsAppTemplate', { TemplateId: created.TemplateId })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await other.reply('DeleteWhatsAppTemplate', { TemplateId: created.TemplateId })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect(
      (
        await other.reply('UpdateWhatsAppTemplate', {
          TemplateId: created.TemplateId,
          Category: 'MARKETING',
          Body: 'Our spring sale starts today in every shop, come by.',
        })
      ).RetCode,
    ).toBe(RetCode.NotFound);
    await other.api('CreateWhatsAppTemplate', marketing({ Name: 'private_one' }));
    expect((await owner.api('ListWhatsAppTemplate', {})).Total).toBe(1);
  });

  it('queues the review job after the review delay; the job applies the verdict or looks again later', async () => {
    const { api, userId } = await tenant();
    const jobs = server.deps.jobs as MemoryJobQueue;
    const created = await api(
      'CreateWhatsAppTemplate',
      marketing({ Body: 'Hello {{1}}, a badformat message for you now.' }),
    );
    const queued = jobs.sent.filter(
      (job) => job.queue === QUEUE.waTemplateReview && (job.data as { userId: number }).userId === userId,
    );
    expect(queued).toHaveLength(1);
    expect(queued[0].options.startAfterMs).toBeGreaterThanOrEqual(waTemplateReviewDelayMs());
    await runWaTemplateReview(waTemplateDeps(server.deps), { userId, attempt: 0 });
    expect(
      jobs.sent.filter(
        (job) => job.queue === QUEUE.waTemplateReview && (job.data as { userId: number }).userId === userId,
      ),
    ).toHaveLength(2);
    afterReview();
    await runWaTemplateReview(waTemplateDeps(server.deps), { userId, attempt: 1 });
    const row = await api('GetWhatsAppTemplate', { TemplateId: created.TemplateId });
    expect([row.Status, row.RejectReason]).toEqual(['REJECTED', 'INVALID_FORMAT']);
    expect(
      jobs.sent.filter(
        (job) => job.queue === QUEUE.waTemplateReview && (job.data as { userId: number }).userId === userId,
      ),
    ).toHaveLength(2);
  });
});

describe('the verdict by signed webhook (message_template_status_update)', () => {
  it('moves the template the webhook names, in its own business account only, once', async () => {
    const a = await tenant();
    const b = await tenant();
    const created = await a.api('CreateWhatsAppTemplate', marketing());
    const [row] = await rowsOf(a.userId);
    expect(row.platformId).not.toBe('');
    const ref = `herald-${a.userId}`;
    const template = { id: row.platformId, name: row.name, language: row.language };
    // another business account naming this template id: nothing moves
    const foreign = await deliverSandboxWebhook(
      server.deps,
      templateStatusBody(`herald-${b.userId}`, template, 'APPROVED', ''),
      { retryMs: [] },
    );
    expect(foreign.delivered).toBe(true);
    expect((await a.api('GetWhatsAppTemplate', { TemplateId: created.TemplateId })).Status).toBe('PENDING');
    // the platform's verdict arrives: no list read is needed to show it
    const body = templateStatusBody(ref, template, 'REJECTED', 'INVALID_FORMAT');
    expect((await deliverSandboxWebhook(server.deps, body, { retryMs: [] })).delivered).toBe(true);
    const rejected = await a.api('GetWhatsAppTemplate', { TemplateId: created.TemplateId });
    expect([rejected.Status, rejected.RejectReason]).toEqual(['REJECTED', 'INVALID_FORMAT']);
    // a replayed webhook changes nothing (the row has been edited meanwhile to see it)
    await server.deps.database.db.update(waTemplates).set({ status: 'PENDING' }).where(eq(waTemplates.id, row.id));
    await deliverSandboxWebhook(server.deps, body, { retryMs: [] });
    expect((await a.api('GetWhatsAppTemplate', { TemplateId: created.TemplateId })).Status).toBe('PENDING');
  });
});
