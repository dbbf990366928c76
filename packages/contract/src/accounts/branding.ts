import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';

/** The welcome area's side image, logo and slogan, chosen by the request's host (spec 1 §1). */
export const ZBranding = z.object({
  slogan: z.string(),
  logo_url: z.string().nullable(),
  image_url: z.string().nullable(),
  bugs_url: z.string().nullable(),
});
export type TBranding = z.infer<typeof ZBranding>;

export const getBranding = defineEndpoint({
  method: 'GET',
  path: '/branding',
  permission: 'PUBLIC',
  token: 'none',
  summary: 'Welcome-area branding for the requesting host',
  tags: ['accounts'],
  response: envelopeOf(ZBranding),
});
