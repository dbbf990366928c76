/**
 * Economy amounts are decimals with two places (DESIGN §9). The engine computes in integer cents, so sums and
 * running balances never meet floating point; numeric strings from the database are parsed exactly.
 */
export const toCents = (amount: string | number): number => {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new Error(`not an amount: ${amount}`);
    return Math.round(amount * 100);
  }
  const match = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(amount);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new Error(`not an amount: '${amount}'`);
  const [, minus, whole = '', fraction = ''] = match;
  const padded = `${fraction}000`;
  // Past two places: round half away from zero, as PostgreSQL's numeric rounding does.
  const cents = Number(whole || '0') * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
  return minus && cents !== 0 ? -cents : cents;
};

/** '12.30', '-0.05': the form numeric columns take and the API's decimals come from. */
export const centsToDecimal = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const centsToNumber = (cents: number) => cents / 100;

/** What `earn_amount` per `trigger_value` of spend earns, pro rata (DESIGN §5: 100 / 5 = 5%), in cents. */
export const earnedCents = (spendCents: number, triggerValue: number, earnAmount: number) =>
  triggerValue > 0 && spendCents > 0 ? Math.round((spendCents * earnAmount) / triggerValue) : 0;
