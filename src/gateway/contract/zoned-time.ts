// Wall-clock time in an IANA zone, pure (Intl only): both ends read a "YYYY-MM-DD HH:mm" typed in a
// chosen zone the same way. server/sms/time-zones.ts re-exports these for the channels.

/** Minutes east of UTC of a zone at an instant. */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** "YYYY-MM-DD HH:mm[:ss]" read as local time in a zone, as an instant (DST-aware: two passes). */
export function zonedTimeToDate(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  let guess = asUtc - zoneOffsetMinutes(zone, new Date(asUtc)) * 60_000;
  guess = asUtc - zoneOffsetMinutes(zone, new Date(guess)) * 60_000;
  return new Date(guess);
}

/** An instant as "YYYY-MM-DD HH:mm" on the wall clock of a zone. */
export function dateToZonedTime(at: Date, zone: string): string {
  const local = new Date(at.getTime() + zoneOffsetMinutes(zone, at) * 60_000);
  return local.toISOString().slice(0, 16).replace('T', ' ');
}
