import type { Locale } from '@kadry/shared/constants';
import type { Translate } from '@kadry/shared/i18n/translate';
import { PASSWORD_MIN_LENGTH } from '@kadry/shared/schemas/auth';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** What every auth page needs: language, texts, the company it belongs to, the CSRF token. */
export type PageContext = {
  locale: Locale;
  t: Translate;
  companyName: string;
  logoUrl: string | null;
  csrfToken: string;
  /** Language links: each locale with the URL that shows this page in it. */
  languages: { locale: Locale; href: string }[];
};

/** Field errors keyed by input name; `form` is an error about the whole form (shown as an alert). */
export type FormErrors = Partial<Record<string, string>> & { form?: string };

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', uk: 'Українська' };

// Self-contained styles (the page must work before and without the HR app's build). Colours meet
// WCAG AA contrast; focus stays visible.
const STYLES = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
main{width:100%;max-width:416px;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.company{display:flex;align-items:center;gap:12px;margin:0 0 16px;font-weight:600;color:#374151}
.company img{height:32px;width:auto}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 24px}
.field{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 4px}
input[type=email],input[type=password]{width:100%;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;font:inherit}
input[aria-invalid=true]{border-color:#b91c1c}
.hint{margin:4px 0 0;color:#4b5563;font-size:.875rem}
.error{margin:4px 0 0;color:#b91c1c;font-size:.875rem}
.alert{margin:0 0 16px;padding:12px;border-radius:8px;background:#fef2f2;color:#991b1b;border:1px solid #fca5a5}
.notice{margin:0 0 16px;padding:12px;border-radius:8px;background:#ecfdf5;color:#065f46;border:1px solid #6ee7b7}
button{width:100%;padding:10px 16px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1e40af}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.links{margin:16px 0 0;text-align:center}
nav ul{display:flex;gap:16px;list-style:none;margin:0;padding:0}
nav a[aria-current=true]{font-weight:700;color:#111827;text-decoration:none}
`;

/** The document around an auth page: one h1, a main landmark, the language links. */
export function renderAuthDocument(ctx: PageContext, opts: { title: string; body: string }): string {
  const { t } = ctx;
  const logo = ctx.logoUrl ? `<img src="${escapeHtml(ctx.logoUrl)}" alt="">` : '';
  const languages =
    ctx.languages.length > 1
      ? `<nav aria-label="${escapeHtml(t('auth.languages'))}"><ul>${ctx.languages
          .map(
            (entry) =>
              `<li><a href="${escapeHtml(entry.href)}" lang="${entry.locale}" hreflang="${entry.locale}"${
                entry.locale === ctx.locale ? ' aria-current="true"' : ''
              }>${escapeHtml(LANGUAGE_NAMES[entry.locale])}</a></li>`,
          )
          .join('')}</ul></nav>`
      : '';
  return `<!doctype html>
<html lang="${ctx.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="csrf-token" content="${escapeHtml(ctx.csrfToken)}">
<title>${escapeHtml(`${opts.title} · ${ctx.companyName}`)}</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<p class="company">${logo}<span>${escapeHtml(ctx.companyName)}</span></p>
<h1>${escapeHtml(opts.title)}</h1>
${opts.body}
</main>
${languages}
</body>
</html>
`;
}

type FieldSpec = {
  name: string;
  type: 'email' | 'password';
  label: string;
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: string;
  /** Ids of other elements describing this field (e.g. the form's alert). */
  describedBy?: string[];
  autofocus?: boolean;
};

/** A labelled input whose error and hint are tied to it with aria-describedby. */
function renderField(field: FieldSpec): string {
  const id = `field-${field.name}`;
  const describedBy = [
    ...(field.error ? [`${id}-error`] : []),
    ...(field.hint ? [`${id}-hint`] : []),
    ...(field.describedBy ?? []),
  ];
  const isInvalid = Boolean(field.error) || (field.describedBy?.length ?? 0) > 0;
  const attributes = [
    `id="${id}"`,
    `name="${field.name}"`,
    `type="${field.type}"`,
    `autocomplete="${field.autocomplete}"`,
    'required',
    field.value !== undefined && field.type !== 'password' ? `value="${escapeHtml(field.value)}"` : '',
    isInvalid ? 'aria-invalid="true"' : '',
    describedBy.length > 0 ? `aria-describedby="${describedBy.join(' ')}"` : '',
    field.autofocus ? 'autofocus' : '',
  ].filter(Boolean);
  return `<div class="field">
<label for="${id}">${escapeHtml(field.label)}</label>
<input ${attributes.join(' ')}>
${field.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>` : ''}
${field.error ? `<p class="error" id="${id}-error">${escapeHtml(field.error)}</p>` : ''}
</div>`;
}

function renderFormAlert(errors: FormErrors): string {
  return errors.form
    ? `<div class="alert" role="alert" id="form-error">${escapeHtml(errors.form)}</div>`
    : '';
}

function renderNotice(text: string | undefined): string {
  return text ? `<div class="notice" role="status">${escapeHtml(text)}</div>` : '';
}

function renderCsrfField(ctx: PageContext): string {
  return `<input type="hidden" name="_token" value="${escapeHtml(ctx.csrfToken)}">`;
}

export function renderSignInPage(
  ctx: PageContext,
  opts: {
    action: string;
    forgotHref: string;
    email?: string;
    next?: string;
    errors?: FormErrors;
    notice?: string;
  },
): string {
  const { t } = ctx;
  const errors = opts.errors ?? {};
  // A wrong email or password is one error about both fields: it is announced once and tied to each.
  const formErrorIds = errors.form ? ['form-error'] : [];
  const body = `${renderNotice(opts.notice)}${renderFormAlert(errors)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${renderCsrfField(ctx)}
${opts.next ? `<input type="hidden" name="next" value="${escapeHtml(opts.next)}">` : ''}
${renderField({
  name: 'email',
  type: 'email',
  label: t('auth.email'),
  autocomplete: 'username',
  value: opts.email ?? '',
  error: errors.email,
  describedBy: formErrorIds,
  autofocus: !errors.password,
})}
${renderField({
  name: 'password',
  type: 'password',
  label: t('auth.password'),
  autocomplete: 'current-password',
  error: errors.password,
  describedBy: formErrorIds,
  autofocus: Boolean(errors.password),
})}
<button type="submit">${escapeHtml(t('auth.sign_in.submit'))}</button>
</form>
<p class="links"><a href="${escapeHtml(opts.forgotHref)}">${escapeHtml(t('auth.sign_in.forgot'))}</a></p>`;
  return renderAuthDocument(ctx, { title: t('auth.sign_in.title'), body });
}

export function renderSignOutPage(ctx: PageContext, opts: { action: string; backHref: string }): string {
  const { t } = ctx;
  const body = `<p>${escapeHtml(t('auth.sign_out.text'))}</p>
<form method="post" action="${escapeHtml(opts.action)}">
${renderCsrfField(ctx)}
<button type="submit">${escapeHtml(t('auth.sign_out.submit'))}</button>
</form>
<p class="links"><a href="${escapeHtml(opts.backHref)}">${escapeHtml(t('auth.back_to_app'))}</a></p>`;
  return renderAuthDocument(ctx, { title: t('auth.sign_out.title'), body });
}

export function renderForgotPasswordPage(
  ctx: PageContext,
  opts: { action: string; signInHref: string; email?: string; errors?: FormErrors; isSent?: boolean },
): string {
  const { t } = ctx;
  const errors = opts.errors ?? {};
  const form = opts.isSent
    ? renderNotice(t('auth.forgot.sent'))
    : `${renderFormAlert(errors)}<p>${escapeHtml(t('auth.forgot.text'))}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${renderCsrfField(ctx)}
${renderField({
  name: 'email',
  type: 'email',
  label: t('auth.email'),
  autocomplete: 'username',
  value: opts.email ?? '',
  error: errors.email,
  autofocus: true,
})}
<button type="submit">${escapeHtml(t('auth.forgot.submit'))}</button>
</form>`;
  const body = `${form}
<p class="links"><a href="${escapeHtml(opts.signInHref)}">${escapeHtml(t('auth.back_to_sign_in'))}</a></p>`;
  return renderAuthDocument(ctx, { title: t('auth.forgot.title'), body });
}

export function renderResetPasswordPage(
  ctx: PageContext,
  opts: {
    action: string;
    signInHref: string;
    forgotHref: string;
    errors?: FormErrors;
    isInvalidLink?: boolean;
    /** The link sets the account's first password (an invitation): "Set your password". */
    isFirstPassword?: boolean;
  },
): string {
  const { t } = ctx;
  const errors = opts.errors ?? {};
  if (opts.isInvalidLink) {
    const body = `<div class="alert" role="alert">${escapeHtml(t('auth.reset.invalid'))}</div>
<p class="links"><a href="${escapeHtml(opts.forgotHref)}">${escapeHtml(t('auth.reset.request_new'))}</a></p>
<p class="links"><a href="${escapeHtml(opts.signInHref)}">${escapeHtml(t('auth.back_to_sign_in'))}</a></p>`;
    return renderAuthDocument(ctx, { title: t('auth.reset.title'), body });
  }
  const body = `${renderFormAlert(errors)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${renderCsrfField(ctx)}
${renderField({
  name: 'password',
  type: 'password',
  label: t(opts.isFirstPassword ? 'auth.invite.password' : 'auth.reset.password'),
  autocomplete: 'new-password',
  hint: t('auth.reset.password_hint', { min: PASSWORD_MIN_LENGTH }),
  error: errors.password,
  autofocus: true,
})}
${renderField({
  name: 'password_confirmation',
  type: 'password',
  label: t(opts.isFirstPassword ? 'auth.invite.password_confirmation' : 'auth.reset.password_confirmation'),
  autocomplete: 'new-password',
  error: errors.password_confirmation,
})}
<button type="submit">${escapeHtml(t(opts.isFirstPassword ? 'auth.invite.submit' : 'auth.reset.submit'))}</button>
</form>
<p class="links"><a href="${escapeHtml(opts.signInHref)}">${escapeHtml(t('auth.back_to_sign_in'))}</a></p>`;
  return renderAuthDocument(ctx, {
    title: t(opts.isFirstPassword ? 'auth.invite.title' : 'auth.reset.title'),
    body,
  });
}

/** A page that only says something (an expired form, a missing company). */
export function renderMessagePage(
  ctx: PageContext,
  opts: { title: string; message: string; linkHref: string; linkText: string },
) {
  const body = `<div class="alert" role="alert">${escapeHtml(opts.message)}</div>
<p class="links"><a href="${escapeHtml(opts.linkHref)}">${escapeHtml(opts.linkText)}</a></p>`;
  return renderAuthDocument(ctx, { title: opts.title, body });
}
