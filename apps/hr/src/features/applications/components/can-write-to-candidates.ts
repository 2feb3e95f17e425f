import { usePermissions } from '../../../lib/permissions/use-permissions';

/**
 * Whether the user may write to candidates (a mail, a stage move or rejection with mail, an interview
 * invitation): only a role that sees their addresses (`field_email`); the server refuses the rest
 * with 403 (decision 035). The mail buttons and options are hidden without it.
 */
export function useCanWriteToCandidates(): boolean {
  return usePermissions().canSeeField('Candidate', 'field_email');
}
