import { Readable } from 'node:stream';
import type { CareersSettingsInput, StaffCareersSettings } from '@kadry/shared/schemas/recruiting';
import { fileTypeFromBuffer } from 'file-type';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { versionDemoAssetUrl } from '../../lib/demo-assets';
import type { PublicCache } from '../../lib/public-cache';
import { careersListUrl } from '../../lib/public-urls';
import { type Access, levelFor } from '../../plugins/access/access';
import type { FileStore } from '../../storage/file-store';
import { findCompany, findStoredFile, saveLogo, updateCompany } from './careers-settings.queries';
import { looksLikeSvg, sanitiseSvg } from './svg';

/** Logos are small images: PNG, JPEG or SVG up to 2 MB, judged by their bytes, not their name. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Where a company's logo is served from (public: the careers page shows it). */
export const LOGO_PATH = '/careers-logo/:fileId';
const LOGO_TYPES = { png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml' } as const;
type LogoFormat = keyof typeof LOGO_TYPES;

/** The logo under its content's hash (issue 18): what pages link, cached for good. */
export const LOGO_VERSIONED_PATH = '/careers-logo/:fileId/:version';
/** How many hex digits of the logo's SHA-256 its versioned URL carries. */
const LOGO_VERSION_LENGTH = 16;

const logoUrlOf = (fileId: number) => LOGO_PATH.replace(':fileId', String(fileId));

/** What the settings rules need to act for a signed-in user. */
export type CareersSettingsContext = {
  db: Db;
  access: Access;
  cache: PublicCache;
  /** Called after a change, so cached company rows (host resolution) are read afresh. */
  forgetCachedCompanies: () => void;
  /** The origin of the request, for the careers address shown with the settings. */
  origin: string;
};

function toCareersSettings(company: Company, origin: string): StaffCareersSettings {
  return {
    name: company.name,
    logo_url: company.logoUrl,
    font: company.font,
    colors: { background: company.colorBackground, header: company.colorHeader, button: company.colorButton },
    indexing: company.indexing,
    consent_page_url: company.consentPageUrl,
    captcha: {
      provider: company.captchaProvider,
      site_key: company.captchaSiteKey,
      project_id: company.captchaProjectId,
      threshold: company.captchaThreshold,
      allowed_hosts: company.captchaAllowedHosts,
      has_secret: Boolean(company.captchaSecret),
    },
    languages: company.languages,
    default_language: company.defaultLanguage,
    careers_url: careersListUrl(origin),
  };
}

/** Viewing needs Vacancy.CareerSite view; the settings are the company's, so changing them needs to_all. */
export function requireSettingsAccess(access: Access, action: 'view' | 'update'): void {
  const level = levelFor(access, 'Vacancy.CareerSite', action);
  if (level === 'not_visible' || (action === 'update' && level !== 'to_all')) throw new AppError('forbidden');
}

async function loadCompany(ctx: CareersSettingsContext, action: 'view' | 'update'): Promise<Company> {
  requireSettingsAccess(ctx.access, action);
  const company = await findCompany(ctx.db, ctx.access.user.companyId);
  if (!company) throw new AppError('not_found');
  return company;
}

function changed(ctx: CareersSettingsContext, company: Company | null): StaffCareersSettings {
  if (!company) throw new AppError('not_found');
  ctx.cache.invalidate(company.id);
  ctx.forgetCachedCompanies();
  return toCareersSettings(company, ctx.origin);
}

export async function getCareersSettings(ctx: CareersSettingsContext): Promise<StaffCareersSettings> {
  return toCareersSettings(await loadCompany(ctx, 'view'), ctx.origin);
}

export async function updateCareersSettings(
  ctx: CareersSettingsContext,
  input: CareersSettingsInput,
): Promise<StaffCareersSettings> {
  const company = await loadCompany(ctx, 'update');
  if (!input.languages.includes(input.default_language)) {
    throw new AppError('validation', { issues: { default_language: [{ key: 'errors.invalid_value' }] } });
  }
  const secret = input.captcha.secret;
  const updated = await updateCompany(ctx.db, company.id, {
    name: input.name,
    font: input.font === '' ? null : input.font,
    colorBackground: input.colors.background,
    colorHeader: input.colors.header,
    colorButton: input.colors.button,
    indexing: input.indexing,
    consentPageUrl: input.consent_page_url,
    captchaProvider: input.captcha.provider,
    captchaSiteKey: input.captcha.site_key || null,
    captchaProjectId: input.captcha.project_id || null,
    captchaThreshold: input.captcha.threshold,
    captchaAllowedHosts: input.captcha.allowed_hosts.map((host) => host.toLowerCase()),
    ...(secret === undefined || secret === null ? {} : { captchaSecret: secret === '' ? null : secret }),
    languages: [...new Set(input.languages)],
    defaultLanguage: input.default_language,
  });
  return changed(ctx, updated);
}

/** The format of a logo by its bytes (an SVG is sanitised); null for anything else. */
async function readLogo(bytes: Buffer): Promise<{ format: LogoFormat; bytes: Buffer } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.ext === 'png') return { format: 'png', bytes };
  if (detected?.ext === 'jpg') return { format: 'jpg', bytes };
  // An SVG is text; one that starts with an XML declaration is detected as XML.
  if ((!detected || detected.ext === 'xml') && looksLikeSvg(bytes)) {
    return { format: 'svg', bytes: Buffer.from(sanitiseSvg(bytes.toString('utf8')), 'utf8') };
  }
  return null;
}

/** Stores an uploaded logo (at most LOGO_MAX_BYTES, already read) and makes it the careers site's. */
export async function uploadLogo(
  ctx: CareersSettingsContext,
  fileStore: FileStore,
  upload: Buffer | null,
): Promise<StaffCareersSettings> {
  const company = await loadCompany(ctx, 'update');
  if (!upload || upload.length === 0) {
    throw new AppError('validation', { issues: { logo: [{ key: 'errors.invalid_value' }] } });
  }
  const logo = await readLogo(upload);
  if (!logo)
    throw new AppError('validation', { issues: { logo: [{ key: 'candidate.cv.supported_formats' }] } });
  const stored = await fileStore.put(Readable.from([logo.bytes]), { maxBytes: LOGO_MAX_BYTES * 2 });
  const updated = await saveLogo(
    ctx.db,
    company.id,
    {
      storageKey: stored.key,
      name: `logo.${logo.format}`,
      format: logo.format,
      size: stored.size,
      sha256: stored.sha256,
    },
    logoUrlOf,
  );
  return changed(ctx, updated);
}

/**
 * The company's current logo file for the public careers page, or null. Read fresh: a cached
 * company row may be a few seconds old right after an upload. With `version`, only when it is the
 * start of the file's SHA-256 (the versioned URL of LOGO_VERSIONED_PATH).
 */
export async function findCurrentLogo(
  db: Db,
  companyId: number,
  fileId: number,
  version?: string,
): Promise<{ storageKey: string; contentType: string } | null> {
  const company = await findCompany(db, companyId);
  if (!company || company.logoUrl !== logoUrlOf(fileId)) return null;
  const file = await findStoredFile(db, companyId, fileId);
  const format = file?.format as LogoFormat | undefined;
  if (!file || !format || !(format in LOGO_TYPES)) return null;
  if (version !== undefined && version !== file.sha256.slice(0, LOGO_VERSION_LENGTH)) return null;
  return { storageKey: file.storageKey, contentType: LOGO_TYPES[format] };
}

/**
 * The URL pages link for a company's logo: with its content's hash in it, so it can be cached for
 * good (issue 18) — an uploaded logo under LOGO_VERSIONED_PATH, a demo asset under its hashed name.
 * A logo elsewhere (another site's URL) is linked as it is; null without a logo. The plain URLs
 * keep answering.
 */
export async function versionLogoUrl(
  db: Db,
  companyId: number,
  logoUrl: string | null,
): Promise<string | null> {
  if (!logoUrl) return null;
  const demo = versionDemoAssetUrl(logoUrl);
  if (demo) return demo;
  const fileId = /^\/careers-logo\/(\d+)$/.exec(logoUrl)?.[1];
  if (!fileId) return logoUrl;
  const file = await findStoredFile(db, companyId, Number(fileId));
  if (!file) return logoUrl;
  return LOGO_VERSIONED_PATH.replace(':fileId', fileId).replace(
    ':version',
    file.sha256.slice(0, LOGO_VERSION_LENGTH),
  );
}
