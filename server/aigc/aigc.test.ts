import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { putOnOwnPlan } from '../testing/own-plan';
import { freshTenant, uploadPicture } from '../handlers/uploads/test-helpers';
import { useAiImageProvider } from '../providers/ai-image';
import { renderSandboxImage, sandboxAiImageProvider } from '../providers/ai-image/sandbox';
import { generationDeps } from '.';
import { failStaleGenerations, runGeneration } from './generations';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { AIGC_STATUS, type AigcDesign } from '../../src/gateway/contract/actions/aigc';

// AI images end to end (issue 16 item 7): the rules by field in both languages, the AIGCRequestLimit quota taken
// at the start and given back on failure, one running image per account, the sandbox's real PNG of the asked
// size, the reference check from the file's bytes, saving to the library, GetImageInfo, tenants apart.

let server: TestServer;
let filesDir: string;
let nextPlan = 1;
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-aigc-'));
  process.env.FILES_DIR = filesDir;
  server = await createTestServer();
  useAiImageProvider(server.deps, sandboxAiImageProvider({ delayMs: 0 }));
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function tenant(aiLimit = 3) {
  const account = await freshTenant(server);
  await putOnOwnPlan(server.deps, account.id, {
    key: `aigc-${nextPlan++}`,
    modules: [],
    limits: { AIGCRequestLimit: aiLimit },
  });
  const call = <T>(action: string, input: object, lang?: 'zh') =>
    server.api<T>(action as never, input as never, { token: account.token, lang });
  return { ...account, call };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const request = {
  Prompt: 'Spring shoes on a sunny street',
  Width: 320,
  Height: 180,
  Category: 'banner',
  Industry: 'retail',
};
const fieldsOf = (data: unknown) => (data as { Fields: { Field: string; Key: string }[] }).Fields;
const work = () => generationDeps(server.deps);

async function generated(account: Tenant, input: object = request) {
  const created = await account.call<{ TaskId: string }>('CreateAIGCContentGenerationTask', input);
  expect(created.RetCode, created.Message).toBe(0);
  await runGeneration(work(), created.Data.TaskId);
  const result = await account.call<AigcDesign>('GetAIGCContentGenerationTaskResult', { TaskId: created.Data.TaskId });
  return result.Data;
}

describe('AI images', () => {
  it('refuses bad input at its field in both languages, unknown fields included', async () => {
    const account = await tenant();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ Width: 17 }, 'Width', 'validation:aigcWidthRange'],
      [{ Height: 521 }, 'Height', 'validation:aigcHeightRange'],
      [{ Width: 100.5 }, 'Width', 'validation:aigcWidthRange'],
      [{ Prompt: 'a' }, 'Prompt', 'validation:aiBriefTooShort'],
      [{ Optimization: 'x'.repeat(99), ReferenceFileId: 'f' }, 'Optimization', 'validation:aigcOptimizationTooShort'],
      [{ Optimization: 'x'.repeat(100) }, 'ReferenceFileId', 'validation:aigcReferenceRequired'],
    ];
    for (const [extra, field, key] of cases) {
      const reply = await account.call('CreateAIGCContentGenerationTask', { ...request, ...extra });
      expect(reply.RetCode, JSON.stringify(extra)).toBe(RetCode.ValidationError);
      expect(fieldsOf(reply.Data)[0]).toMatchObject({ Field: field, Key: key });
    }
    const zh = await account.call('CreateAIGCContentGenerationTask', { ...request, Width: 600 }, 'zh');
    expect(zh.Message).toContain('宽度须为 18 到 520 之间的整数像素');
    const unknown = await account.call('CreateAIGCContentGenerationTask', { ...request, Style: 'x' });
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
  });

  it('paints a real PNG of the asked size, the same for the same request, once per quota use', async () => {
    const account = await tenant(2);
    const design = await generated(account);
    expect(design).toMatchObject({ Status: AIGC_STATUS.Succeeded, Width: 320, Height: 180, Reason: '' });
    const image = await server.app.request(design.ImageUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(imageSize(new Uint8Array(await image.arrayBuffer()))).toMatchObject({
      width: 320,
      height: 180,
      type: 'png',
    });
    const again = { prompt: request.Prompt, width: 64, height: 48, category: 'logo', industry: 'food' } as const;
    expect(renderSandboxImage(again).equals(renderSandboxImage(again))).toBe(true);
    expect(renderSandboxImage(again).equals(renderSandboxImage({ ...again, prompt: 'Another picture' }))).toBe(false);

    // the second use, then the quota is used up
    await generated(account, { ...request, Category: 'poster' });
    const over = await account.call('CreateAIGCContentGenerationTask', request);
    expect(over.RetCode).toBe(RetCode.AiQuotaUsedUp);
    const listed = await account.call<{ Total: number; Usage: { Used: number; Limit: number } }>('ListAIGCDesign', {});
    expect(listed.Data).toMatchObject({ Total: 2, Usage: { Used: 2, Limit: 2 } });
    const posters = await account.call<{ Total: number }>('ListAIGCDesign', { Category: 'poster' });
    expect(posters.Data.Total).toBe(1);
  });

  it('runs one image at a time per account, even when two tabs ask at once', async () => {
    const account = await tenant(5);
    const replies = await Promise.all([
      account.call<{ TaskId: string }>('CreateAIGCContentGenerationTask', request),
      account.call<{ TaskId: string }>('CreateAIGCContentGenerationTask', request),
    ]);
    expect(replies.map((reply) => reply.RetCode).sort()).toEqual([0, RetCode.AigcBusy]);
    const running = replies.find((reply) => reply.RetCode === 0)!.Data.TaskId;
    const busy = await account.call('CreateAIGCContentGenerationTask', request, 'zh');
    expect(busy.Message).toContain('仍有图片正在生成');
    await runGeneration(work(), running);
    expect((await account.call('CreateAIGCContentGenerationTask', request)).RetCode).toBe(0);
  });

  it('gives the use back when the provider refuses, and fails a generation that never finished', async () => {
    const account = await tenant(1);
    const refused = await generated(account, { ...request, Prompt: 'Make it [fail]' });
    expect(refused).toMatchObject({ Status: AIGC_STATUS.Failed, Reason: 'refused', ImageUrl: '' });
    const usage = await account.call<{ Usage: { Used: number } }>('ListAIGCDesign', {});
    expect(usage.Data.Usage.Used).toBe(0);
    const created = await account.call<{ TaskId: string }>('CreateAIGCContentGenerationTask', request);
    server.clock.advance(11 * 60_000);
    expect(await failStaleGenerations(work(), 10 * 60_000)).toContain(created.Data.TaskId);
    const stale = await account.call<AigcDesign>('GetAIGCContentGenerationTaskResult', { TaskId: created.Data.TaskId });
    expect(stale.Data).toMatchObject({ Status: AIGC_STATUS.Failed, Reason: 'timedOut' });
    // a late worker finds it settled and changes nothing
    await runGeneration(work(), created.Data.TaskId);
    expect(
      (await account.call<AigcDesign>('GetAIGCContentGenerationTaskResult', { TaskId: created.Data.TaskId })).Data
        .Status,
    ).toBe(AIGC_STATUS.Failed);
  });

  it('starts from a PNG reference read from its bytes, refuses anything else, and reads image facts', async () => {
    const account = await tenant(3);
    const fileId = await uploadPicture(server, account.token);
    expect((await account.call('GetImageInfo', { FileId: fileId })).Data).toEqual({
      Width: 1,
      Height: 1,
      Type: 'png',
      Size: 67,
    });
    const refined = await generated(account, {
      ...request,
      ReferenceFileId: fileId,
      Optimization: 'Brighter. '.repeat(11),
    });
    expect(refined.Status).toBe(AIGC_STATUS.Succeeded);
    const other = await tenant(3);
    const foreign = await other.call('CreateAIGCContentGenerationTask', { ...request, ReferenceFileId: fileId });
    expect(foreign.RetCode).toBe(RetCode.AigcReferenceInvalid);
    expect(fieldsOf(foreign.Data)[0].Field).toBe('ReferenceFileId');
    expect((await other.call('GetImageInfo', { FileId: fileId })).RetCode).toBe(RetCode.ValidationError);
  });

  it('saves a finished design to the library once, and keeps each account’s designs to itself', async () => {
    const account = await tenant(3);
    const design = await generated(account);
    const saved = await Promise.all([
      account.call<{ ItemId: string }>('SaveAIGCDesignToLibrary', { TaskId: design.TaskId }),
      account.call<{ ItemId: string }>('SaveAIGCDesignToLibrary', { TaskId: design.TaskId }),
    ]);
    expect(saved[0].Data.ItemId).toMatch(/^LI/);
    expect(saved[1].Data.ItemId).toBe(saved[0].Data.ItemId);
    const library = await account.call<{ Items: { ItemId: string }[] }>('GetLibrary', {});
    expect(library.Data.Items.map((item) => item.ItemId)).toEqual([saved[0].Data.ItemId]);
    expect(
      (await account.call<AigcDesign>('GetAIGCContentGenerationTaskResult', { TaskId: design.TaskId })).Data.InLibrary,
    ).toBe(true);

    const other = await tenant(3);
    expect((await other.call('GetAIGCContentGenerationTaskResult', { TaskId: design.TaskId })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await other.call('SaveAIGCDesignToLibrary', { TaskId: design.TaskId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.call<{ Total: number }>('ListAIGCDesign', {})).Data.Total).toBe(0);
  });
});
