import { describe, expect, it } from 'vitest';
import { CHALLENGE_MESSAGES } from '../messages/challenges';
import { SEGMENT_MESSAGES } from '../messages/segments';
import { DATE_MESSAGES } from '../shared/dates';
import { ZChallengeReward, ZObjectiveCondition } from './challenge-flow';
import { ZSaveSegmentRequest } from './segment-endpoints';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('numbers sent as text', () => {
  it.each(['Infinity', '1e400', '0x10', ' '])('a value condition of %j is refused', (value) => {
    expect(issuesOf(ZObjectiveCondition.safeParse({ type: 'value', value }))).toEqual([
      ['value', CHALLENGE_MESSAGES.valueInvalid],
    ]);
  });

  it('a value condition takes numeric text', () => {
    expect(ZObjectiveCondition.parse({ type: 'value', value: ' 250 ' })).toEqual({
      type: 'value',
      value: 250,
    });
  });

  it.each(['Infinity', '1e400', 'NaN'])('an xp reward of %j is refused', (value) => {
    expect(issuesOf(ZChallengeReward.safeParse({ type: 'xp', value }))).toEqual([
      ['value', CHALLENGE_MESSAGES.rewardAmountInvalid],
    ]);
  });

  it.each(['Infinity', '1e400', ' ', 'abc'])('a segment rule value of %j is not a number', (filter_value) => {
    const result = ZSaveSegmentRequest.safeParse({
      name: 'Big spenders',
      filters: [{ statistic_name: 'spend', comparison: 'GreaterThan', filter_value }],
    });
    expect(issuesOf(result)).toEqual([['filters.0.filter_value', SEGMENT_MESSAGES.filterValueNotNumber]]);
  });
});

describe('a date range condition', () => {
  it.each([
    ['2026-02-30', DATE_MESSAGES.notReal],
    ['0000-01-01', DATE_MESSAGES.outOfRange],
  ])('refuses a start of %s', (start_date, message) => {
    const result = ZObjectiveCondition.safeParse({
      type: 'date_range',
      range_type: 'between',
      start_date,
      end_date: '2026-12-31',
    });
    expect(issuesOf(result)).toEqual([['start_date', message]]);
  });
});
