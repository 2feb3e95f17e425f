import type { Locale } from '@kadry/shared/constants';
import {
  type AppPageData,
  DEFAULT_MAIL_MAX_SIZE_BYTES,
  INDEXED_DB_VERSION,
} from '@kadry/shared/schemas/auth';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { findRolesUpdatedAt } from '../../plugins/access/roles';
import type { SessionUser } from '../../plugins/session-store';
import { findDictionaryUpdatedAt } from '../dictionaries/dictionaries.service';
import { hasTeamAccess } from './app-shell.queries';

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
  const [rolesUpdatedAt, teamAccess, dictionaryUpdatedAt] = await Promise.all([
    findRolesUpdatedAt(db, input.company.id),
    hasTeamAccess(db, input.user),
    findDictionaryUpdatedAt(db, input.company.id),
  ]);
  return {
    user: {
      id: input.user.id,
      employeeId: input.user.employeeId,
      hashedId: input.user.publicId,
      name: input.user.name,
      locale: input.locale,
      timezone: input.user.timezone,
      mailType: 'default',
      mailMaxSize: DEFAULT_MAIL_MAX_SIZE_BYTES,
      hasGoogleCalendar: false,
      impersonator: input.user.impersonator ? { name: input.user.impersonator.name } : null,
    },
    settings: {
      googleSynchronizationEnabled: false,
      rolesUpdatedAt,
      indexedDbVersion: INDEXED_DB_VERSION,
      candidatePersonalDataEnabled: true,
      russianIsEnabled: input.russianIsEnabled,
      releaseVersion: input.releaseVersion,
      dictionaryUpdatedAt,
      supportChat: false,
      teamAccess,
      tariffs: input.company.tariffs,
    },
    company: { avatar: input.company.logoUrl, name: input.company.name },
  };
}
