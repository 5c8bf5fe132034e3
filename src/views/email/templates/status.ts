import type { BadgeTone } from '../../ui/Badge';
import { EMAIL_TEMPLATE_STATUS as S } from '../../../gateway/contract/email/template-rules';

// How each e-mail template status looks: a label key of the emailTemplates namespace and a badge tone.

type StatusKey = 'draft' | 'pendingReview' | 'inReview' | 'passed' | 'rejected' | 'disabled' | 'deleted' | 'expired';

const VIEW: Record<number, { key: StatusKey; tone: BadgeTone }> = {
  [S.Draft]: { key: 'draft', tone: 'neutral' },
  [S.PendingReview]: { key: 'pendingReview', tone: 'warning' },
  [S.InReview]: { key: 'inReview', tone: 'progress' },
  [S.Passed]: { key: 'passed', tone: 'success' },
  [S.Rejected]: { key: 'rejected', tone: 'danger' },
  [S.Disabled]: { key: 'disabled', tone: 'muted' },
  [S.Deleted]: { key: 'deleted', tone: 'muted' },
  [S.Expired]: { key: 'expired', tone: 'muted' },
};

export const LISTED_STATUSES = Object.values(S).filter((s) => s !== S.Deleted);

export const statusView = (status: number) => VIEW[status] ?? VIEW[S.Draft];
