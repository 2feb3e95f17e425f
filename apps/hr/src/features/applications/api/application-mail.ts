import { route } from '@kadry/shared/routes';
import { applicationSummaryResponseSchema } from '@kadry/shared/schemas/recruiting';
import type { ApplicationFilterInput } from '@kadry/shared/schemas/recruiting-bulk';
import {
  type ApplicationMail,
  applicationMailResponseSchema,
  type BulkResultResponse,
  bulkResultResponseSchema,
  type MailDraft,
} from '@kadry/shared/schemas/recruiting-mail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Mail to candidates: from the card (optionally with a stage move), to many at once, and calling off
// a scheduled one. Each refreshes the applications (their history and rejection show the mail).

export async function sendApplicationMail(applicationId: number, draft: MailDraft): Promise<ApplicationMail> {
  const response = await api.post(route('recruiting.applications.mails', applicationId), draft, {
    schema: applicationMailResponseSchema,
  });
  return response.data.data;
}

/** A stage move with a mail about it, in one request (one transaction on the server). */
export async function moveWithMail(applicationId: number, stageId: number, draft: MailDraft): Promise<void> {
  await api.put(
    route('recruiting.applications.stage', applicationId),
    { stage_id: stageId, mail: draft },
    { schema: applicationSummaryResponseSchema },
  );
}

export function useSendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      applicationIds,
      draft,
      stageId,
      isBulk,
      filter,
    }: {
      applicationIds: readonly number[];
      /** Instead of the ids: every application the user sees that matches the list's filters. */
      filter?: ApplicationFilterInput | undefined;
      draft: MailDraft;
      /** With one application: move it to this stage too. */
      stageId?: number | null;
      /** Through the bulk endpoint, whose answer reports each application (the list's selection). */
      isBulk: boolean;
    }): Promise<BulkResultResponse | null> => {
      const [only] = applicationIds;
      if (!isBulk && only !== undefined) {
        const sent = stageId != null ? moveWithMail(only, stageId, draft) : sendApplicationMail(only, draft);
        return sent.then(() => null);
      }
      return api
        .post(
          route('recruiting.applications.bulkMails'),
          filter ? { filter, mail: draft } : { application_ids: [...applicationIds], mail: draft },
          { schema: bulkResultResponseSchema },
        )
        .then((response) => response.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

export function useCancelMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mailId: number) =>
      (
        await api.post(route('recruiting.mails.cancel', mailId), undefined, {
          schema: applicationMailResponseSchema,
        })
      ).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
