import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Demo assets (the demo company's logo) shipped with the server. */
const DEMO_ASSETS_DIR = fileURLToPath(new URL('../db/demo/assets', import.meta.url));

/**
 * The site's icon, answered at /favicon.ico where browsers ask for it on every page (a 404 there is a
 * console error on each load). An SVG: one small file at any size.
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/>' +
  '<path fill="#fff" d="M10 7h4v7.2L20.4 7h4.9l-7.1 7.8L25.6 25h-4.9l-5.3-7.4-1.4 1.5V25h-4z"/></svg>';

export const staticAssets = fp(async (app: FastifyInstance, _opts: { careersClientDir: string }) => {
  app.get('/favicon.ico', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=604800').send(FAVICON_SVG),
  );
  await app.register(fastifyStatic, {
    root: DEMO_ASSETS_DIR,
    prefix: '/assets/demo/',
    decorateReply: false,
    maxAge: '1d',
  });
});
