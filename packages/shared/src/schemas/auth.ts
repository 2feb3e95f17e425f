import { z } from 'zod';
import { LOCALES } from '../constants';

/** Roles every company has from the start (spec §6 leaves their names open; issue 5 names them). */
export const BUILT_IN_ROLES = ['owner', 'hr', 'recruiter', 'manager', 'employee'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

/** Password bounds: long passphrases welcome, but argon2 input stays bounded. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** A password-reset link works this long, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** Attachment limit of a user's outgoing mail when the mail type sets none (spec §9: 25 MB). */
export const DEFAULT_MAIL_MAX_SIZE_BYTES = 25 * 1024 * 1024;

/** Version of the HR app's IndexedDB schema (database `hrm`, stores cache and commentDrafts). */
export const INDEXED_DB_VERSION = 1;

/** The header the HR app sends its CSRF token in; forms send the `_token` field instead. */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FORM_FIELD = '_token';

/** Body of a sign-in (the HTML form posts it urlencoded; scripts may post it as JSON). */
export const signInBodySchema = z.object({
  email: z.string().trim().max(320).default(''),
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .default(''),
  /** Where to go after signing in; only paths under /app are honoured. */
  next: z.string().max(2_000).optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const forgotPasswordBodySchema = z.object({
  email: z.string().trim().max(320).default(''),
});

export const resetPasswordBodySchema = z.object({
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .default(''),
  password_confirmation: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .default(''),
});

/** JSON answer of sign-in and sign-out when asked for JSON: where the browser should go next. */
export const authRedirectResponseSchema = z.object({ data: z.object({ redirect: z.string() }) });
export type AuthRedirectResponse = z.infer<typeof authRedirectResponseSchema>;

/** The signed-in user, as the HR app's page data carries it (spec §3.2). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  /** The employee the account belongs to (ours, beside the spec's fields): "me" in people lists. */
  employeeId: z.number().int(),
  /** Stable opaque identifier for places that must not see the numeric id (support chat, analytics). */
  hashedId: z.string(),
  name: z.string(),
  locale: z.enum(LOCALES),
  /** IANA time zone, e.g. Europe/Kyiv. */
  timezone: z.string(),
  /** The kind of mailbox the user sends mail through; `default` is the server's own sender. */
  mailType: z.string(),
  /** Largest total size of attachments of one outgoing mail, in bytes. */
  mailMaxSize: z.number().int(),
  hasGoogleCalendar: z.boolean(),
  /**
   * Under "login as" (docs/decisions/016-login-as.md): who is signed in as this user; the app shows a
   * banner with a way back. Null in an ordinary session.
   */
  impersonator: z.object({ name: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Company-wide settings the HR app reads from its page data (spec §3.2). */
export const appSettingsSchema = z.object({
  googleSynchronizationEnabled: z.boolean(),
  /** ISO time of the last change to any role; a change refreshes cached roles and permissions. */
  rolesUpdatedAt: z.string().nullable(),
  indexedDbVersion: z.number().int(),
  candidatePersonalDataEnabled: z.boolean(),
  russianIsEnabled: z.boolean(),
  releaseVersion: z.string(),
  /**
   * Dictionary name → ISO time of the company's last change to it (schemas/dictionaries.ts). A
   * dictionary the company never changed is absent: it changes only with a release.
   */
  dictionaryUpdatedAt: z.record(z.string(), z.string()),
  supportChat: z.boolean(),
  /**
   * Whether the user belongs to at least one team, i.e. whether the only_my_and_my_team level reaches
   * anything beyond their own rows (the spec leaves its semantics open; this is ours). The app may
   * offer "my team" filters only when it is true. Read when the page loads: joining or leaving a team
   * also moves rolesUpdatedAt.
   */
  teamAccess: z.boolean(),
  /** Plan codes the company has, e.g. `hrm_pro`, `ats` (spec §1: HRM or HRM PRO, ATS or ATS PRO). */
  tariffs: z.array(z.string()),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const appCompanySchema = z.object({
  avatar: z.string().nullable(),
  name: z.string(),
});

/** JSON the server embeds in the /app shell as `<script type="application/json" id="page-data">`. */
export const appPageDataSchema = z.object({
  user: currentUserSchema,
  settings: appSettingsSchema,
  company: appCompanySchema,
});
export type AppPageData = z.infer<typeof appPageDataSchema>;

/** `GET /vue-global/translations?keys=a,b,prefix.*` answers key → text in the user's locale. */
export const translationsQuerySchema = z.object({
  keys: z.union([z.string(), z.array(z.string())]).optional(),
});
export const translationsResponseSchema = z.record(z.string(), z.string());
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;
