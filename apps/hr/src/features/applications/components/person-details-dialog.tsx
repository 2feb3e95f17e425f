import { PHONE_MAX_LENGTH } from '@kadry/shared/constants';
import type { Translate } from '@kadry/shared/i18n/translator';
import {
  CANDIDATE_EMAIL_MAX_LENGTH,
  CANDIDATE_NAME_MAX_LENGTH,
  type CandidateDetails,
  type CandidateEditInput,
  candidateEditInputSchema,
} from '@kadry/shared/schemas/candidates';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { useDirtyReport, useDiscardConfirmation } from '../../../components/ui/unsaved-changes-guard';
import {
  applyServerFieldErrors,
  createZodResolver,
  focusFirstInvalidField,
  readServerFieldErrors,
} from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { useEditCandidate } from '../api/candidates';

type Person = Pick<CandidateDetails, 'id' | 'name' | 'email' | 'phone'>;
type Values = { name: string; email: string; phone: string };

/**
 * A broken rule of the contract (the careers form's: spec §5), worded as the server words it. Our
 * refinements carry the catalog key as their message.
 */
function describeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  if (issue.code === 'too_big') {
    return t('career_page.application_form.error_length', { max: Number(issue.maximum) });
  }
  if (issue.code === 'too_small') {
    return Number(issue.minimum) > 1
      ? t('career_page.application_form.error_length_min', { min: Number(issue.minimum) })
      : t('public.fill_fields');
  }
  if (issue.code === 'custom' && issue.message) return t(issue.message);
  return t('errors.invalid_value');
}

/** An emptied box empties the detail. */
function toNullable(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * What to send: only the details that differ from the person's. E-mail and phone are absent from a
 * person the role may not see them of, and are then never sent (writing them would be refused).
 */
function changesOf(person: Person, values: Values): CandidateEditInput {
  const changes: CandidateEditInput = {};
  if (values.name.trim() !== person.name) changes.name = values.name;
  if (person.email !== undefined && toNullable(values.email) !== (person.email ?? null)) {
    changes.email = toNullable(values.email);
  }
  if (person.phone !== undefined && toNullable(values.phone) !== (person.phone ?? null)) {
    changes.phone = toNullable(values.phone);
  }
  return changes;
}

/**
 * Corrects the person's own details (a typo in the name, a new e-mail or phone): the fields the role
 * sees, checked as the server checks them, the server's messages under the fields. Closing it or
 * leaving the page with changes typed asks first.
 */
export function PersonDetailsDialog({
  person,
  open,
  onClose,
}: {
  person: Person;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const discard = useDiscardConfirmation(onClose);
  return (
    <DialogFrame
      open={open}
      onClose={discard.requestClose}
      title={t('hr.person.edit_title')}
      description={t('hr.person.edit_description')}
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <PersonDetailsForm
        person={person}
        onClose={onClose}
        onCancel={discard.requestClose}
        onDirtyChange={discard.onDirtyChange}
      />
      {discard.confirmation}
    </DialogFrame>
  );
}

function PersonDetailsForm({
  person,
  onClose,
  onCancel,
  onDirtyChange,
}: {
  person: Person;
  /** Closes at once, as after saving. */
  onClose: () => void;
  /** Closes, asking first when there are changes. */
  onCancel: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const t = useT();
  const save = useEditCandidate();
  const [failure, setFailure] = useState<string | null>(null);
  const showsEmail = person.email !== undefined;
  const showsPhone = person.phone !== undefined;
  const fields: Path<Values>[] = [
    'name',
    ...(showsEmail ? ['email' as const] : []),
    ...(showsPhone ? ['phone' as const] : []),
  ];
  const form = useForm<Values>({
    defaultValues: { name: person.name, email: person.email ?? '', phone: person.phone ?? '' },
    resolver: createZodResolver(
      candidateEditInputSchema,
      (values: Values) => changesOf(person, values),
      (issue) => describeIssue(issue, t),
    ),
  });
  const { errors } = form.formState;
  const isDirty = form.formState.isDirty && !save.isSuccess;
  useDirtyReport(isDirty, onDirtyChange);

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (save.isPending) return;
      setFailure(null);
      const changes = changesOf(person, values);
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      try {
        await save.mutateAsync({ id: person.id, changes });
      } catch (error) {
        const unplaced = applyServerFieldErrors(form, error, { fields });
        setFailure(readServerFieldErrors(error) ? unplaced : getRequestErrorMessage(error));
        return;
      }
      snackbar.success(t('hr.person.saved'));
      onClose();
    },
    (invalid) => focusFirstInvalidField(form, invalid, fields),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <RecruitingUnsavedGuard isDirty={isDirty} />
      <Field label={t('hr.person.field.name')} isRequired error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={CANDIDATE_NAME_MAX_LENGTH}
            aria-required="true"
            data-autofocus="true"
            {...form.register('name')}
          />
        )}
      </Field>
      {showsEmail ? (
        <Field label={t('hr.person.field.email')} error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              maxLength={CANDIDATE_EMAIL_MAX_LENGTH}
              {...form.register('email')}
            />
          )}
        </Field>
      ) : null}
      {showsPhone ? (
        <Field label={t('hr.person.field.phone')} error={errors.phone?.message}>
          {(control) => (
            <input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              maxLength={PHONE_MAX_LENGTH}
              {...form.register('phone')}
            />
          )}
        </Field>
      ) : null}
      <FormError message={failure} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={save.isPending}>
          {save.isPending ? t('hr.person.saving') : t('hr.person.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('hr.person.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
