import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import { segmentRulesSchema } from '../audience/segments';
import { SEGMENT_NAME_MAX } from '../audience/rules';

const segmentId = z.number().int().positive();
const segmentName = z
  .string({ message: 'validation:segmentNameRequired' })
  .trim()
  .min(1, 'validation:segmentNameRequired')
  .max(SEGMENT_NAME_MAX, 'validation:nameTooLong');

const segmentSchema = z.object({
  SegmentId: z.number(),
  Name: z.string(),
  Rules: segmentRulesSchema,
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const audienceSegmentActions = {
  ListSegments: defineAction('user', emptyInput, z.object({ Segments: z.array(segmentSchema) })),
  GetSegment: defineAction('user', z.object({ SegmentId: segmentId }).strict(), z.object({ Segment: segmentSchema })),
  /** The live count while editing: evaluated in SQL on the server. */
  CountSegment: defineAction(
    'user',
    z.object({ Rules: segmentRulesSchema }).strict(),
    z.object({ Count: z.number(), Total: z.number() }),
  ),
  /** The count of a saved segment (the list shows one per row). */
  CountSavedSegment: defineAction(
    'user',
    z.object({ SegmentId: segmentId }).strict(),
    z.object({ Count: z.number(), Total: z.number() }),
  ),
  CreateSegment: defineAction(
    'user',
    z.object({ Name: segmentName, Rules: segmentRulesSchema }).strict(),
    z.object({ SegmentId: z.number() }),
  ),
  UpdateSegment: defineAction(
    'user',
    z.object({ SegmentId: segmentId, Name: segmentName, Rules: segmentRulesSchema }).strict(),
    z.object({ SegmentId: z.number() }),
  ),
  DeleteSegment: defineAction('user', z.object({ SegmentId: segmentId }).strict(), z.object({ SegmentId: z.number() })),
} as const;
