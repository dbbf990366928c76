import { describe, expect, it } from 'vitest';
import { totalsRange } from './totals-range';

describe('totalsRange', () => {
  it.each([
    [undefined, undefined, { months: { from: undefined, to: undefined }, edgeDays: false }],
    ['2026-03-01', undefined, { months: { from: '2026-03-01', to: undefined }, edgeDays: false }],
    ['2026-03-02', undefined, { months: { from: '2026-04-01', to: undefined }, edgeDays: true }],
    [undefined, '2026-03-31', { months: { from: undefined, to: '2026-04-01' }, edgeDays: false }],
    [undefined, '2026-03-30', { months: { from: undefined, to: '2026-03-01' }, edgeDays: true }],
    ['2026-01-15', '2026-04-10', { months: { from: '2026-02-01', to: '2026-04-01' }, edgeDays: true }],
    ['2025-12-01', '2026-02-28', { months: { from: '2025-12-01', to: '2026-03-01' }, edgeDays: false }],
    ['2024-02-01', '2024-02-29', { months: { from: '2024-02-01', to: '2024-03-01' }, edgeDays: false }],
    ['2026-03-02', '2026-03-30', { months: null, edgeDays: true }],
    ['2026-03-31', '2026-04-01', { months: null, edgeDays: true }],
  ])('%s .. %s splits into whole months and edge days', (start, end, expected) => {
    expect(totalsRange(start, end)).toEqual(expected);
  });
});
