// The voice area's formats: the shared ones (common/format), durations and file sizes.
export { formatBytes, formatTime } from '../common/format';

/** 2,350 ms -> "0:02"; an hour or more -> "1:02:03". 0 (not measured yet) -> "—". */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '—';
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
