import type { RouteName } from '@kadry/shared/routes';
import type { CachedDictionary } from '@kadry/shared/schemas/dictionaries';
import type { LocalCache } from './local-cache';
import type { CacheStamp } from './local-db';

/**
 * The data areas the app may serve from its local cache (spec §7.2), with the dictionary whose
 * dictionaryUpdatedAt the cached copy depends on (null: only locale, release and roles matter).
 */
export const CACHED_AREAS = {
  employmentTypes: { route: 'dictionaries.typesEmployment', dictionary: 'employment_type' },
  relativeTypes: { route: 'dictionaries.typesRelative', dictionary: 'relative_type' },
  dismissalReasons: { route: 'dictionaries.employeeReasonOfFire', dictionary: 'dismissal_reason' },
  termsOfCooperation: { route: 'dictionaries.employeeToc', dictionary: 'terms_of_cooperation' },
  maritalStatus: { route: 'dictionaries.martialStatus', dictionary: 'marital_status' },
  language: { route: 'dictionaries.language', dictionary: 'language' },
  portfolioIcons: { route: 'dictionaries.typesPortfolioIcons', dictionary: 'portfolio_icon' },
  experience: { route: 'dictionaries.peopleExperience', dictionary: 'experience' },
  status: { route: 'dictionaries.peopleStatus', dictionary: 'people_status' },
  role: { route: 'dictionaries.peopleRole', dictionary: 'role' },
  gender: { route: 'dictionaries.gender', dictionary: 'sex' },
  grade: { route: 'dictionaries.grade', dictionary: 'grade' },
  eventTemplates: { route: 'dashboard.dictionaries.eventTemplates', dictionary: 'event_template' },
  permissions: { route: 'vueGlobal.permissions', dictionary: null },
} as const satisfies Record<string, { route: RouteName; dictionary: CachedDictionary | null }>;
export type CachedArea = keyof typeof CACHED_AREAS;

/**
 * The build flag of spec §7.2: with it off every area is read live. On by default; a build that must
 * never keep data in the browser turns it off here.
 */
export const IS_LOCAL_CACHE_ENABLED = true;

/** What the page data says about freshness, from which each area's stamp is made. */
export type PageFreshness = {
  locale: string;
  releaseVersion: string;
  rolesUpdatedAt: string | null;
  dictionaryUpdatedAt: Record<string, string>;
};

export function stampFor(area: CachedArea, page: PageFreshness): CacheStamp {
  const { dictionary } = CACHED_AREAS[area];
  return {
    locale: page.locale,
    releaseVersion: page.releaseVersion,
    rolesUpdatedAt: page.rolesUpdatedAt,
    dictionaryUpdatedAt: dictionary ? (page.dictionaryUpdatedAt[dictionary] ?? null) : null,
  };
}

export type DataSource<T> = (stamp: CacheStamp) => Promise<T>;

/**
 * The cached variant of a live source: a current cached copy when there is one, else the live answer,
 * which is then kept. `parse` checks what storage gives back (null: unusable, fetch again).
 */
export function createCachedSource<T>(
  cacheName: string,
  live: () => Promise<T>,
  parse: (data: unknown) => T | null,
  cache: LocalCache,
): DataSource<T> {
  return async (stamp) => {
    const cached = await cache.read(cacheName, stamp, parse);
    if (cached !== null) return cached;
    const fresh = await live();
    await cache.write(cacheName, stamp, fresh);
    return fresh;
  };
}

/**
 * The live-or-cached selector of spec §7.2: the cached variant when the build flag is on and the area
 * has one, else the live source.
 */
export function selectSource<T>(
  sources: { live: () => Promise<T>; cached?: DataSource<T> | undefined },
  isCacheEnabled: boolean = IS_LOCAL_CACHE_ENABLED,
): DataSource<T> {
  if (isCacheEnabled && sources.cached) return sources.cached;
  return () => sources.live();
}
