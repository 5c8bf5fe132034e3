import type { HandlerMap } from '../../context';
import { countSegment, deleteSegment, listSegments, ownSegment, saveSegment, segmentOf } from '../../audience/segments';

export const segmentHandlers: HandlerMap = {
  async ListSegments(_input, ctx) {
    return { Segments: await listSegments(ctx.db, ctx.user.id) };
  },
  async GetSegment({ SegmentId }, ctx) {
    return { Segment: segmentOf(await ownSegment(ctx.db, ctx.user.id, SegmentId)) };
  },
  async CountSegment({ Rules }, ctx) {
    return countSegment(ctx.db, ctx.user.id, Rules, ctx.clock.now());
  },
  async CountSavedSegment({ SegmentId }, ctx) {
    const segment = await ownSegment(ctx.db, ctx.user.id, SegmentId);
    return countSegment(ctx.db, ctx.user.id, segment.rules, ctx.clock.now());
  },
  async CreateSegment(input, ctx) {
    return { SegmentId: await saveSegment(ctx.db, ctx.user.id, input, ctx.clock.now()) };
  },
  async UpdateSegment(input, ctx) {
    return { SegmentId: await saveSegment(ctx.db, ctx.user.id, input, ctx.clock.now()) };
  },
  async DeleteSegment({ SegmentId }, ctx) {
    await deleteSegment(ctx.db, ctx.user.id, SegmentId);
    return { SegmentId };
  },
};
