import { findTaskFileType, type TaskFileExtension } from '@kadry/shared/schemas/tasks';
import { fileTypeFromBuffer } from 'file-type';

// Whether an attachment's bytes are what its allowed extension says (TASK_FILE_ALLOWED_TYPES): the
// name picks the type, the content must not contradict it (an executable renamed `.pdf` is refused).

/** Formats file-type may detect for each extension; `text` types must not look like any binary format. */
const CONTENT_OF: Record<TaskFileExtension, readonly string[] | 'text'> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx', 'zip'],
  xlsx: ['xlsx', 'zip'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  txt: 'text',
  csv: 'text',
  png: ['png'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  webp: ['webp'],
  zip: ['zip', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub'],
};

export type JudgedFile = { ext: TaskFileExtension; mime: string; format: string | null };

/** The allowed type of a file by its name, or null when its extension is not on the list. */
export function allowedTypeOf(name: string): { ext: TaskFileExtension; mime: string } | null {
  const type = findTaskFileType(name);
  return type ? { ext: type.ext, mime: type.mime } : null;
}

/** The file's type when its content agrees with its extension, else null (refused). */
export async function judgeTaskFile(name: string, head: Buffer): Promise<JudgedFile | null> {
  const type = allowedTypeOf(name);
  if (!type) return null;
  const detected = await fileTypeFromBuffer(head);
  const expected = CONTENT_OF[type.ext];
  if (expected === 'text') {
    return detected ? null : { ...type, format: 'txt' };
  }
  if (!detected || !expected.includes(detected.ext)) return null;
  return { ...type, format: detected.ext };
}
