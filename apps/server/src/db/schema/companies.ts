import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { buildInListCheck } from './sql-helpers';

export const CAPTCHA_PROVIDERS = ['none', 'test', 'recaptcha_enterprise'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Locales a company can offer; kept in step with LOCALES of @kadry/shared/constants. */
const COMPANY_LANGUAGES = ['en', 'ru', 'uk'] as const;

/** Tariff codes; kept in step with TARIFFS of @kadry/shared/plans. */
const COMPANY_TARIFFS = ['hrm', 'hrm_pro', 'ats', 'ats_pro'] as const;

/**
 * A tenant. The careers site resolves the company from the request's Host header (`hosts`), falling
 * back to the one default company. Careers-site settings live here too.
 */
export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Host header values (lower-case, without port) that resolve to this company. */
    hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
    isDefault: boolean('is_default').notNull().default(false),
    logoUrl: text('logo_url'),
    font: text('font'),
    colorBackground: text('color_background').notNull().default('#ffffff'),
    colorHeader: text('color_header').notNull().default('#1f2937'),
    colorButton: text('color_button').notNull().default('#2563eb'),
    /** Whether search engines may index the careers site. */
    indexing: boolean('indexing').notNull().default(true),
    consentPageUrl: text('consent_page_url'),
    captchaProvider: text('captcha_provider', { enum: CAPTCHA_PROVIDERS }).notNull().default('none'),
    captchaSiteKey: text('captcha_site_key'),
    /** Server-side secret (API key); never sent to a browser. */
    captchaSecret: text('captcha_secret'),
    captchaProjectId: text('captcha_project_id'),
    /** Minimum score (0..1) a score-based captcha token must reach. */
    captchaThreshold: real('captcha_threshold').notNull().default(0.5),
    /** Hostnames a captcha token may have been issued for; empty means the company's own hosts. */
    captchaAllowedHosts: text('captcha_allowed_hosts').array().notNull().default(sql`'{}'::text[]`),
    languages: text('languages', { enum: COMPANY_LANGUAGES }).array().notNull().default(sql`'{en}'::text[]`),
    defaultLanguage: text('default_language', { enum: COMPANY_LANGUAGES }).notNull().default('en'),
    /** The company's plans (spec §1): HRM or HRM PRO, ATS or ATS PRO. Modules outside them answer 403. */
    tariffs: text('tariffs', { enum: COMPANY_TARIFFS }).array().notNull().default(sql`'{hrm,ats}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('companies_slug_key').on(t.slug),
    // At most one row can have is_default = true.
    uniqueIndex('companies_one_default_key').on(t.isDefault).where(sql`is_default`),
    // Host resolution: `hosts @> array[$host]`.
    index('companies_hosts_idx').using('gin', t.hosts),
    check('companies_captcha_provider_check', buildInListCheck('captcha_provider', CAPTCHA_PROVIDERS)),
    check('companies_default_language_check', buildInListCheck('default_language', COMPANY_LANGUAGES)),
    check('companies_languages_check', sql`languages <@ array['en', 'ru', 'uk']::text[]`),
    check('companies_captcha_threshold_check', sql`captcha_threshold between 0 and 1`),
    check('companies_tariffs_check', sql`tariffs <@ array['hrm', 'hrm_pro', 'ats', 'ats_pro']::text[]`),
  ],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
