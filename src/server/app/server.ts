import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerRequestLog } from '../http/request-log';
import type { AppDeps } from './app-deps';

/** The Fastify instance with our logging, and `routeList`, filled as each route registers. */
export function createServer(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1_048_576,
    // Our own line per request, at debug (src/server/http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push(`${method} ${route.url}`);
  });
  return app;
}

/** Fastify's types take hop counts only as a function: trust the first `hops` hops. */
function trustProxyOption(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
