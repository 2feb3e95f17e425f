import type { FormField } from '@kadry/shared/schemas/form';
import { addYearsToIsoDate } from '@kadry/shared/validation/dates';
import { emptyFieldValue, type FieldValue, type FileLike } from '@kadry/shared/validation/form-values';
import { encodeResponse, type FormEntry } from '@kadry/shared/wire/response-form';

/**
 * A file the bench uploads without ever holding it: `header` (the bytes the server's format check reads)
 * followed by padding up to `size`, generated while it is sent.
 */
export type BenchFile = FileLike & { header: Buffer; contentType: string };

/** The start of a PDF: enough for a by-bytes format check (file-type) to call the file a PDF. */
export const PDF_HEADER = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');

export function createPdfFile(name: string, size: number): BenchFile {
  if (size < PDF_HEADER.length) throw new Error(`a PDF needs at least ${PDF_HEADER.length} bytes`);
  return { name, size, lastModified: Date.now(), header: PDF_HEADER, contentType: 'application/pdf' };
}

/** Where the files of an application go: the cv field, and the field that carries the big attachment. */
export type FileSlots = { cvIndex: number; attachmentIndex: number };

function acceptsPdf(field: FormField): boolean {
  const formats = field.input_meta?.formats;
  return !formats || formats.length === 0 || formats.includes('pdf');
}

/**
 * The cv field (type cv, else the first files field), and the field for a large attachment: another files
 * field that takes PDFs, else the cv field itself. -1 when the form has no files field at all.
 */
export function findFileSlots(fields: readonly FormField[]): FileSlots {
  const isFiles = (field: FormField) => field.input_type === 'files';
  let cvIndex = fields.findIndex((field) => isFiles(field) && field.type === 'cv');
  if (cvIndex === -1) cvIndex = fields.findIndex(isFiles);
  const other = fields.findIndex((field, i) => i !== cvIndex && isFiles(field) && acceptsPdf(field));
  return { cvIndex, attachmentIndex: other === -1 ? cvIndex : other };
}

function fitText(text: string, field: FormField): string {
  const max = field.validation?.max;
  return max ? text.slice(0, max) : text;
}

/** A plausible valid answer for a text-like field, by input_type. */
function answerText(field: FormField, seq: number): string {
  switch (field.input_type) {
    case 'email':
      return `bench.candidate+${seq}@example.com`;
    case 'phone':
      return `+38050${String(1_000_000 + (seq % 9_000_000)).padStart(7, '0')}`;
    case 'link':
      return `https://example.com/portfolio/${seq}`;
    case 'number':
      return String(3 + (seq % 10));
    case 'textarea':
      return fitText(
        'I have followed your team for a while and would love to help build the product. ' +
          'Happy to share more examples of my work on request.',
        field,
      );
    default:
      return fitText(`Bench Candidate ${seq}`, field);
  }
}

export type ApplicationInput = {
  /** Today as YYYY-MM-DD (custom dates are set a month ahead, within their 100-year window). */
  today: string;
  /** A counter that makes each application's texts differ. */
  seq: number;
  /** The CV (goes into the cv field). */
  cv: BenchFile;
  /** An extra file for the attachment slot; when that slot is the cv field, it replaces the CV. */
  attachment?: BenchFile;
};

/** A valid answer to one field: an option that exists, a date inside its window, the files of its slot. */
function answerField(
  field: FormField,
  index: number,
  slots: FileSlots,
  input: ApplicationInput,
): FieldValue<BenchFile> {
  const [first, second] = field.input_meta?.options ?? [];
  const empty = emptyFieldValue<BenchFile>(field);
  switch (empty.kind) {
    case 'text':
      return { kind: 'text', text: answerText(field, input.seq) };
    case 'date': {
      if (field.type !== 'custom_property')
        return { kind: 'date', date: addYearsToIsoDate(input.today, -30) };
      // A month ahead: a start date in the future, far inside the 100-year window of custom dates.
      const ahead = new Date(`${input.today}T00:00:00Z`);
      ahead.setUTCDate(ahead.getUTCDate() + 30);
      return { kind: 'date', date: ahead.toISOString().slice(0, 10) };
    }
    case 'select':
      return { kind: 'select', select: first ? first.name : 'Other' };
    case 'multiselect':
      return {
        kind: 'multiselect',
        multiselect: [first, second].flatMap((option) => (option ? [option.id] : [])),
      };
    case 'checkbox':
      return { kind: 'checkbox', checked: true };
    case 'checkbox_list':
      return { kind: 'checkbox_list', checkboxList: first ? [first.id] : [] };
    case 'language': {
      const level = first?.meta?.[0];
      return { kind: 'language', languages: first ? [{ language: first.id, level: level?.id ?? null }] : [] };
    }
    case 'salary':
      return { ...empty, min: '2500', max: '3500' };
    case 'files': {
      const files: BenchFile[] = [];
      const isCvReplaced = input.attachment !== undefined && slots.attachmentIndex === slots.cvIndex;
      if (index === slots.cvIndex && !isCvReplaced) files.push(input.cv);
      if (index === slots.attachmentIndex && input.attachment) files.push(input.attachment);
      return { kind: 'files', files: files.map((file) => ({ file, error: '' })) };
    }
  }
}

/**
 * A complete, valid answer to every field of the form (optional ones too, so the server does all its
 * work): what a careful candidate fills in. Values are the browser form model's, so the shared encoder
 * turns them into exactly the multipart the careers page sends.
 */
export function buildApplicationValues(
  fields: readonly FormField[],
  input: ApplicationInput,
): FieldValue<BenchFile>[] {
  const slots = findFileSlots(fields);
  return fields.map((field, index) => answerField(field, index, slots, input));
}

/** The multipart entries of one application, in the order the careers page sends them. */
export function buildApplicationEntries(
  fields: readonly FormField[],
  input: ApplicationInput,
): FormEntry<BenchFile>[] {
  return encodeResponse({
    source: 'bench',
    cacheId: '',
    fields,
    values: buildApplicationValues(fields, input),
  });
}
