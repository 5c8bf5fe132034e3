import type { ReactNode } from 'react';
import { Logo } from '../ui/Logo';
import { LanguageToggle } from './LanguageToggle';

/** The public pages: a centred card with the logo and the language switcher. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-br from-brand-50 via-white to-slate-50">
      <header className="flex items-center justify-between px-6 py-4">
        <Logo />
        <LanguageToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 pt-8">
        <div className="w-full max-w-md rounded-[var(--radius-herald)] border border-slate-200 bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}
