import type { Translate } from '@kadry/shared/i18n/translator';

/**
 * What to call a candidate: the name, else the e-mail or phone, else "Candidate #id". A form without
 * a name field leaves the name empty, and a link or heading must never be blank.
 */
export function getCandidateLabel(
  candidate: { id: number; name: string; email?: string | null; phone?: string | null },
  t: Translate,
): string {
  return (
    candidate.name.trim() ||
    candidate.email ||
    candidate.phone ||
    t('hr.candidate.unnamed', { id: candidate.id })
  );
}
