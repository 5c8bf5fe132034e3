import type { HandlerMap } from '../context';
import { ApiError, fieldError } from '../errors';
import { planInForce } from '../money/plan-gate';
import { aiUsageOf } from '../ai/quota';
import { enqueueGeneration, generationDeps } from '../aigc';
import { createGeneration, designOf, listGenerations, ownedGeneration } from '../aigc/generations';
import { saveDesignToLibrary } from '../aigc/to-library';
import { storedImage } from '../uploads/image-info';
import { RetCode } from '../../src/gateway/contract/retcodes';

// AI images and image facts (issue 16 items 7 and 9; docs/decisions.md "Creative material and AI images").

const nowSecondsOf = (now: Date) => Math.floor(now.getTime() / 1000);

export const aigcHandlers: HandlerMap = {
  async CreateAIGCContentGenerationTask(input, ctx) {
    const now = ctx.clock.now();
    const plan = await planInForce(ctx.db, ctx.user.id, now);
    if (!plan) throw new ApiError(RetCode.AiQuotaUsedUp);
    const { row, usage } = await createGeneration(generationDeps(ctx), ctx.user.id, plan, input, now);
    await enqueueGeneration(ctx, row.taskId);
    return { TaskId: row.taskId, Usage: usage };
  },
  async GetAIGCContentGenerationTaskResult({ TaskId }, ctx) {
    const row = await ownedGeneration(ctx.db, ctx.user.id, TaskId);
    return designOf(ctx.db, row, nowSecondsOf(ctx.clock.now()));
  },
  async ListAIGCDesign(query, ctx) {
    const now = ctx.clock.now();
    const { total, rows } = await listGenerations(ctx.db, ctx.user.id, query);
    const designs = await Promise.all(rows.map((row) => designOf(ctx.db, row, nowSecondsOf(now))));
    const usage = await aiUsageOf(ctx.db, ctx.user.id, await planInForce(ctx.db, ctx.user.id, now));
    return { Total: total, Designs: designs, Usage: usage };
  },
  async SaveAIGCDesignToLibrary({ TaskId }, ctx) {
    return { ItemId: await saveDesignToLibrary(generationDeps(ctx), ctx.user.id, TaskId, ctx.clock.now()) };
  },
  async GetImageInfo({ FileId }, ctx) {
    const image = await storedImage(ctx.db, generationDeps(ctx).store, ctx.user.id, FileId);
    if (!image) throw fieldError('FileId', 'validation:imageUnreadable');
    return { Width: image.width, Height: image.height, Type: image.type, Size: image.size };
  },
};
