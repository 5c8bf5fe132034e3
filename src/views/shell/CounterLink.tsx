import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { findRoute } from '../routes';

/** A top-bar icon with a count bubble; a link once its page is built. */
export function CounterLink({
  path,
  label,
  count,
  icon,
  testId,
}: {
  path: string;
  label: string;
  count: number;
  icon: ReactNode;
  testId: string;
}) {
  const content = (
    <span className="relative inline-flex p-1.5 text-slate-600" data-testid={testId} data-count={count}>
      {icon}
      {count > 0 && (
        <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-red-500 px-1 text-center text-[10px] font-semibold leading-4 text-white">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </span>
  );
  return findRoute(path) ? (
    <Link href={path} aria-label={label} title={label} className="rounded-[var(--radius-herald)] hover:bg-slate-100">
      {content}
    </Link>
  ) : (
    <span role="img" aria-label={label} title={label}>
      {content}
    </span>
  );
}
