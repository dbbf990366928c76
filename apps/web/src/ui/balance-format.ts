/** A wallet amount as the console shows it: two decimals, thousands grouped (DESIGN §9). */
export const formatBalance = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
