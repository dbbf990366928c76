/** Prices include VAT at this rate (spec 1 §9, DESIGN §9). */
export const VAT_RATE = 0.15;

/** Money has two decimal places in JSON and is held as integer minor units (DESIGN §9). */
export const MINOR_UNITS_PER_MAJOR = 100;

export const toMinorUnits = (amount: number) => Math.round(amount * MINOR_UNITS_PER_MAJOR);
export const fromMinorUnits = (minor: number) => minor / MINOR_UNITS_PER_MAJOR;

/** The VAT contained in a VAT-inclusive amount, in minor units. */
export const vatContainedMinor = (totalMinor: number) => Math.round((totalMinor * VAT_RATE) / (1 + VAT_RATE));

/** `R 1,234.50`; a missing amount shows as zero ('R 0.00'). */
export const formatMoney = (amount: number | null | undefined, symbol: string) =>
  `${symbol} ${(amount ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
