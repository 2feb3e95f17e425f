import { and, asc, count, eq, isNull, notExists } from 'drizzle-orm';
import { absenceRequestFiles } from '../../db/schema/absences';
import { applicationFiles, applications, candidates } from '../../db/schema/applications';
import { employeeFiles, employees } from '../../db/schema/employees';
import { storedFiles } from '../../db/schema/files';
import { taskFiles } from '../../db/schema/tasks';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';

// All SQL of the browser-test routes; every statement filters by company_id but the integrity
// report's, which checks the whole database.

/** The company's applications, oldest first. */
export function listApplicationRows(db: Db, companyId: number) {
  return db
    .select({ id: applications.id, vacancyId: applications.vacancyId, createdAt: applications.createdAt })
    .from(applications)
    .where(eq(applications.companyId, companyId))
    .orderBy(asc(applications.id));
}

/** An application of the company as stored, with its candidate, or null. */
export async function findStoredApplication(db: Db, companyId: number, id: number) {
  const [application] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.companyId, companyId), eq(applications.id, id)))
    .limit(1);
  if (!application) return null;
  const [candidate] = await db
    .select()
    .from(candidates)
    .where(and(eq(candidates.companyId, companyId), eq(candidates.id, application.candidateId)));
  return { application, candidate };
}

/** The files of an application of the company, by field and position, with their storage keys. */
export function findStoredApplicationFiles(db: Db, companyId: number, applicationId: number) {
  return db
    .select({
      fieldIndex: applicationFiles.fieldIndex,
      position: applicationFiles.position,
      key: storedFiles.storageKey,
      name: storedFiles.originalName,
      format: storedFiles.detectedFormat,
      size: storedFiles.size,
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
    .where(and(eq(applicationFiles.companyId, companyId), eq(applicationFiles.applicationId, applicationId)))
    .orderBy(asc(applicationFiles.fieldIndex), asc(applicationFiles.position));
}

/**
 * What the integrity report compares: every application with its idempotency key, answers and
 * candidate, file rows per application, file rows no application uses, and every recorded storage key.
 */
export async function findIntegrityRows(db: Db) {
  // The reliability tests check the whole database after a crash or deploy, whatever the company:
  // none of these statements filters by company_id.
  const applicationRows = await db
    .select({
      id: applications.id,
      idempotencyKey: applications.idempotencyKey,
      answers: applications.answers,
      candidateId: candidates.id,
    })
    .from(applications)
    .leftJoin(candidates, eq(candidates.id, applications.candidateId))
    .orderBy(asc(applications.id));
  const fileCounts = await db
    .select({ applicationId: applicationFiles.applicationId, files: count() })
    .from(applicationFiles)
    .groupBy(applicationFiles.applicationId);
  const unusedRows = await db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .leftJoin(applicationFiles, eq(applicationFiles.storedFileId, storedFiles.id))
    .where(
      and(
        isNull(applicationFiles.id),
        // Files other records hold (the demo's tasks have files) are not left over from an upload.
        notExists(db.select().from(taskFiles).where(eq(taskFiles.fileId, storedFiles.id))),
        notExists(db.select().from(employeeFiles).where(eq(employeeFiles.fileId, storedFiles.id))),
        notExists(db.select().from(employees).where(eq(employees.photoFileId, storedFiles.id))),
        notExists(
          db.select().from(absenceRequestFiles).where(eq(absenceRequestFiles.fileId, storedFiles.id)),
        ),
      ),
    );
  const recorded = await db.select({ key: storedFiles.storageKey }).from(storedFiles);
  return { applicationRows, fileCounts, unusedRows, recorded };
}

/** Adds a vacancy of the company as given; answers its id. */
export async function insertTestVacancy(
  db: Db,
  companyId: number,
  values: {
    name: string;
    description: string | null;
    demand: string | null;
    isHot: boolean;
    isPublished: boolean;
    publishedAt: Date | null;
  },
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .insert(vacancies)
    .values({ companyId, ...values })
    .returning({ id: vacancies.id });
  return row;
}
