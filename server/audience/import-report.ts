import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { audienceImportErrors } from '../db/schema';
import { attributeIdOf, type ImportTarget } from '../../src/gateway/contract/audience/import-rules';
import { translate, type Lang } from '../messages';
import { CSV_BOM, csvLine } from '../lib/csv';
import { listAttributes } from './attributes';
import type { ImportRow } from './import-store';

/** The skipped rows of an import as CSV: the file's row number, the column, the reason in the user's language. */
export async function importErrorsCsv(db: Db, row: ImportRow, lang: Lang): Promise<string> {
  const errors = await db
    .select()
    .from(audienceImportErrors)
    .where(eq(audienceImportErrors.importId, row.id))
    .orderBy(asc(audienceImportErrors.seq));
  const attributeNames = new Map((await listAttributes(db, row.userId)).map((a) => [a.id, a.name]));
  const columnName = (target: string) => {
    if (!target) return '';
    const attributeId = attributeIdOf(target as ImportTarget);
    if (attributeId !== null) return attributeNames.get(attributeId) ?? target;
    return translate(`audience:fields.${target}`, lang);
  };
  let csv =
    CSV_BOM +
    csvLine([
      translate('audience:import.errorRow', lang),
      translate('audience:import.errorColumn', lang),
      translate('audience:import.errorReason', lang),
    ]);
  for (const error of errors)
    csv += csvLine([error.seq + row.headerRows + 1, columnName(error.target), translate(error.errorKey, lang)]);
  return csv;
}
