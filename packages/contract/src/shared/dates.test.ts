import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkPastDate,
  DATE_MESSAGES,
  dateProblem,
  dateTimeProblem,
  dayOrDateTimeProblem,
  isCalendarDate,
  isoDateTime,
  ZIsoDate,
} from './dates';

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a date (YYYY-MM-DD)', () => {
  it('is a real day of the calendar', () => {
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2026-02-30')).toBe(false);
  });

  it.each([
    ['1900-01-01', null],
    ['2999-12-31', null],
    ['2024-02-29', null],
    ['2026-2-3', DATE_MESSAGES.format],
    ['26-02-03', DATE_MESSAGES.format],
    ['2026-02-30', DATE_MESSAGES.notReal],
    ['2023-02-29', DATE_MESSAGES.notReal],
    ['0000-01-01', DATE_MESSAGES.outOfRange],
    ['1899-12-31', DATE_MESSAGES.outOfRange],
    ['3000-01-01', DATE_MESSAGES.outOfRange],
    ['9999-12-31', DATE_MESSAGES.outOfRange],
  ])('%s: %s', (value, problem) => {
    expect(dateProblem(value)).toBe(problem);
    expect(messagesOf(ZIsoDate, value)).toEqual(problem ? [problem] : []);
  });
});

describe('a date-time', () => {
  it.each([
    ['2026-11-24T10:15:00Z', null],
    ['2026-11-24T10:15:00.123+02:00', null],
    ['1900-01-01T00:00:00Z', null],
    ['2999-12-31T23:59:59.999Z', null],
    ['2026-11-24', DATE_MESSAGES.dateTimeFormat],
    ['2026-11-24T10:15:00', DATE_MESSAGES.dateTimeFormat],
    ['2026-02-30T10:15:00Z', DATE_MESSAGES.notReal],
    ['0000-01-01T00:00:00Z', DATE_MESSAGES.outOfRange],
    ['1900-01-01T01:00:00+02:00', DATE_MESSAGES.outOfRange],
    ['2999-12-31T23:00:00-05:00', DATE_MESSAGES.outOfRange],
  ])('%s: %s', (value, problem) => {
    expect(dateTimeProblem(value)).toBe(problem);
  });

  it('as a schema keeps the field’s own format message (once) and the shared range message', () => {
    const schema = isoDateTime('Dates must be ISO 8601 date-times');
    expect(messagesOf(schema, 'soon')).toEqual(['Dates must be ISO 8601 date-times']);
    expect(messagesOf(schema, '2026-02-30T00:00:00Z')).toEqual(['Dates must be ISO 8601 date-times']);
    expect(messagesOf(schema, '0000-01-01T00:00:00Z')).toEqual([DATE_MESSAGES.outOfRange]);
    expect(messagesOf(schema, '2026-11-24T10:15:00Z')).toEqual([]);
  });
});

describe('a day or a date-time', () => {
  it.each([
    ['2026-11-24', null],
    ['2026-11-24T10:15:00Z', null],
    ['soon', DATE_MESSAGES.dayOrDateTimeFormat],
    ['2026-02-30', DATE_MESSAGES.notReal],
    ['2026-02-30T00:00:00Z', DATE_MESSAGES.notReal],
    ['0000-01-01', DATE_MESSAGES.outOfRange],
    ['9999-12-31T00:00:00Z', DATE_MESSAGES.outOfRange],
  ])('%s: %s', (value, problem) => {
    expect(dayOrDateTimeProblem(value)).toBe(problem);
  });
});

describe('a date in the past', () => {
  const schema = z.string().superRefine(checkPastDate({ notReal: 'not real', future: 'in the future' }));
  const today = new Date().toISOString().slice(0, 10);
  it.each([
    ['1900-01-01', []],
    ['1990-05-06', []],
    ['notadate', ['not real']],
    ['2001-02-30', ['not real']],
    ['0000-01-01', [DATE_MESSAGES.tooEarly]],
    ['1899-12-31', [DATE_MESSAGES.tooEarly]],
    [today, ['in the future']],
    ['9999-12-31', ['in the future']],
  ])('%s: %j', (value, messages) => {
    expect(messagesOf(schema, value)).toEqual(messages);
  });
});
