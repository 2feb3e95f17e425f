import type { Translate } from '@kadry/shared/i18n/translator';
import {
  QUESTION_SUBJECT_MAX,
  QUESTION_TEXT_MAX,
  type Question,
  questionInputSchema,
} from '@kadry/shared/schemas/questions';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import {
  applyServerFieldErrors,
  createZodResolver,
  focusFirstInvalidField,
  readServerFieldErrors,
} from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAskQuestion } from '../api/questions-api';

type AskValues = { subject: string; text: string; is_anonymous: boolean };
const FIELDS = ['subject', 'text'] as const;

function describeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  if (issue.code === 'too_big') return t('hr.questions.error.too_long', { max: Number(issue.maximum) });
  return t('public.fill_fields');
}

function AskForm({ onClose, onAsked }: { onClose: () => void; onAsked?: (question: Question) => void }) {
  const t = useT();
  const ids = useId();
  const ask = useAskQuestion();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AskValues>({
    defaultValues: { subject: '', text: '', is_anonymous: false },
    resolver: createZodResolver(
      questionInputSchema,
      (values: AskValues) => values,
      (issue) => describeIssue(issue, t),
    ),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      let question: Question;
      try {
        question = await ask.mutateAsync(questionInputSchema.parse(values));
      } catch (error) {
        const unplaced = applyServerFieldErrors(form, error, { fields: FIELDS });
        setFailure(readServerFieldErrors(error) ? unplaced : getRequestErrorMessage(error));
        return;
      }
      snackbar.success(t('hr.questions.asked'));
      onClose();
      onAsked?.(question);
    },
    (invalid) => focusFirstInvalidField(form, invalid, FIELDS),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label={t('hr.questions.field.subject')} isRequired error={errors.subject?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={QUESTION_SUBJECT_MAX}
            aria-required="true"
            data-autofocus="true"
            {...form.register('subject')}
          />
        )}
      </Field>
      <Field label={t('hr.questions.field.text')} isRequired error={errors.text?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={6}
            maxLength={QUESTION_TEXT_MAX}
            aria-required="true"
            {...form.register('text')}
          />
        )}
      </Field>
      <div className="field">
        <label>
          <input type="checkbox" aria-describedby={`${ids}-anonymous`} {...form.register('is_anonymous')} />{' '}
          {t('hr.questions.field.anonymous')}
        </label>
        <p className="hint" id={`${ids}-anonymous`}>
          {t('hr.questions.anonymous_hint')}
        </p>
      </div>
      <FormError message={failure} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={ask.isPending}>
          {t('hr.questions.send')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.questions.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

/** Asks HR a question, optionally anonymously. */
export function AskDialog({
  open,
  onClose,
  onAsked,
}: {
  open: boolean;
  onClose: () => void;
  onAsked?: (question: Question) => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
      title={t('hr.questions.ask_title')}
    >
      <AskForm onClose={onClose} {...(onAsked ? { onAsked } : {})} />
    </DialogFrame>
  );
}
