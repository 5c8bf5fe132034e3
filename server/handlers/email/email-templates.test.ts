import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceAttributes } from '../../db/schema';
import { EMAIL_TEMPLATE_STATUS } from '../../../src/gateway/contract/email/template-rules';
import { createAccount, createSmsTestServer, waitFor, type SmsTestServer } from '../sms/sms-test-helpers';

// E-mail templates end to end on the real queue: sanitising, field errors, the sandbox review,
// the lifecycle on update and delete, and tenant isolation.

let server: SmsTestServer;
let other: { id: number; token: string };

beforeAll(async () => {
  server = await createSmsTestServer();
  other = await createAccount(server);
}, 90_000);
afterAll(() => server?.close());

const HTML =
  '<table width="600"><tr><td style="color:#333">Hello {{FirstName}}, 你好 <a href="javascript:alert(1)">x</a>' +
  '<img src="https://cdn.example/a.png" onerror="alert(1)"></td></tr></table>';

const template = (extra: Record<string, unknown> = {}, token?: string) =>
  server.call<{ TemplateId: string; Status: number; Fields?: { Field: string; Key: string }[] }>(
    'CreateEmailTemplate',
    {
      TemplateName: 'welcome',
      Subject: 'Welcome {{FirstName}}',
      PreviewText: 'Glad to see you',
      Kind: 'batch',
      EmailType: 3,
      Editor: 'dragDrop',
      Design: '{"pages":[]}',
      Html: HTML,
      ...extra,
    },
    token,
  );

type Got = { Status: number; Html: string; Text: string; MergeTags: string[]; Design: string; RejectReason: string };
const get = (TemplateId: string, token?: string) => server.call<Got>('GetEmailTemplate', { TemplateId }, token);

describe('e-mail templates', () => {
  it('stores sanitised HTML with a text part and passes the sandbox review', async () => {
    const created = await template();
    expect(created.RetCode).toBe(0);
    expect(created.Data.Status).toBe(EMAIL_TEMPLATE_STATUS.PendingReview);
    const reviewed = await waitFor(
      () => get(created.Data.TemplateId),
      (r) => r.Data.Status === EMAIL_TEMPLATE_STATUS.Passed,
    );
    expect(reviewed.Data.Html).not.toMatch(/javascript:|onerror/);
    expect(reviewed.Data.Html).toContain('Hello {{FirstName}}, 你好');
    expect(reviewed.Data.Text).toContain('Hello {{FirstName}}, 你好');
    expect(reviewed.Data.MergeTags).toEqual(['FirstName']);
    expect(reviewed.Data.Design).toBe('{"pages":[]}');
  });

  it('refuses a script tag, an unclosed merge tag, an unknown one and a subject over 150 characters by field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Html: '<p>Hi</p><script>alert(1)</script>' }, 'Html', 'validation:emailScript'],
      [{ Html: '<p>Hi</p><SCRIPT >alert(1)</SCRIPT >' }, 'Html', 'validation:emailScript'],
      [{ Html: '<p>Hi {{FirstName</p>' }, 'Html', 'validation:emailMergeTagUnclosed'],
      [{ Subject: 'Hi {{FirstName' }, 'Subject', 'validation:emailMergeTagUnclosed'],
      [{ Html: '<p>Hi {{shoeSize}}</p>' }, 'Html', 'validation:emailMergeTagUnknown'],
      [{ Subject: 'x'.repeat(151) }, 'Subject', 'validation:emailSubjectTooLong'],
    ];
    for (const [extra, field, key] of cases) {
      const reply = await template(extra);
      expect(reply.RetCode, JSON.stringify(extra)).not.toBe(0);
      expect(reply.status).toBe(200);
      expect(reply.Data.Fields).toEqual([{ Field: field, Key: key }]);
      expect(reply.Message).not.toBe('');
    }
  });

  it('accepts a merge tag of one of the account’s own attributes', async () => {
    const now = server.deps.clock.now();
    const {
      rows: [user],
    } = await server.deps.database.query<{ id: number }>("SELECT id FROM users WHERE email = 'demo@herald.local'");
    expect(user).toBeDefined();
    await server.deps.database.db
      .insert(audienceAttributes)
      .values({ userId: Number(user.id), name: 'shoe_size', type: 1, source: 'contact', createdAt: now });
    expect((await template({ Html: '<p>Size {{shoe_size}}</p>' })).RetCode).toBe(0);
    expect((await template({ Html: '<p>Size {{shoe_size}}</p>' }, other.token)).Data.Fields?.[0].Key).toBe(
      'validation:emailMergeTagUnknown',
    );
  });

  it('keeps a draft out of review, submits it on update, and rejects a blocked link shortener', async () => {
    const draft = await template({ Draft: true });
    expect(draft.Data.Status).toBe(EMAIL_TEMPLATE_STATUS.Draft);
    const submitted = await server.call<{ Status: number }>('UpdateEmailTemplate', {
      TemplateId: draft.Data.TemplateId,
      TemplateName: 'welcome 2',
      Subject: 'Offer',
      Kind: 'trigger',
      EmailType: 0,
      Editor: 'richText',
      Design: '{}',
      Html: '<p>See https://bit.ly/abc now</p>',
    });
    expect(submitted.Data.Status).toBe(EMAIL_TEMPLATE_STATUS.PendingReview);
    const reviewed = await waitFor(
      () => get(draft.Data.TemplateId),
      (r) => r.Data.Status === EMAIL_TEMPLATE_STATUS.Rejected,
    );
    expect(reviewed.Data.RejectReason).not.toBe('');
  });

  it('lists by status and keyword, and deletes', async () => {
    const created = await template({ TemplateName: 'findme' });
    const list = await server.call<{ Total: number; Templates: { TemplateId: string }[] }>('GetEmailTemplateList', {
      Keyword: 'findme',
    });
    expect(list.Data.Templates.map((t) => t.TemplateId)).toEqual([created.Data.TemplateId]);
    const drafts = await server.call<{ Templates: { Status: number }[] }>('GetEmailTemplateList', { Status: [0] });
    expect(drafts.Data.Templates.every((t) => t.Status === 0)).toBe(true);
    await waitFor(
      () => get(created.Data.TemplateId),
      (r) => r.Data.Status !== EMAIL_TEMPLATE_STATUS.PendingReview && r.Data.Status !== EMAIL_TEMPLATE_STATUS.InReview,
    );
    expect((await server.call('DeleteEmailTemplate', { TemplateIds: [created.Data.TemplateId] })).RetCode).toBe(0);
    expect((await get(created.Data.TemplateId)).RetCode).not.toBe(0);
  });

  it('never shows, edits or deletes another account’s template', async () => {
    const mine = await template({ TemplateName: 'private' });
    const id = mine.Data.TemplateId;
    expect((await get(id, other.token)).RetCode).not.toBe(0);
    expect((await server.call('DeleteEmailTemplate', { TemplateIds: [id] }, other.token)).RetCode).not.toBe(0);
    const theirs = await server.call<{ Total: number }>('GetEmailTemplateList', { Keyword: 'private' }, other.token);
    expect(theirs.Data.Total).toBe(0);
    const edit = await server.call(
      'UpdateEmailTemplate',
      {
        TemplateId: id,
        TemplateName: 'stolen',
        Subject: 's',
        Kind: 'batch',
        EmailType: 0,
        Editor: 'richText',
        Design: '{}',
        Html: '<p>x</p>',
      },
      other.token,
    );
    expect(edit.RetCode).not.toBe(0);
    expect((await get(id)).Data.Status).not.toBe(EMAIL_TEMPLATE_STATUS.Deleted);
  });

  it('previews sanitised HTML without storing it', async () => {
    const preview = await server.call<{ Html: string; Text: string }>('PreviewEmailTemplate', {
      Html: '<p onclick="x()">Hi {{FirstName}}</p>',
    });
    expect(preview.Data.Html).not.toContain('onclick');
    expect(preview.Data.Text).toBe('Hi {{FirstName}}');
  });
});
