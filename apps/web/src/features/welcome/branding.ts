import type { TBranding as TServerBranding } from '@laurel/contract';

/** What the welcome area shows beside the form, chosen by the host the console is served from (spec 1 §1). */
export type TBranding = {
  name: string;
  slogan: string;
  /** A line under the slogan. */
  tagline: string;
  /** Image URL of the logo; without one the Laurel wreath mark is drawn. */
  logoUrl?: string;
  /** Image URL of the side image; without one the built-in illustration is drawn. */
  sideImageUrl?: string;
};

/** Shown while `GET /api/branding` loads and when it fails; the slogan is the server's own default. */
export const DEFAULT_BRANDING: TBranding = {
  name: 'Laurel',
  slogan: 'Reward every visit. Grow every relationship.',
  tagline: 'Challenges, badges, reward tracks and cashback in one console for your whole business.',
};

/** The server's answer for this host over the built-in default; a blank value keeps the default. */
export const toBranding = (server: TServerBranding | undefined): TBranding => {
  if (!server) return DEFAULT_BRANDING;
  const branding: TBranding = {
    ...DEFAULT_BRANDING,
    // An answer from an older or misconfigured server may lack the slogan: keep the default then.
    slogan: (server.slogan ?? '').trim() || DEFAULT_BRANDING.slogan,
  };
  if (server.logo_url) branding.logoUrl = server.logo_url;
  if (server.image_url) branding.sideImageUrl = server.image_url;
  return branding;
};
