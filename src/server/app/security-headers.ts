import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { AppConfig } from './app-deps';

/** Helmet's settings: a strict content security policy, HSTS only behind an HTTPS address. */
export function securityHeaders(publicUrl: AppConfig['publicUrl']): FastifyHelmetOptions {
  return {
    // Served over plain HTTP on a shop's LAN too: never upgrade requests or pin HTTPS
    // unless the public address is HTTPS.
    hsts: publicUrl?.startsWith('https:') ? undefined : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  };
}
