import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { DEMO_ASSETS_PREFIX, findDemoAsset } from '../lib/demo-assets';

/** A URL with its content's hash in it never changes what it answers. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

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
  // Demo assets (the demo company's logo) shipped with the server: pages link the name with the
  // content's hash (lib/demo-assets.ts), cached for good; the plain name still answers, for a day.
  app.get<{ Params: { name: string } }>(
    `${DEMO_ASSETS_PREFIX}:name`,
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const found = findDemoAsset(request.params.name);
      if (!found) throw new AppError('not_found');
      return reply
        .type(found.asset.contentType)
        .header('cache-control', found.isHashed ? IMMUTABLE_CACHE : 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(found.asset.bytes);
    },
  );
});
