import { Link } from 'wouter';
import { Badge, type BadgeTone } from '../../ui/Badge';

// The parts every channel's template list shares (SMS, MMS, e-mail, voice): the New button and the
// status cell with the reviewer's reason.

/** The list's "New template" button (in the header and in the empty state). */
export function NewTemplateLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  return (
    <Link
      href={href}
      className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      data-testid={testId}
    >
      {label}
    </Link>
  );
}

/** A template's review status, and the reason when the reviewer rejected it. */
export function TemplateStatusCell({
  tone,
  label,
  rejectReason,
}: {
  tone: BadgeTone;
  label: string;
  rejectReason?: string | null;
}) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={tone} testId="template-status">
        {label}
      </Badge>
      {rejectReason && (
        <span className="text-xs text-red-700" data-testid="template-reject-reason">
          {rejectReason}
        </span>
      )}
    </div>
  );
}
