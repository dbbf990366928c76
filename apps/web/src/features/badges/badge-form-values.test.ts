import { describe, expect, it } from 'vitest';
import {
  dayOf,
  endOfDay,
  iconToSave,
  newBadgeValues,
  startOfDay,
  toBadgeBody,
  valuesOfBadge,
} from '@/features/badges/badge-form-values';
import { validateBadge } from '@/features/badges/badge-validation';
import { SUMMER } from '@/features/badges/test-server';

const complete = () => ({
  ...newBadgeValues(),
  name: 'Coffee Connoisseur',
  description: 'For coffee lovers.',
  sub_copy: 'Ten coffees',
  icon: { name: 'mug-hot', prefix: 'fas', url: null, etag: null, file_name: null },
});

describe('badge dates', () => {
  it('sends the start of the first day and the end of the last, in this browser’s time zone', () => {
    const start = new Date(startOfDay('2025-03-10'));
    const end = new Date(endOfDay('2025-03-12'));
    expect([start.getDate(), start.getHours(), start.getMinutes()]).toEqual([10, 0, 0]);
    expect([
      end.getDate(),
      end.getHours(),
      end.getMinutes(),
      end.getSeconds(),
      end.getMilliseconds(),
    ]).toEqual([12, 23, 59, 59, 999]);
    expect(dayOf(startOfDay('2025-03-10'))).toBe('2025-03-10');
    expect(dayOf(null)).toBeNull();
  });

  it('accepts a badge of a single day and sends no dates while they are disabled', () => {
    const oneDay = { ...complete(), dates_enabled: true, start_date: '2025-03-10', end_date: '2025-03-10' };
    expect(validateBadge(oneDay, null)).toEqual([]);
    const body = toBadgeBody({ ...oneDay, dates_enabled: false }, iconToSave(oneDay, null));
    expect(body).toMatchObject({ dates_enabled: false, start_date: null, end_date: null });
  });
});

describe('validateBadge', () => {
  it('passes a complete new badge and a loaded one', () => {
    expect(validateBadge(complete(), null)).toEqual([]);
    expect(validateBadge(valuesOfBadge(SUMMER), null)).toEqual([]);
  });

  it('counts a chosen file as the icon', () => {
    const noIcon = {
      ...complete(),
      icon: { name: null, prefix: null, url: null, etag: null, file_name: null },
    };
    expect(validateBadge(noIcon, null).map((error) => error.message)).toEqual(['Icon is required']);
    expect(validateBadge(noIcon, new File(['x'], 'star.png'))).toEqual([]);
  });

  it("adds the server schema's own message for a malformed colour, once per field", () => {
    const values = { ...complete(), theme: { ...complete().theme, primary: 'gold' } };
    expect(validateBadge(values, null)).toEqual([
      { field: 'theme.primary', message: 'Primary theme color must be a hex colour such as #d2a023' },
    ]);
  });
});

describe('iconToSave', () => {
  it('sends the uploaded file, else the stored image, else the library icon, never two at once', () => {
    const values = {
      ...complete(),
      icon: { ...complete().icon, url: 'http://x/a.png', etag: 'e', file_name: 'a.png' },
    };
    expect(iconToSave(values, null)).toEqual({
      name: null,
      prefix: null,
      url: 'http://x/a.png',
      etag: 'e',
      file_name: 'a.png',
    });
    expect(
      iconToSave(values, {
        location: 'http://x/b.png',
        etag: 'f',
        file_name: 'b.png',
        content_type: 'image/png',
        size: 1,
      }),
    ).toEqual({ name: null, prefix: null, url: 'http://x/b.png', etag: 'f', file_name: 'b.png' });
    expect(iconToSave(complete(), null)).toEqual({
      name: 'mug-hot',
      prefix: 'fas',
      url: null,
      etag: null,
      file_name: null,
    });
  });
});
