export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-semibold text-slate-900">
      <img src="/favicon.svg" alt="" className="h-7 w-7" />
      Herald
    </span>
  );
}
