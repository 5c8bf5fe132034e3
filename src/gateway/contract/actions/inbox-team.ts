import { z } from 'zod';
import { defineAction } from './define';
import { inboxMessageIdField } from './inbox';
import { emailField } from '../validators';

// Inbox assignment (issue 15 item 7 "assignment and filters"; docs/decisions.md "Inbox assignment"). A Herald
// account has one login: its teammates are a roster of names and addresses, not users. Herald's Actions.

/** At most this many teammates per account: a small team around one login, not a user directory. */
export const INBOX_TEAM_LIMIT = 20;

export const teammateIdField = z
  .string()
  .trim()
  .regex(/^TM[0-9A-Za-z]{6,40}$/, 'validation:invalid');

/** The list's assignee filter: nobody, or one teammate. */
export const INBOX_UNASSIGNED = 'unassigned';
export const inboxAssigneeFilter = z.union([z.literal(INBOX_UNASSIGNED), teammateIdField]);

const teammate = z.object({ TeammateId: z.string(), Name: z.string(), Email: z.string(), CreateTime: z.number() });
export type InboxTeammate = z.infer<typeof teammate>;

export const inboxTeammateInput = z
  .object({
    Name: z.string().trim().min(1, 'validation:required').max(64, 'validation:nameTooLong'),
    Email: emailField,
  })
  .strict();

export const inboxTeamActions = {
  ListInboxTeammate: defineAction('user', z.object({}).strict(), z.object({ Teammates: z.array(teammate) })),
  /** Adds a teammate (an address already on the roster, any case: 240801; the 21st: 240802). */
  CreateInboxTeammate: defineAction('user', inboxTeammateInput, teammate),
  /** Removes a teammate; their messages become unassigned. */
  DeleteInboxTeammate: defineAction('user', z.object({ TeammateId: teammateIdField }).strict(), z.object({})),
  /**
   * Gives messages to a teammate (null: to nobody). The teammate is mailed a link to each message newly
   * theirs; a message already theirs is not mailed again.
   */
  AssignInboxMessage: defineAction(
    'user',
    z
      .object({
        MessageIds: z.array(inboxMessageIdField).min(1).max(100),
        TeammateId: teammateIdField.nullable(),
      })
      .strict(),
    z.object({ Changed: z.number() }),
  ),
} as const;
