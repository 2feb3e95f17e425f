import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createTranslator } from '@kadry/shared/i18n/translate';
import { route } from '@kadry/shared/routes';
import type { AppPageData } from '@kadry/shared/schemas/auth';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { csrfTokenOf } from '../../plugins/csrf';
import { isRussianEnabled, staffLocaleOf } from '../../plugins/session';
import { buildAppPageData } from './app-shell.service';
import { createHrAssetsReader, HR_STATIC_PREFIX, type HrClientAssets } from './app-shell-assets';

export type AppShellOptions = {
  db: Db;
  /** apps/hr/dist/client: the HR app's Vite build with .vite/manifest.json. Default: beside this repo's server. */
  hrClientDir?: string;
};

const DEFAULT_HR_CLIENT_DIR = fileURLToPath(new URL('../../../../hr/dist/client', import.meta.url));
const SERVER_PACKAGE_JSON = fileURLToPath(new URL('../../../package.json', import.meta.url));
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * JSON inside <script>: `<` is escaped so no value can close the element, and U+2028/U+2029 so the
 * text stays valid wherever it is evaluated.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

async function readReleaseVersion(): Promise<string> {
  try {
    const manifest: unknown = JSON.parse(await readFile(SERVER_PACKAGE_JSON, 'utf8'));
    const version = (manifest as { version?: unknown }).version;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The HTML shell of the HR SPA: CSRF meta tag, page data, and the build's entry when there is one. */
export function renderAppShell(input: {
  locale: string;
  title: string;
  csrfToken: string;
  pageData: AppPageData;
  assets: HrClientAssets | null;
  /** Shown instead of the app when it has not been built. */
  fallbackHtml: string;
}): string {
  const { assets } = input;
  const head = assets
    ? [
        ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
        ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
        `<script type="module" src="${escapeHtml(assets.entryScript)}"></script>`,
      ].join('\n')
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(input.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="csrf-token" content="${escapeHtml(input.csrfToken)}">
<title>${escapeHtml(input.title)}</title>
${head}
</head>
<body>
<div id="root">${assets ? '' : input.fallbackHtml}</div>
<script type="application/json" id="page-data">${serializeJsonForScript(input.pageData)}</script>
</body>
</html>
`;
}

/**
 * GET /app and /app/* (every client-side route of the HR SPA): the shell for a signed-in user, a
 * redirect to sign-in otherwise. Also serves the HR app's build under /static/hr/.
 */
export const appShellRoutes: FastifyPluginAsync<AppShellOptions> = async (app, opts) => {
  const { db } = opts;
  const clientDir = opts.hrClientDir ?? DEFAULT_HR_CLIENT_DIR;
  const readAssets = createHrAssetsReader(clientDir);
  const releaseVersion = await readReleaseVersion();

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: HR_STATIC_PREFIX,
    decorateReply: false,
    index: false,
    // The manifest is for this server, not for browsers.
    allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', isHashed ? IMMUTABLE_CACHE : 'no-cache');
    },
  });

  async function sendShell(request: FastifyRequest, reply: FastifyReply) {
    const company = request.company;
    if (!company) throw new AppError('not_found');
    const user = request.user;
    if (!user) {
      const next = request.url === route('app.home') ? {} : { next: request.url };
      return reply.redirect(route('auth.signIn', next), 302);
    }
    const locale = staffLocaleOf(request);
    const t = createTranslator(locale);
    const csrfToken = csrfTokenOf(request) ?? '';
    const pageData = await buildAppPageData(db, {
      user,
      company,
      locale,
      russianIsEnabled: isRussianEnabled(company),
      releaseVersion,
    });
    const fallbackHtml = `<main><h1>${escapeHtml(company.name)}</h1><p>${escapeHtml(t('auth.app_not_built'))}</p>
<form method="post" action="${route('auth.signOut')}"><input type="hidden" name="_token" value="${escapeHtml(csrfToken)}"><button type="submit">${escapeHtml(t('auth.sign_out.submit'))}</button></form></main>`;
    const html = renderAppShell({
      locale,
      title: `${company.name} · Kadry`,
      csrfToken,
      pageData,
      assets: await readAssets(),
      fallbackHtml,
    });
    return (
      reply
        .header('content-type', 'text/html; charset=utf-8')
        // Personal data and a CSRF token: for this browser only, never stored.
        .header('cache-control', 'no-store')
        .send(html)
    );
  }

  app.get(route('app.home'), { schema: { hide: true } }, sendShell);
  app.get(`${route('app.home')}/*`, { schema: { hide: true } }, sendShell);
};
