import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, toBranding } from '@/features/welcome/branding';

describe('toBranding', () => {
  it('gives the default while loading or after a failure', () => {
    expect(toBranding(undefined)).toEqual(DEFAULT_BRANDING);
  });

  it("takes the host's slogan, logo and side image, keeping the default for what the server leaves out", () => {
    const branding = toBranding({
      slogan: 'Coffee that pays you back.',
      logo_url: '/media/logo.png',
      image_url: '/media/side.png',
      bugs_url: null,
    });
    expect(branding).toEqual({
      ...DEFAULT_BRANDING,
      slogan: 'Coffee that pays you back.',
      logoUrl: '/media/logo.png',
      sideImageUrl: '/media/side.png',
    });
  });

  it('keeps the built-in mark and illustration when the host has no images', () => {
    const branding = toBranding({ slogan: ' ', logo_url: null, image_url: null, bugs_url: null });
    expect(branding).toEqual(DEFAULT_BRANDING);
  });
});
