import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Stripe's pricing table is the one third party the console embeds (DESIGN §6).
const STRIPE = ['https://js.stripe.com', 'https://*.stripe.com'];

const helmetOptions = (publicUrl?: string): HelmetOptions => ({
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

/** The headers helmet sets with these options: they depend on nothing in the request (no CSP nonces). */
export const securityHeaders = (publicUrl?: string) => {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions(publicUrl))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
};

/**
 * helmet's headers on every response, worked out once (the Fastify plugin rebuilt helmet and parsed the CSP on
 * every request). Set on the raw response as helmet does, so that a route's own header (media's CSP) still wins.
 * `publicUrl`: where uploaded media is served from (absolute URLs), which may not be the console's own origin.
 */
export const installSecurityHeaders = (app: FastifyInstance, publicUrl?: string) => {
  const headers = securityHeaders(publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
};
