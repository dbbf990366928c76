import { readFile } from 'node:fs/promises';
import { getBranding, getTermsAndConditions, type TBranding } from '@laurel/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { TERMS_FILE } from '../../paths';

const DEFAULT_SLOGAN = 'Reward every visit. Grow every relationship.';

const ZBrandingEntry = z.object({
  slogan: z.string().optional(),
  logo_url: z.string().nullable().optional(),
  image_url: z.string().nullable().optional(),
});
const ZBrandingFile = z.object({
  default: ZBrandingEntry.optional(),
  hosts: z.record(z.string(), ZBrandingEntry).default({}),
});

/** Reads the operator's files at start-up: a broken file stops the server with its name, not later. */
export const loadContent = async (config: AppContext['config']) => {
  const terms = await readFile(config.termsFile ?? TERMS_FILE, 'utf8');
  let branding: z.infer<typeof ZBrandingFile> = { hosts: {} };
  if (config.brandingFile) {
    const parsed = ZBrandingFile.safeParse(JSON.parse(await readFile(config.brandingFile, 'utf8')));
    if (!parsed.success)
      throw new Error(`BRANDING_FILE ${config.brandingFile} is not valid: ${parsed.error.message}`);
    branding = parsed.data;
  }
  const brandingFor = (host: string): TBranding => {
    const entry = branding.hosts[host.toLowerCase()] ?? branding.default ?? {};
    return {
      slogan: entry.slogan ?? branding.default?.slogan ?? DEFAULT_SLOGAN,
      logo_url: entry.logo_url ?? null,
      image_url: entry.image_url ?? null,
      bugs_url: config.bugsUrl,
    };
  };
  return { terms, brandingFor };
};

export const contentRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  const content = await loadContent(ctx.config);
  route(app, getTermsAndConditions, async () => ok({ content: content.terms }));
  route(app, getBranding, async ({ request }) =>
    ok(content.brandingFor(request.hostname.split(':')[0] ?? '')),
  );
};
