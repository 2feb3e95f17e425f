import type { FormField } from '@kadry/shared/schemas/form';
import type { FieldValue } from '@kadry/shared/validation/form-values';
import { encodeResponse } from '@kadry/shared/wire/response-form';
import { getDropdownPlacement } from '@kadry/ui/form/dropdown-placement';
import { getFieldIds } from '@kadry/ui/form/field-shell';
import { createInitialValues, getFieldName, type ResponseFormValues } from '@kadry/ui/form/form-model';
import { ResponseFormField } from '@kadry/ui/form/response-form-field';
import { useLocale, useTranslate } from '@kadry/ui/i18n';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSnackbar } from '../../components/ui/snackbar';
import { Spinner } from '../../components/ui/spinner';
import { usePageData, usePageSource } from '../../lib/page-context';
import { RequestError } from '../../lib/request';
import { parseCv } from './api/parse-cv';
import { sendResponse } from './api/send-response';
import { createRandomId } from './create-random-id';
import { planCvPrefill } from './cv-prefill';
import { createResponseResolver } from './form-resolver';
import { mapServerErrors } from './server-errors';
import { useCaptcha } from './use-captcha';

type Busy = 'parsing' | 'sending' | null;

/** Parse answers after which the CV is dropped (spec §4): the file is not a CV the server can read. */
const CV_REJECTED_STATUSES = new Set([413, 415, 422]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readFieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  return body.errors as Record<string, string[]>;
}

/** A polite live region whose text is re-read even when the same message comes twice. */
function Announcer({ message }: { message: { id: number; text: string } | null }) {
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message ? <span key={message.id}>{message.text}</span> : null}
    </div>
  );
}

/** The consent line (spec §2.2): 'I agree to the processing of my personal data', the link in a new tab. */
function ConsentLine({ url }: { url: string }) {
  const t = useTranslate();
  const [before = '', after = ''] = t('careers.form.consent').split('{link}');
  return (
    <p className="form-footer__consent">
      {before}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {t('careers.form.consent_link')}
      </a>
      {after}
    </p>
  );
}

/**
 * The application form (spec §2.2, §3.1, §4, §5): the server's fields in order, validated by the shared
 * rules through react-hook-form, a CV parsed as soon as it is chosen, the captcha token, and the
 * submission with an Idempotency-Key kept for every retry of the same filled form.
 */
export function ResponseForm({
  vacancyId,
  fields,
  isActive,
  onSubmitted,
}: {
  vacancyId: number;
  fields: readonly FormField[];
  isActive: boolean;
  onSubmitted: () => void;
}) {
  const t = useTranslate();
  const locale = useLocale();
  const pageData = usePageData();
  const source = usePageSource();
  const showSnackbar = useSnackbar();
  const idPrefix = useId();
  const resolver = useMemo(() => createResponseResolver(fields, t), [fields, t]);
  const form = useForm<ResponseFormValues>({
    defaultValues: createInitialValues(fields),
    resolver,
    // Fields decide when they validate (ResponseFormField); submit validates everything.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const captcha = useCaptcha(pageData.captchaSiteKey, isActive);

  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef<Busy>(null);
  const setBusyState = (next: Busy) => {
    busyRef.current = next;
    setBusy(next);
  };
  const cacheIdRef = useRef('');
  const cvRequestRef = useRef<AbortController | null>(null);
  // One key per filled form: kept across retries (a lost answer, a double click), new after success.
  const idempotencyKeyRef = useRef(createRandomId());
  const [prefilled, setPrefilled] = useState<ReadonlySet<number>>(new Set());
  const [cvNoteIndex, setCvNoteIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState<{ id: number; text: string } | null>(null);
  const announce = useCallback(
    (text: string) => setAnnouncement((last) => ({ id: (last?.id ?? 0) + 1, text })),
    [],
  );

  const fieldIds = useMemo(() => fields.map((_, index) => getFieldIds(idPrefix, index)), [fields, idPrefix]);

  const validate = useCallback(
    async (index: number) => {
      const name = getFieldName(index);
      const before = form.getFieldState(name).error?.message;
      await form.trigger(name);
      const after = form.getFieldState(name).error?.message;
      if (after && after !== before) announce(`${fields[index]?.name ?? ''}: ${after}`);
    },
    [form, fields, announce],
  );

  const focusFirstInvalid = () => {
    const index = fields.findIndex((_, i) => form.getFieldState(getFieldName(i)).invalid);
    const control = index >= 0 ? document.getElementById(fieldIds[index]?.control ?? '') : null;
    control?.focus();
    control?.scrollIntoView?.({ block: 'center' });
  };

  const parseChosenCv = (index: number, value: FieldValue<File>) => {
    cvRequestRef.current?.abort();
    cvRequestRef.current = null;
    // A new or removed CV invalidates the cache id of the previous one (spec §4).
    cacheIdRef.current = '';
    const entry = value.kind === 'files' ? value.files[0] : undefined;
    // A file that already breaks a rule (size, format) is not sent: its error is on screen.
    if (entry?.error !== '') {
      if (busyRef.current === 'parsing') setBusyState(null);
      return;
    }
    const request = new AbortController();
    cvRequestRef.current = request;
    setBusyState('parsing');
    parseCv(entry.file, locale, request.signal)
      .then(
        (data) => {
          if (request.signal.aborted) return;
          cacheIdRef.current = data.cache_id;
          const plan = planCvPrefill(fields, form.getValues().fields, data.parsed);
          for (const { index: target, text } of plan) {
            form.setValue(getFieldName(target), { kind: 'text', text }, { shouldDirty: true });
          }
          if (plan.length > 0) {
            setPrefilled(new Set(plan.map((step) => step.index)));
            setCvNoteIndex(index);
            announce(t('careers.form.cv_prefilled'));
            void form.trigger(plan.map((step) => getFieldName(step.index)));
          }
        },
        (error: unknown) => {
          if (request.signal.aborted) return;
          if (
            error instanceof RequestError &&
            error.status !== null &&
            CV_REJECTED_STATUSES.has(error.status)
          ) {
            const message =
              error.status === 413
                ? getRequestErrorMessage(error, t('errors.network'))
                : t('candidate.cv.supported_formats');
            form.setValue(getFieldName(index), { kind: 'files', files: [] });
            form.setError(getFieldName(index), { type: 'cv', message });
            announce(`${fields[index]?.name ?? ''}: ${message}`);
          } else {
            // The server could not parse just now (offline, busy): the CV stays attached, unparsed.
            showSnackbar('error', getRequestErrorMessage(error, t('errors.network')));
          }
        },
      )
      .finally(() => {
        if (cvRequestRef.current !== request) return;
        cvRequestRef.current = null;
        setBusyState(null);
      });
  };

  const handleValueChange = (index: number, value: FieldValue<File>) => {
    if (prefilled.has(index)) {
      setPrefilled((current) => new Set([...current].filter((i) => i !== index)));
    }
    if (fields[index]?.type === 'cv') {
      if (cvNoteIndex === index) setCvNoteIndex(null);
      parseChosenCv(index, value);
    }
  };

  const submit = async () => {
    // A second press while the first is validating or sending (a double click) does nothing.
    if (busyRef.current) return;
    busyRef.current = 'sending';
    try {
      const isValid = await form.trigger();
      if (!isValid) {
        focusFirstInvalid();
        announce(t('errors.validation'));
        return;
      }
      // The loading state appears only once something is really sent, not for a refused submit.
      setBusyState('sending');
      const captchaToken = await captcha.getToken();
      const entries = encodeResponse({
        source,
        cacheId: cacheIdRef.current,
        captchaToken,
        fields,
        values: form.getValues().fields,
      });
      try {
        await sendResponse({ vacancyId, entries, idempotencyKey: idempotencyKeyRef.current, locale });
      } finally {
        // Tokens are single-use: whatever the answer, the next attempt needs a new one (spec §4).
        captcha.refresh();
      }
      idempotencyKeyRef.current = createRandomId();
      cacheIdRef.current = '';
      setPrefilled(new Set());
      setCvNoteIndex(null);
      form.reset(createInitialValues(fields));
      onSubmitted();
    } catch (error) {
      if (error instanceof RequestError && error.status === 422) {
        const { byField } = mapServerErrors(readFieldErrors(error.body), fields.length);
        for (const [index, message] of byField)
          form.setError(getFieldName(index), { type: 'server', message });
        if (byField.size > 0) focusFirstInvalid();
      }
      // Everything typed stays as it was (a refused captcha included); the snackbar says what happened.
      showSnackbar('error', getRequestErrorMessage(error, t('errors.network')));
    } finally {
      setBusyState(null);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return (
    <form className="response-form__form" noValidate onSubmit={handleSubmit} aria-busy={busy !== null}>
      <div className="response-form__fields">
        {fields.map((field, index) => (
          <ResponseFormField
            // biome-ignore lint/suspicious/noArrayIndexKey: the definition never changes while mounted, so a field is its index.
            key={index}
            field={field}
            index={index}
            ids={fieldIds[index] ?? getFieldIds(idPrefix, index)}
            control={form.control}
            placement={getDropdownPlacement(index, fields.length)}
            validate={validate}
            onValueChange={handleValueChange}
            isPrefilled={prefilled.has(index)}
            note={cvNoteIndex === index ? t('careers.form.cv_prefilled') : undefined}
          />
        ))}
      </div>
      {busy ? (
        <div className="response-form__busy">
          <Spinner label={busy === 'parsing' ? t('careers.form.parsing_cv') : t('careers.loading')} />
        </div>
      ) : null}
      <Announcer message={announcement} />
      <div className="form-footer">
        <div className="form-footer__inner">
          {pageData.consentPageUrl ? <ConsentLine url={pageData.consentPageUrl} /> : null}
          <button
            type="submit"
            className="button button--primary form-footer__send"
            aria-disabled={busy !== null || undefined}
          >
            {t('careers.form.send')}
          </button>
        </div>
      </div>
    </form>
  );
}
