import { describe, expect, it } from 'vitest';
import { brandingForHost, DEFAULT_BRANDING } from '@/features/welcome/branding';

describe('brandingForHost', () => {
  const brandings = { 'rewards.example.com': { name: 'Example Rewards', sideImageUrl: '/media/side.png' } };

  it('gives the default when no host matches', () => {
    expect(brandingForHost('localhost:8080', brandings)).toEqual(DEFAULT_BRANDING);
    expect(brandingForHost('127.0.0.1')).toEqual(DEFAULT_BRANDING);
  });

  it('matches a host regardless of port, case and www, keeping defaults for what it does not set', () => {
    const branding = brandingForHost('WWW.Rewards.Example.com:443', brandings);
    expect(branding.name).toBe('Example Rewards');
    expect(branding.sideImageUrl).toBe('/media/side.png');
    expect(branding.slogan).toBe(DEFAULT_BRANDING.slogan);
  });
});
