import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Hosts the reCAPTCHA Enterprise script loads from and talks to (spec §6). */
const RECAPTCHA_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/**
 * Helmet's options: a content security policy that allows nothing but our own code and the captcha.
 * Inline styles stay allowed: company colours and fonts are applied as inline CSS variables.
 */
export function securityHeaderOptions(opts: { https: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...RECAPTCHA_SOURCES],
        frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        connectSrc: ["'self'", ...RECAPTCHA_SOURCES],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The careers page embeds the captcha iframe from Google; COEP would block it.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.https,
  };
}

/** Powerful browser features no page of ours uses, turned off for them and anything they embed. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Staff API paths: their answers carry personal data and are never stored (Cache-Control: no-store)
 * unless the route chose a policy of its own. The public careers API is not among them.
 */
export function isStaffApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/v1/public-vacancies');
}

/** The headers helmet sets for these options, computed by running it once against a stand-in response. */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether the browser reached us over https: the request's protocol (X-Forwarded-Proto counts
     * only with TRUST_PROXY) or the HTTPS_ONLY setting. Decides HSTS and the `__Host-` cookies.
     */
    readonly isHttps: boolean;
  }
}

/**
 * Helmet's security headers on every response: over https with HSTS and upgrade-insecure-requests
 * (a plain-http answer must not carry them: browsers ignore HSTS there, and the upgrade would break
 * a site only reachable over http). Both sets never vary otherwise, so they are computed once at
 * start rather than per request (per request, helmet was a fifth of the server's CPU on the public
 * list). A route may still override one, e.g. the API docs' own CSP.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { httpsOnly: boolean }) => {
    const plain = {
      ...computeSecurityHeaders(securityHeaderOptions({ https: false })),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    const secure = {
      ...computeSecurityHeaders(securityHeaderOptions({ https: true })),
      'permissions-policy': PERMISSIONS_POLICY,
    };
    app.decorateRequest('isHttps', {
      getter(this: FastifyRequest) {
        return opts.httpsOnly || this.protocol === 'https';
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.isHttps ? secure : plain);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isStaffApiPath(request.url) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'kadry-security-headers' },
);
