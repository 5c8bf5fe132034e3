/** Seconds since the epoch, as the contract's time fields carry them (0 for none). */
export const unix = (date: Date | null | undefined): number => (date ? Math.floor(date.getTime() / 1000) : 0);
