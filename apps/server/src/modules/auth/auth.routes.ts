import formbody from '@fastify/formbody';
import { createTranslator, type Translate } from '@kadry/shared/i18n/translate';
import { route } from '@kadry/shared/routes';
import {
  type AuthRedirectResponse,
  forgotPasswordBodySchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  resetPasswordBodySchema,
  signInBodySchema,
} from '@kadry/shared/schemas/auth';
import { validateEmail } from '@kadry/shared/validation/rules';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../../config/env';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { MailQueue } from '../../lib/mail-queue';
import { csrfTokenOf } from '../../plugins/csrf';
import { toAppError } from '../../plugins/error-handler';
import {
  DEVICE_TOKEN_TTL_MS,
  endUserSession,
  ensureSessionToken,
  listStaffLocales,
  readDeviceTokens,
  rememberDeviceToken,
  staffLocaleOf,
  startUserSession,
} from '../../plugins/session';
import {
  type FormErrors,
  type PageContext,
  renderForgotPasswordPage,
  renderMessagePage,
  renderResetPasswordPage,
  renderSignInPage,
  renderSignOutPage,
} from './auth-pages';
import {
  findResetTokenAccount,
  requestPasswordReset,
  resetPasswordWithToken,
} from './password-reset.service';
import type { SignInLimits } from './sign-in.service';
import { signInWithPassword } from './sign-in.service';

export type AuthRoutesOptions = {
  db: Db;
  env: Pick<
    Env,
    | 'SESSION_MAX_HOURS'
    | 'SIGN_IN_MAX_FAILURES_PER_ACCOUNT'
    | 'SIGN_IN_MAX_FAILURES_PER_IP'
    | 'SIGN_IN_LOCKOUT_MINUTES'
  >;
  mail: MailQueue;
  now: () => Date;
};

const SIGN_IN = route('auth.signIn');
const SIGN_OUT = route('auth.signOut');
const FORGOT = route('auth.password.forgot');
const APP_HOME = route('app.home');
/** Reset tokens are 32 random bytes in base64url. */
const RESET_TOKEN_PATTERN = /^[\w-]{43}$/;
/**
 * These pages' forms are a few fields: their bodies (urlencoded, or JSON from the HR app's scripts)
 * are anonymous, so they are kept small, and the 413 names this limit.
 */
const FORM_BODY_LIMIT = 16 * 1024;

/** Scripts (the HR app) ask for JSON; browsers posting the forms get pages. */
function wantsJson(request: FastifyRequest): boolean {
  if (request.headers['x-requested-with'] === 'XMLHttpRequest') return true;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/**
 * Where to go after signing in: only a path inside the HR app, so the parameter cannot send anyone
 * to another site (`//evil.example`, `/\evil.example`) or back to the auth pages.
 */
export function readSafeNext(next: unknown): string | null {
  if (typeof next !== 'string' || next.length > 2_000) return null;
  if (!/^\/app(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next)) return null;
  if (next.startsWith(SIGN_IN) || next.startsWith(SIGN_OUT) || next.startsWith('/app/password/')) return null;
  return next;
}

function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/** A path with the request's explicit `lang` (if any) kept, plus extra parameters. */
function withParams(
  request: FastifyRequest,
  path: string,
  extra: Record<string, string | null> = {},
): string {
  const params = new URLSearchParams();
  const lang = queryOf(request).lang;
  if (typeof lang === 'string' && lang !== '') params.set('lang', lang);
  for (const [key, value] of Object.entries(extra)) if (value !== null) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function requirePageCompany(request: FastifyRequest): Company {
  if (!request.company) throw new AppError('not_found');
  return request.company;
}

function buildPageContext(request: FastifyRequest, reply: FastifyReply, company: Company): PageContext {
  const locale = staffLocaleOf(request);
  ensureSessionToken(request, reply);
  const pathname = request.url.split('?')[0] ?? '/';
  const next = readSafeNext(queryOf(request).next);
  return {
    locale,
    t: createTranslator(locale),
    companyName: company.name,
    logoUrl: company.logoUrl,
    csrfToken: csrfTokenOf(request) ?? '',
    languages: listStaffLocales(company).map((entry) => {
      const params = new URLSearchParams({ lang: entry });
      if (next) params.set('next', next);
      return { locale: entry, href: `${pathname}?${params}` };
    }),
  };
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      // The page carries a CSRF token bound to this browser: never cache it anywhere.
      .header('cache-control', 'no-store')
      .send(html)
  );
}

function lockoutMessage(t: Translate, retryAfterSeconds: number): string {
  return t('auth.sign_in.locked', { count: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}

/**
 * Sign-in, sign-out and password reset (issue 5): server-rendered forms that work without
 * JavaScript, in the staff's language, each posting the CSRF token of the browser's (pre-)session.
 */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, opts) => {
  const { db, env, now } = opts;
  // HTML pages, not API: kept out of the OpenAPI document.
  app.addHook('onRoute', (routeOptions) => {
    routeOptions.schema = { ...routeOptions.schema, hide: true };
    routeOptions.bodyLimit = FORM_BODY_LIMIT;
  });
  const limits: SignInLimits = {
    maxFailuresPerAccount: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerIp: env.SIGN_IN_MAX_FAILURES_PER_IP,
    lockoutMs: env.SIGN_IN_LOCKOUT_MINUTES * 60_000,
  };
  const sessionMaxAgeMs = env.SESSION_MAX_HOURS * 3_600_000;

  // Forms post urlencoded; only this plugin's routes accept that content type.
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });

  // Browsers posting a form get a page, not JSON, for the errors that reach them outside a handler:
  // an expired form (419), too many requests (429), an unknown company (404).
  app.setErrorHandler(async (error, request, reply) => {
    if (wantsJson(request) || !request.company) throw error;
    const appError = toAppError(error);
    if (![404, 419, 429].includes(appError.status)) throw error;
    const ctx = buildPageContext(request, reply, request.company);
    const { t } = ctx;
    if (appError.retryAfter !== undefined) reply.header('retry-after', String(appError.retryAfter));
    const isExpired = appError.status === 419;
    const title = isExpired
      ? t('auth.expired.title')
      : appError.status === 429
        ? t('auth.too_many.title')
        : t('errors.not_found');
    return sendPage(
      reply,
      appError.status,
      renderMessagePage(ctx, {
        title,
        message: isExpired ? t('auth.expired.text') : t(appError.key, appError.params),
        // Back to the page the form came from, freshly rendered with a valid token.
        linkHref: withParams(request, request.url.split('?')[0] ?? SIGN_IN),
        linkText: t('auth.expired.retry'),
      }),
    );
  });

  app.get(SIGN_IN, async (request, reply) => {
    const company = requirePageCompany(request);
    const query = queryOf(request);
    const next = readSafeNext(query.next);
    if (request.user) return reply.redirect(next ?? APP_HOME, 303);
    const ctx = buildPageContext(request, reply, company);
    const notice =
      query.signed_out === '1'
        ? ctx.t('auth.signed_out')
        : query.reset === '1'
          ? ctx.t('auth.reset.done')
          : query.password_set === '1'
            ? ctx.t('auth.invite.done')
            : undefined;
    return sendPage(
      reply,
      200,
      renderSignInPage(ctx, {
        action: withParams(request, SIGN_IN),
        forgotHref: withParams(request, FORGOT),
        next: next ?? undefined,
        notice,
      }),
    );
  });

  app.post(
    SIGN_IN,
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const company = requirePageCompany(request);
      const parsed = signInBodySchema.safeParse(request.body ?? {});
      const body = parsed.success ? parsed.data : { email: '', password: '', next: undefined };
      const next = readSafeNext(body.next);
      const json = wantsJson(request);
      const t = createTranslator(staffLocaleOf(request));

      const renderForm = (status: number, errors: FormErrors) =>
        sendPage(
          reply,
          status,
          renderSignInPage(buildPageContext(request, reply, company), {
            action: withParams(request, SIGN_IN),
            forgotHref: withParams(request, FORGOT),
            email: body.email,
            next: next ?? undefined,
            errors,
          }),
        );

      const missing: FormErrors = {};
      if (body.email === '') missing.email = t('public.fill_fields');
      if (body.password === '') missing.password = t('public.fill_fields');
      if (missing.email || missing.password) {
        if (json) {
          const issues = Object.fromEntries(
            Object.keys(missing).map((field) => [field, [{ key: 'public.fill_fields' }]]),
          );
          throw new AppError('validation', { issues });
        }
        return renderForm(422, missing);
      }

      const outcome = await signInWithPassword(db, {
        companyId: company.id,
        email: body.email,
        password: body.password,
        ip: request.ip,
        deviceTokens: readDeviceTokens(request),
        deviceTtlMs: DEVICE_TOKEN_TTL_MS,
        now,
        limits,
      });
      if (outcome.status === 'locked') {
        const { retryAfter } = outcome;
        if (json)
          throw new AppError('too_many_requests', {
            retryAfter,
            key: 'auth.sign_in.locked',
            params: { count: Math.ceil(retryAfter / 60) },
          });
        reply.header('retry-after', String(retryAfter));
        return renderForm(429, { form: lockoutMessage(t, retryAfter) });
      }
      if (outcome.status === 'failed') {
        if (json) {
          throw new AppError('validation', {
            key: 'auth.sign_in.failed',
            issues: { email: [{ key: 'auth.sign_in.failed' }] },
          });
        }
        return renderForm(422, { form: t('auth.sign_in.failed') });
      }

      await startUserSession(request, reply, {
        db,
        userId: outcome.userId,
        companyId: company.id,
        now: outcome.signedInAt,
        maxAgeMs: sessionMaxAgeMs,
      });
      // This browser is now a known device of the account: strangers' failures no longer lock it out.
      rememberDeviceToken(request, reply, outcome.deviceToken);
      const redirect = next ?? APP_HOME;
      if (json) return reply.send({ data: { redirect } } satisfies AuthRedirectResponse);
      return reply.redirect(redirect, 303);
    },
  );

  app.get(SIGN_OUT, async (request, reply) => {
    const company = requirePageCompany(request);
    if (!request.user) return reply.redirect(withParams(request, SIGN_IN), 303);
    const ctx = buildPageContext(request, reply, company);
    return sendPage(reply, 200, renderSignOutPage(ctx, { action: SIGN_OUT, backHref: APP_HOME }));
  });

  app.post(SIGN_OUT, async (request, reply) => {
    requirePageCompany(request);
    await endUserSession(request, reply, db);
    const redirect = `${SIGN_IN}?signed_out=1`;
    if (wantsJson(request)) return reply.send({ data: { redirect } } satisfies AuthRedirectResponse);
    return reply.redirect(redirect, 303);
  });

  app.get(FORGOT, async (request, reply) => {
    const company = requirePageCompany(request);
    const ctx = buildPageContext(request, reply, company);
    return sendPage(
      reply,
      200,
      renderForgotPasswordPage(ctx, {
        action: withParams(request, FORGOT),
        signInHref: withParams(request, SIGN_IN),
      }),
    );
  });

  app.post(
    FORGOT,
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const company = requirePageCompany(request);
      const parsed = forgotPasswordBodySchema.safeParse(request.body ?? {});
      const email = parsed.success ? parsed.data.email : '';
      const ctx = buildPageContext(request, reply, company);
      const pageOptions = {
        action: withParams(request, FORGOT),
        signInHref: withParams(request, SIGN_IN),
        email,
      };
      const issue = email === '' ? { key: 'public.fill_fields' } : validateEmail(email);
      if (issue) {
        return sendPage(
          reply,
          422,
          renderForgotPasswordPage(ctx, {
            ...pageOptions,
            errors: { email: ctx.t(issue.key, issue.params) },
          }),
        );
      }
      // Links point only at a trusted origin, never at a Host header the sender chose (issue 12).
      const baseUrl = request.linkOrigin;
      if (baseUrl === null) {
        request.log.error(
          { host: request.host },
          'no password-reset link sent: this host is not trusted for links; set APP_URL or TRUSTED_HOSTS',
        );
      } else {
        // Not awaited: the answer must take as long for an unknown email as for a known one.
        requestPasswordReset(db, { company, email, now: now(), baseUrl, mail: opts.mail }).catch(
          (error: unknown) => request.log.error({ err: error }, 'sending a password-reset link failed'),
        );
      }
      return sendPage(reply, 200, renderForgotPasswordPage(ctx, { ...pageOptions, isSent: true }));
    },
  );

  const resetPath = '/app/password/reset/:token';

  app.get<{ Params: { token: string } }>(resetPath, async (request, reply) => {
    const company = requirePageCompany(request);
    const { token } = request.params;
    const account = RESET_TOKEN_PATTERN.test(token)
      ? await findResetTokenAccount(db, token, company.id, now())
      : null;
    const ctx = buildPageContext(request, reply, company);
    return sendPage(
      reply,
      account ? 200 : 404,
      renderResetPasswordPage(ctx, {
        action: withParams(request, route('auth.password.reset', { token })),
        signInHref: withParams(request, SIGN_IN),
        forgotHref: withParams(request, FORGOT),
        isInvalidLink: !account,
        isFirstPassword: account ? !account.hasPassword : false,
      }),
    );
  });

  app.post<{ Params: { token: string } }>(
    resetPath,
    { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request, reply) => {
      const company = requirePageCompany(request);
      const { token } = request.params;
      const parsed = resetPasswordBodySchema.safeParse(request.body ?? {});
      const body = parsed.success ? parsed.data : { password: '', password_confirmation: '' };
      const ctx = buildPageContext(request, reply, company);
      const pageOptions = {
        action: withParams(request, route('auth.password.reset', { token })),
        signInHref: withParams(request, SIGN_IN),
        forgotHref: withParams(request, FORGOT),
      };
      if (!RESET_TOKEN_PATTERN.test(token)) {
        return sendPage(reply, 404, renderResetPasswordPage(ctx, { ...pageOptions, isInvalidLink: true }));
      }

      const errors: FormErrors = {};
      const length = [...body.password].length;
      if (body.password === '') errors.password = ctx.t('public.fill_fields');
      else if (length < PASSWORD_MIN_LENGTH)
        errors.password = ctx.t('auth.reset.too_short', { min: PASSWORD_MIN_LENGTH });
      else if (length > PASSWORD_MAX_LENGTH)
        errors.password = ctx.t('auth.reset.too_long', { max: PASSWORD_MAX_LENGTH });
      else if (body.password !== body.password_confirmation)
        errors.password_confirmation = ctx.t('auth.reset.mismatch');
      // Whether the link sets the account's first password (an invitation): the wording follows.
      const account = await findResetTokenAccount(db, token, company.id, now());
      const isFirstPassword = account ? !account.hasPassword : false;
      // Checked before the link is spent, so a typo does not cost the user their link.
      if (errors.password || errors.password_confirmation) {
        return sendPage(
          reply,
          422,
          renderResetPasswordPage(ctx, { ...pageOptions, errors, isFirstPassword }),
        );
      }

      const isReset = await resetPasswordWithToken(db, {
        token,
        companyId: company.id,
        password: body.password,
        now: now(),
      });
      if (!isReset) {
        return sendPage(reply, 404, renderResetPasswordPage(ctx, { ...pageOptions, isInvalidLink: true }));
      }
      // Every session of the account just ended, this browser's included.
      await endUserSession(request, reply, db);
      const notice: Record<string, string> = isFirstPassword ? { password_set: '1' } : { reset: '1' };
      return reply.redirect(withParams(request, SIGN_IN, notice), 303);
    },
  );
};
