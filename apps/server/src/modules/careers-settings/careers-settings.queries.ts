import { and, eq } from 'drizzle-orm';
import { type Company, companies, type NewCompany } from '../../db/schema/companies';
import { storedFiles } from '../../db/schema/files';
import type { Db } from '../../db/tables';

// All SQL of careers-site settings (they live on the company row); every statement filters by company.

export async function findCompany(db: Db, companyId: number): Promise<Company | null> {
  // companies has no company_id column: its id is the company key.
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

export async function updateCompany(
  db: Pick<Db, 'update'>,
  companyId: number,
  values: Partial<NewCompany>,
): Promise<Company | null> {
  // companies has no company_id column: its id is the company key.
  const [updated] = await db.update(companies).set(values).where(eq(companies.id, companyId)).returning();
  return updated ?? null;
}

/** Records a stored logo and makes it the company's logo, in one transaction. */
export function saveLogo(
  db: Db,
  companyId: number,
  file: { storageKey: string; name: string; format: string; size: number; sha256: string },
  logoUrlOf: (fileId: number) => string,
): Promise<Company | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storedFiles)
      .values({
        companyId,
        storageKey: file.storageKey,
        originalName: file.name,
        detectedFormat: file.format,
        size: file.size,
        sha256: file.sha256,
      })
      .returning({ id: storedFiles.id });
    if (!row) throw new Error('stored file insert returned nothing');
    return updateCompany(tx, companyId, { logoUrl: logoUrlOf(row.id) });
  });
}

export async function findStoredFile(
  db: Db,
  companyId: number,
  fileId: number,
): Promise<{ storageKey: string; format: string | null; sha256: string } | null> {
  const [file] = await db
    .select({
      storageKey: storedFiles.storageKey,
      format: storedFiles.detectedFormat,
      sha256: storedFiles.sha256,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, fileId)));
  return file ?? null;
}
