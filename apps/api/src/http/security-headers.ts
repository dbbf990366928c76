import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Stripe's pricing table is the one third party the console embeds (DESIGN §6).
const STRIPE = ['https://js.stripe.com', 'https://*.stripe.com'];

/** `publicUrl`: where uploaded media is served from (absolute URLs), which may not be the console's own origin. */
export const installSecurityHeaders = (app: FastifyInstance, publicUrl?: string) =>
  app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(publicUrl ? [new URL(publicUrl).origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...STRIPE],
        frameSrc: ["'self'", ...STRIPE],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
