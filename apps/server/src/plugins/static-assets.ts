import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Demo assets (the demo company's logo) shipped with the server. */
const DEMO_ASSETS_DIR = fileURLToPath(new URL('../db/demo/assets', import.meta.url));

export const staticAssets = fp(async (app: FastifyInstance, _opts: { careersClientDir: string }) => {
  await app.register(fastifyStatic, {
    root: DEMO_ASSETS_DIR,
    prefix: '/assets/demo/',
    decorateReply: false,
    maxAge: '1d',
  });
});
