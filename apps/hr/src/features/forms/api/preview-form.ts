import type { Locale } from '@kadry/shared/constants';
import { route } from '@kadry/shared/routes';
import { type FieldOption, type FormField, formDefinitionResponseSchema } from '@kadry/shared/schemas/form';
import {
  type FormPreviewInput,
  formPreviewInputSchema,
  type StaffFormField,
} from '@kadry/shared/schemas/recruiting';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api-client';

/** How long the field list must stay unchanged before the preview asks the server again. */
const PREVIEW_DEBOUNCE_MS = 300;

type Dictionary = NonNullable<StaffFormField['dictionary']>;

/** One answer of the preview route, with the fields that were sent for it. */
type FormPreviewAnswer = { sent: StaffFormField[]; fields: FormField[] };

/** The unsaved fields as the careers form would get them: dictionary options filled in, nothing stored. */
async function previewForm(input: FormPreviewInput, signal?: AbortSignal): Promise<FormField[]> {
  const response = await api.post(route('recruiting.forms.preview'), input, {
    schema: formDefinitionResponseSchema,
    signal,
  });
  return response.data.fields;
}

export type FormPreviewState = {
  /** What the preview draws: the server's latest answer, else (before any) the fields as edited. */
  fields: FormField[];
  /** Options of each dictionary as the latest answer filled them in; absent until one arrives. */
  dictionaryOptions: ReadonlyMap<Dictionary, FieldOption[]>;
  /** The answer drawn is older than the fields (waiting for the pause in typing, or loading). */
  isRefreshing: boolean;
  /** The latest request failed (the API client has reported why); the answer drawn is older. */
  isError: boolean;
  /** The server would refuse the list as it is: the preview waits for a fix. */
  isInvalid: boolean;
  /** The position of the field to fix, when one field is the problem. */
  invalidIndex: number | null;
  retry: () => void;
};

/** What the builder shows before the server has answered once: the edited fields without staff-only keys. */
function toLocalFields(fields: readonly StaffFormField[]): FormField[] {
  return fields.map(({ dictionary: _dictionary, ...field }) => field);
}

function collectDictionaryOptions(answer: FormPreviewAnswer | undefined): Map<Dictionary, FieldOption[]> {
  const options = new Map<Dictionary, FieldOption[]>();
  answer?.sent.forEach((field, index) => {
    const filled = answer.fields[index]?.input_meta?.options;
    if (field.dictionary && filled) options.set(field.dictionary, filled);
  });
  return options;
}

/**
 * The builder's live preview: asks POST recruiting.forms.preview for the field list once it has been
 * unchanged for PREVIEW_DEBOUNCE_MS, keyed by the list (an unchanged list is not asked twice), and keeps
 * drawing the previous answer while the next one loads or when it fails.
 */
export function useFormPreview(fields: readonly StaffFormField[], locale: Locale): FormPreviewState {
  // The page rebuilds the list on every render; its JSON is what "unchanged" means.
  const json = JSON.stringify(fields);
  const settledJson = useDebouncedValue(json, PREVIEW_DEBOUNCE_MS);
  const parsed = useMemo(
    () => formPreviewInputSchema.safeParse({ fields: JSON.parse(settledJson) as unknown }),
    [settledJson],
  );
  const input = parsed.success && parsed.data.fields.length > 0 ? parsed.data : null;
  const query = useQuery({
    queryKey: ['forms', 'preview', locale, input?.fields ?? null],
    queryFn: async ({ signal }): Promise<FormPreviewAnswer> => {
      const sent = (input as FormPreviewInput).fields;
      return { sent, fields: await previewForm({ fields: sent }, signal) };
    },
    enabled: input !== null,
    placeholderData: keepPreviousData,
    // Dictionaries change rarely; the same list is answered the same for a while.
    staleTime: 5 * 60_000,
    // A failed preview is retried by the next edit or the retry button, not behind the user's back.
    retry: false,
  });

  const isEmpty = fields.length === 0;
  // The last answer that arrived, kept through a failed refresh (an error leaves query.data empty) and
  // forgotten when the list is emptied, so fields removed long ago never come back into view.
  const [lastAnswer, setLastAnswer] = useState<FormPreviewAnswer>();
  useEffect(() => {
    if (isEmpty) setLastAnswer(undefined);
    else if (query.data && !query.isPlaceholderData) setLastAnswer(query.data);
  }, [isEmpty, query.data, query.isPlaceholderData]);
  const answer = isEmpty ? undefined : query.isPlaceholderData ? lastAnswer : (query.data ?? lastAnswer);

  const dictionaryOptions = useMemo(() => collectDictionaryOptions(answer), [answer]);
  // Said only once typing pauses: a half-typed value is not a mistake yet.
  const isInvalid = !isEmpty && !parsed.success && settledJson === json;
  const path = parsed.success ? [] : (parsed.error.issues[0]?.path ?? []);
  const invalidIndex = isInvalid && typeof path[1] === 'number' ? path[1] : null;
  return {
    fields: isEmpty ? [] : (answer?.fields ?? toLocalFields(fields)),
    dictionaryOptions,
    isRefreshing: !isEmpty && (settledJson !== json || query.isFetching),
    isError: !isEmpty && query.isError,
    isInvalid,
    invalidIndex,
    retry: () => {
      if (input !== null) void query.refetch();
    },
  };
}
