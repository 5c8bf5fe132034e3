import { z } from 'zod';
import { EVENT_NAME_PATTERN } from '../workflow/rules';
import { defineAction, emptyData } from './define';
import { pageFields } from './sms-common';
import { SEND_KINDS, workflowDocument, WORKFLOW_NAME_MAX } from '../workflow/document';

// Workflow drafts of the Marketing hub (issue 14 item 1; names after GetSEQ2Insight of spec 000 §7's
// Marketing row, see docs/decisions.md "Workflow canvas"). The server re-checks the document with the
// same rules as the canvas (src/gateway/contract/workflow/rules.ts).

export const seqIdField = z
  .string()
  .trim()
  .regex(/^SQ[0-9A-Za-z]{6,40}$/, 'validation:invalid');
export const workflowNameField = z
  .string()
  .trim()
  .min(1, 'validation:required')
  .max(WORKFLOW_NAME_MAX, 'validation:nameTooLong');

const summary = z.object({
  SeqId: z.string(),
  Name: z.string(),
  /** WORKFLOW_STATUS */
  Status: z.number(),
  /** Channels of its send steps ('sms', 'mms', 'email'). */
  Channels: z.array(z.string()),
  Steps: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export const workflowData = summary.extend({
  Document: workflowDocument,
  /** Bumped by every save: SaveSEQ2Workflow with a stale one is WorkflowChangedElsewhere. */
  Revision: z.number(),
  /**
   * While the journey runs (Running, Paused): the frozen version new entrants take, which the canvas
   * diffs its draft against; null otherwise. Saving a started workflow freezes the saved document as the
   * next version (docs/decisions.md "Journey engine").
   */
  Running: z.object({ Version: z.number(), Document: workflowDocument }).nullable(),
});
export type WorkflowSummary = z.infer<typeof summary>;
export type WorkflowData = z.infer<typeof workflowData>;

const seqOnly = z.object({ SeqId: seqIdField }).strict();
const moved = z.object({ SeqId: z.string(), Status: z.number(), UpdateTime: z.number() });

/** A step of the running journey: contacts that reached it, wait at it, passed it, failed at it. */
const nodeInsight = z.object({
  NodeId: z.string(),
  Entered: z.number(),
  Waiting: z.number(),
  Done: z.number(),
  Failed: z.number(),
});
export const workflowInsight = z.object({
  SeqId: z.string(),
  Status: z.number(),
  /** The frozen version new entrants take (0 before the first start). */
  Version: z.number(),
  /** The document of that version (the detail page draws it read-only). */
  Document: workflowDocument,
  TotalUsers: z.number(),
  /** Runs scheduled, queued or paused. */
  InProcessUsers: z.number(),
  CompletedUsers: z.number(),
  /** Runs by SEQUENCE_STATUS, every status present (0 when none). */
  Sequences: z.array(z.object({ Status: z.number(), Count: z.number() })),
  Nodes: z.array(nodeInsight),
  /** The first message the journey sent (unix seconds, 0 before any), and days since then. */
  FirstSendTime: z.number(),
  DurationDays: z.number(),
});
export type WorkflowInsight = z.infer<typeof workflowInsight>;
export type NodeInsight = z.infer<typeof nodeInsight>;

/** What a simulated journey does at one step (SimulateSEQ2Workflow; docs/decisions.md "Journey simulation"). */
const simulationNode = z.object({
  NodeId: z.string(),
  /** Contacts that reach the step (each path's contacts counted once). */
  Reached: z.number(),
  /** A condition's branches. */
  Yes: z.number().optional(),
  No: z.number().optional(),
  /** A send step: messages it would send, contacts skipped (no address, unsubscribed), and their cost. */
  Messages: z.number().optional(),
  Skipped: z.number().optional(),
  /** Contacts the step would fail (the template or sender cannot be used), with the reason's key. */
  Failed: z.number().optional(),
  Problem: z.string().optional(),
  /** In money units (UNITS_PER_CURRENCY_UNIT), from the channels' prices. */
  Cost: z.number().optional(),
});
export const workflowSimulation = z.object({
  Entered: z.number(),
  Nodes: z.array(simulationNode),
  Channels: z.array(z.object({ Channel: z.enum(SEND_KINDS), Messages: z.number(), Cost: z.number() })),
  Cost: z.number(),
  /** Every way through the journey (steps in order), its contacts and its delays in days. */
  Paths: z.array(z.object({ Nodes: z.array(z.string()), Contacts: z.number(), Days: z.number(), Loops: z.boolean() })),
  /** More ways than MAX_SIMULATED_PATHS: the first ones are listed, the counts stay whole. */
  PathsTruncated: z.boolean(),
});
export type WorkflowSimulation = z.infer<typeof workflowSimulation>;
export type SimulationNode = z.infer<typeof simulationNode>;
export const MAX_SIMULATED_PATHS = 64;

export const workflowActions = {
  /**
   * Creates a draft (no SeqId) or saves one again; a name is unique per account. With Revision (the one
   * the editor last loaded or saved), a save made elsewhere since then is refused (WorkflowChangedElsewhere)
   * instead of overwritten; without it the save overwrites (docs/decisions.md "Two tabs on one workflow").
   */
  SaveSEQ2Workflow: defineAction(
    'user',
    z
      .object({
        SeqId: seqIdField.optional(),
        Name: workflowNameField,
        Document: workflowDocument,
        Revision: z.number().int('validation:invalid').min(1, 'validation:invalid').optional(),
      })
      .strict(),
    z.object({ SeqId: z.string(), Status: z.number(), UpdateTime: z.number(), Revision: z.number() }),
  ),
  GetSEQ2Workflow: defineAction('user', z.object({ SeqId: seqIdField }).strict(), workflowData),
  ListSEQ2Workflow: defineAction(
    'user',
    z.object({ ...pageFields, Keyword: z.string().trim().max(64).optional() }).strict(),
    z.object({ Total: z.number(), Workflows: z.array(summary) }),
  ),
  DeleteSEQ2Workflow: defineAction(
    'user',
    z.object({ SeqIds: z.array(seqIdField).min(1).max(100) }).strict(),
    emptyData,
  ),
  /** Journeys that run (issue 14 item 2): each moves the workflow by the shared lifecycle. */
  StartSEQ2Workflow: defineAction('user', seqOnly, moved),
  PauseSEQ2Workflow: defineAction('user', seqOnly, moved),
  ResumeSEQ2Workflow: defineAction('user', seqOnly, moved),
  StopSEQ2Workflow: defineAction('user', seqOnly, moved),
  RecoverSEQ2Workflow: defineAction('user', seqOnly, moved),
  /** Spec 000 §7: workflow (sequence) insight, the detail page's figures. */
  GetSEQ2Insight: defineAction('user', seqOnly, workflowInsight),
  SimulateSEQ2Workflow: defineAction('user', z.object({ Document: workflowDocument }).strict(), workflowSimulation),
  /**
   * Herald's: an API event of a contact (docs/decisions.md "Journey triggers"). The contact, named by
   * ContactId or Email, enters every running journey of the account whose trigger is this event (and whose
   * audience, when chosen, holds the contact), once per journey: the same event again lets it in nowhere new.
   */
  TriggerSEQ2Event: defineAction(
    'user',
    z
      .object({
        Event: z.string().trim().regex(EVENT_NAME_PATTERN, 'validation:workflowRule.eventNameInvalid'),
        ContactId: z.number().int().positive().optional(),
        Email: z.string().trim().max(320).optional(),
      })
      .strict()
      .refine((v) => (v.ContactId === undefined) !== (v.Email === undefined), {
        message: 'validation:eventContactRequired',
        path: ['ContactId'],
      }),
    z.object({ ContactId: z.number(), SeqIds: z.array(z.string()) }),
  ),
} as const;
