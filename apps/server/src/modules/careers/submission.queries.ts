import { and, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import {
  type ApplicationAnswer,
  applicationFiles,
  applications,
  candidates,
} from '../../db/schema/applications';
import { cvParses, type ParsedCv } from '../../db/schema/cv-parses';
import { storedFiles } from '../../db/schema/files';
import type { Db } from '../../db/tables';

// All SQL of receiving an application; every statement filters by (or writes) company_id. The
// caller runs them in one transaction.

/** Records files already in storage; answers each file's id by its storage key. */
export async function insertStoredFiles(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  files: readonly {
    storageKey: string;
    originalName: string;
    detectedFormat: string | null;
    size: number;
    sha256: string;
  }[],
): Promise<Map<string, number>> {
  const fileIds = new Map<string, number>();
  if (files.length === 0) return fileIds;
  const rows = await tx
    .insert(storedFiles)
    .values(files.map((file) => ({ companyId, ...file })))
    .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
  for (const row of rows) fileIds.set(row.storageKey, row.id);
  return fileIds;
}

/** The company's CV parse under this cache id, unless it has expired. */
export async function findLiveCvParse(
  tx: Pick<Db, 'select'>,
  companyId: number,
  cacheId: string,
  now: Date,
): Promise<{ id: number; parsed: ParsedCv; text: string } | null> {
  const [parse] = await tx
    .select({ id: cvParses.id, parsed: cvParses.parsed, text: cvParses.text })
    .from(cvParses)
    .where(and(eq(cvParses.companyId, companyId), eq(cvParses.cacheId, cacheId), gt(cvParses.expiresAt, now)))
    .limit(1);
  return parse ?? null;
}

/** Adds an application; answers its id. */
export async function insertApplication(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  values: {
    vacancyId: number;
    candidateId: number;
    source: string;
    answers: ApplicationAnswer[];
    cvParseId: number | null;
    /** The parse's text, kept with the application (parses expire): decision 027. */
    cvText: string | null;
    createdAt: Date;
    idempotencyKey: string | null;
    locale: 'en' | 'ru' | 'uk';
  },
): Promise<number> {
  const [application] = await tx
    .insert(applications)
    .values({ companyId, ...values })
    .returning({ id: applications.id });
  if (!application) throw new Error('application insert returned nothing');
  return application.id;
}

/**
 * Recent applications to a vacancy from this e-mail (any case) since a moment, newest first, each with
 * its answers and the SHA-256 of its files by field (in order): what an identical repeat is judged
 * against. Takes a transaction-scoped advisory lock on (company, vacancy, e-mail) first, so two
 * identical submissions arriving together are judged one after the other.
 */
export async function findRecentApplicationsFrom(
  tx: Pick<Db, 'execute' | 'select'>,
  companyId: number,
  match: { vacancyId: number; email: string; since: Date },
): Promise<{ id: number; answers: ApplicationAnswer[]; fileHashes: Map<number, string[]> }[]> {
  const key = `application:${companyId}:${match.vacancyId}:${match.email.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  const rows = await tx
    .select({ id: applications.id, answers: applications.answers })
    .from(applications)
    .innerJoin(
      candidates,
      and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
    )
    .where(
      and(
        eq(applications.companyId, companyId),
        eq(applications.vacancyId, match.vacancyId),
        gte(applications.createdAt, match.since),
        sql`lower(${candidates.email}) = lower(${match.email})`,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(5);
  if (rows.length === 0) return [];
  const files = await tx
    .select({
      applicationId: applicationFiles.applicationId,
      fieldIndex: applicationFiles.fieldIndex,
      sha256: storedFiles.sha256,
    })
    .from(applicationFiles)
    .innerJoin(
      storedFiles,
      and(
        eq(storedFiles.companyId, applicationFiles.companyId),
        eq(storedFiles.id, applicationFiles.storedFileId),
      ),
    )
    .where(
      and(
        eq(applicationFiles.companyId, companyId),
        inArray(
          applicationFiles.applicationId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(applicationFiles.applicationId, applicationFiles.fieldIndex, applicationFiles.position);
  return rows.map((row) => {
    const fileHashes = new Map<number, string[]>();
    for (const file of files) {
      if (file.applicationId !== row.id) continue;
      fileHashes.set(file.fieldIndex, [...(fileHashes.get(file.fieldIndex) ?? []), file.sha256]);
    }
    return { ...row, fileHashes };
  });
}

/** Attaches stored files to an application's fields. */
export async function insertApplicationFiles(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  rows: readonly { applicationId: number; fieldIndex: number; storedFileId: number; position: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(applicationFiles).values(rows.map((row) => ({ companyId, ...row })));
}
