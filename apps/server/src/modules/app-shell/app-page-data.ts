import type { Locale } from '@kadry/shared/constants';
import {
  type AppPageData,
  DEFAULT_MAIL_MAX_SIZE_BYTES,
  INDEXED_DB_VERSION,
} from '@kadry/shared/schemas/auth';
import { eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Company } from '../../db/schema/companies';
import { roles } from '../../db/schema/roles';
import type { SessionUser } from '../auth/session-store';

/**
 * Plans a company has. There is no plan setting yet, so every company gets both PRO plans; the plans
 * work replaces this with the company's own.
 */
const DEFAULT_TARIFFS = ['hrm_pro', 'ats_pro'];

/** The page data of spec §3.2 the /app shell embeds for the signed-in user. */
export async function buildAppPageData(
  db: Db,
  input: {
    user: SessionUser;
    company: Company;
    locale: Locale;
    russianIsEnabled: boolean;
    releaseVersion: string;
  },
): Promise<AppPageData> {
  const [rolesRow] = await db
    .select({ updatedAt: max(roles.updatedAt) })
    .from(roles)
    .where(eq(roles.companyId, input.company.id));
  return {
    user: {
      id: input.user.id,
      hashedId: input.user.publicId,
      name: input.user.name,
      locale: input.locale,
      timezone: input.user.timezone,
      mailType: 'default',
      mailMaxSize: DEFAULT_MAIL_MAX_SIZE_BYTES,
      hasGoogleCalendar: false,
    },
    settings: {
      googleSynchronizationEnabled: false,
      rolesUpdatedAt: rolesRow?.updatedAt ? new Date(rolesRow.updatedAt).toISOString() : null,
      indexedDbVersion: INDEXED_DB_VERSION,
      candidatePersonalDataEnabled: true,
      russianIsEnabled: input.russianIsEnabled,
      releaseVersion: input.releaseVersion,
      // Dictionaries only change with a release today (synced at start-up), which releaseVersion covers.
      dictionaryUpdatedAt: null,
      supportChat: false,
      teamAccess: false,
      tariffs: DEFAULT_TARIFFS,
    },
    company: { avatar: input.company.logoUrl, name: input.company.name },
  };
}
