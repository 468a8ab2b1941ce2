import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { SessionService } from '../auth/sessions.service';
import { registerJsonCompression } from '../http/compress-json';
import { registerCurrentUser } from '../http/current-user';
import { registerErrorHandling } from '../http/error-handler';
import { registerNoStoreForApi } from '../http/no-store';
import { registerNulGuard } from '../http/reject-nul';
import { registerSameOriginGuard } from '../http/same-origin-guard';
import type { AppConfig } from './app-deps';
import { securityHeaders } from './security-headers';

/**
 * What every request goes through before its route, in this order (Fastify runs hooks in the
 * order they were added): errors as our JSON, NUL bytes refused, no caching of the API, compressed
 * JSON, cookies, uploads, security headers, the same-origin check, then the signed-in user.
 */
export async function registerRequestPipeline(
  app: FastifyInstance,
  config: AppConfig,
  sessions: SessionService,
) {
  registerErrorHandling(app);
  registerNulGuard(app);
  registerNoStoreForApi(app);
  registerJsonCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.maxUploadBytes, fields: 10, parts: 30 },
  });
  await app.register(fastifyHelmet, securityHeaders(config.publicUrl));
  registerSameOriginGuard(app, config.publicUrl);
  registerCurrentUser(app, sessions);
}
