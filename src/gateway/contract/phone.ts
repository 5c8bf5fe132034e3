// The one phone rule of the console and the server (issue 22 §4, issue 18 §5): the send wizard counts
// a pasted or uploaded number as valid exactly when AddUSMSSendTask will, so "6 valid of 8" on the
// review step is the server's figure too.

/** Spaces, dashes, dots and brackets people type in numbers; a leading + or 00 is kept. */
export function cleanPhone(raw: string): string {
  return raw.trim().replace(/[\s\-().]/g, '');
}

/**
 * A typed or imported number as E.164 digits for the chosen country, or null when it cannot be one.
 * "+…" and "00…" must carry the country's prefix; a bare number that starts with the prefix and is
 * long enough is taken as international; otherwise it is national (one trunk 0 dropped).
 * With no country yet (prefix ''), any number of 4 to 15 digits passes.
 */
export function normalizePhone(raw: string, prefix: string): string | null {
  const trimmed = cleanPhone(raw);
  let international: string | null = null;
  if (trimmed.startsWith('+')) international = trimmed.slice(1);
  else if (trimmed.startsWith('00')) international = trimmed.slice(2);
  const digits = international ?? trimmed;
  if (!/^\d+$/.test(digits)) return null;
  let national: string;
  if (international !== null) {
    if (!digits.startsWith(prefix)) return null;
    national = digits.slice(prefix.length);
  } else if (digits.startsWith(prefix) && digits.length >= prefix.length + 8) {
    national = digits.slice(prefix.length);
  } else {
    national = digits.startsWith('0') ? digits.slice(1) : digits;
  }
  const full = prefix + national;
  if (national.length < 4 || full.length > 15) return null;
  return full;
}
