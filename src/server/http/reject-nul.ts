import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** True when a NUL character sits in any string or key of a parsed JSON value. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot hold NUL in text, and no person types one. The shared schemas
 * refuse control characters field by field with a precise message; this catches
 * NUL in whatever a schema does not look at (an unknown field, a password, an
 * endpoint address) before it can reach a query, on either database.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new AppError('bad_request', 'Недопустимый символ в запросе');
    }
  });
}
