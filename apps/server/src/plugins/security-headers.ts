import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Hosts the reCAPTCHA Enterprise script loads from and talks to (spec §6). */
const RECAPTCHA_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

/**
 * Helmet with a content security policy that allows nothing but our own code and the captcha.
 * Inline styles stay allowed: company colours and fonts are applied as inline CSS variables.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: { https: boolean }) => {
  await app.register(helmet, {
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
  });
});
