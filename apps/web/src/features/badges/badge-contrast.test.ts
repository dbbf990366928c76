import { BADGE_DEFAULT_THEME } from '@laurel/contract';
import { describe, expect, it } from 'vitest';
import { contrastRatio, hardToRead } from './badge-contrast';

describe('badge colour contrast', () => {
  it('measures WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#d2a023', '#ffffff')).toBeCloseTo(2.39, 2);
    expect(contrastRatio('#d2a023', 'not yet')).toBeNull();
  });

  it("names the spec's gold name on white, and nothing once the colours read well", () => {
    expect(hardToRead(BADGE_DEFAULT_THEME)).toEqual([
      { key: 'name', ratio: expect.closeTo(2.39, 2), wanted: 3 },
    ]);
    expect(hardToRead({ ...BADGE_DEFAULT_THEME, name: '#8a6610' })).toEqual([]);
    expect(hardToRead({ ...BADGE_DEFAULT_THEME, sub_copy: '#aaaaaa' }).map(({ key }) => key)).toEqual([
      'name',
      'sub_copy',
    ]);
  });
});
