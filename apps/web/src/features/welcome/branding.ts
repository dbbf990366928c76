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

export const DEFAULT_BRANDING: TBranding = {
  name: 'Laurel',
  slogan: 'Reward every visit. Grow every customer.',
  tagline: 'Challenges, badges, reward tracks and cashback in one console for your whole business.',
};

/** Per-host overrides, keyed by host name without port. Empty until hosts are configured. */
const BRANDINGS_BY_HOST: Record<string, Partial<TBranding>> = {};

const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');

export const brandingForHost = (
  host: string,
  brandings: Record<string, Partial<TBranding>> = BRANDINGS_BY_HOST,
): TBranding => {
  const key = normaliseHost(host);
  const match = brandings[key];
  return match ? { ...DEFAULT_BRANDING, ...match } : DEFAULT_BRANDING;
};
