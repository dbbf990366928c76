/** 'R200' for a value shown with the client's currency symbol. */
export const money = (symbol: string, value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : `${symbol}${value}`;
