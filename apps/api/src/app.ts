import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { listenForAuthChanges } from './http/auth/auth-cache';
import { installAuthGuard } from './http/auth/guard';
import { loadConsoleFiles, registerConsoleFiles, sendConsoleFile } from './http/console-files';
import { failure } from './http/envelope';
import { installErrorHandling, sendError } from './http/error-handler';
import { installJsonBodyParser } from './http/json-body';
import { parseQueryString } from './http/query-string';
import { installRateLimits, refusedRequestCharger } from './http/rate-limits';
import { installResponseCompression } from './http/response-compression';
import { requireDeclaredPermission } from './http/route';
import { installSecurityHeaders } from './http/security-headers';
import { registerMetrics } from './metrics/metrics.routes';
import { registerModules } from './modules';
import { installAuditFallback } from './modules/audit/audit-fallback';
import { openapiOptions } from './openapi/document';
import { API_PACKAGE_JSON, WEB_DIST_DIR } from './paths';

export const BODY_LIMIT = 1024 * 1024;
const API_VERSION = (JSON.parse(readFileSync(API_PACKAGE_JSON, 'utf8')) as { version: string }).version;
const MEDIA_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export type BuildOptions = {
  /** Where the built console lives; absent in API-only tests. */
  webDistDir?: string | null;
};

export const buildApp = async (ctx: AppContext, options: BuildOptions = {}) => {
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500, querystringParser: parseQueryString },
    // Malformed URLs and the like are answered before the error handler: give them the envelope too.
    frameworkErrors: (error, request, reply) => sendError(reply, error, request),
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installJsonBodyParser(app);
  installResponseCompression(app);
  requireDeclaredPermission(app);
  installSecurityHeaders(app, ctx.config.publicUrl);
  await installRateLimits(app, ctx.config.rateLimits);
  installAuthGuard(app, {
    db: ctx.database.db,
    tokens: ctx.tokens,
    cache: ctx.authCache,
    chargeRefused: refusedRequestCharger(app),
    operatorToken: ctx.config.metrics.token,
  });
  const authChanges = await listenForAuthChanges(ctx.database, ctx.authCache, ctx.log);
  app.addHook('onClose', () => authChanges.close());
  installAuditFallback(app, ctx.database.db);
  registerMetrics(app, ctx);

  await app.register(
    fastifySwagger,
    openapiOptions({
      routes: () => app.declaredRoutes,
      publicUrl: ctx.config.publicUrl,
      version: API_VERSION,
      bodyLimit: BODY_LIMIT,
      contactUrl: ctx.config.bugsUrl,
    }),
  );
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  const mediaDir = path.join(ctx.config.dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    // Stored files are named by their content's hash, so a name never gets other bytes.
    maxAge: '365d',
    immutable: true,
    // An SVG opened directly is a document: no script, no outside fetches, sandboxed, never sniffed.
    setHeaders: (reply) => {
      reply.header('content-security-policy', MEDIA_CSP);
      reply.header('x-content-type-options', 'nosniff');
      // Badge and challenge images are shown by the clients' own apps, on other origins.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const webDistDir =
    options.webDistDir === undefined ? (ctx.config.webDistDir ?? WEB_DIST_DIR) : options.webDistDir;
  const consoleFiles =
    webDistDir !== null && existsSync(path.join(webDistDir, 'index.html'))
      ? await loadConsoleFiles(webDistDir)
      : undefined;
  const consoleIndex = consoleFiles?.get('/index.html');
  if (consoleFiles) registerConsoleFiles(app, consoleFiles);

  await registerModules(app, ctx);

  // Every path outside /api and /media is a console route (DESIGN §9), but for /metrics when it is not served here.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing hashed asset (an old build's chunk) must fail as a file, not load the console as a script.
    const isFile =
      url === '/api' ||
      url.startsWith('/api/') ||
      url.startsWith('/media/') ||
      url.startsWith('/assets/') ||
      url === '/metrics';
    if (!isFile && consoleIndex && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendConsoleFile(request, reply, consoleIndex);
    }
    return reply.status(404).send(failure(`Route ${request.method} ${url} not found.`, null));
  });

  return app;
};
