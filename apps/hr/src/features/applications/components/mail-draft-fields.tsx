import { LOCALES, type Locale } from '@kadry/shared/constants';
import {
  fillMailPlaceholders,
  MAIL_PLACEHOLDERS,
  MAIL_SUBJECT_MAX,
  type MailDraft,
  type MailPlaceholderValues,
  type MailTemplatePurpose,
} from '@kadry/shared/schemas/recruiting-mail';
import { useId } from 'react';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/offered-locales';
import { usePageData } from '../../../lib/page-data';
import { RichTextEditor } from '../../vacancies/components/rich-text-editor';
import { useMailTemplates } from '../api/mail-templates';
import './recruiting-mail.css';

/** A mail being written: a template's copy or one's own words, in a language. */
export type DraftState = {
  locale: Locale;
  templateId: number | null;
  subject: string;
  body: string | null;
  /** `YYYY-MM-DDTHH:mm`, '' when none. */
  interviewTime: string;
};

export function emptyDraft(locale: Locale): DraftState {
  return { locale, templateId: null, subject: '', body: null, interviewTime: '' };
}

/** The draft as the API takes it. */
export function toMailDraft(draft: DraftState): MailDraft {
  return {
    locale: draft.locale,
    template_id: draft.templateId,
    subject: draft.subject.trim(),
    body: draft.body ?? '',
    interview_time: draft.interviewTime === '' ? null : draft.interviewTime,
  };
}

/** What the draft still lacks before it can go: a subject and some text. */
export function findDraftErrors(draft: DraftState, t: (key: string) => string) {
  const text = (draft.body ?? '').replace(/<[^>]*>/g, '').trim();
  return {
    subject: draft.subject.trim() === '' ? t('hr.recruiting_mail.error.subject_required') : null,
    body: text === '' ? t('hr.recruiting_mail.error.body_required') : null,
  };
}

/**
 * The subject and body with their placeholders filled for the preview. Values the screen does not know
 * (a bulk mail's names) show as the placeholder's label.
 */
export function previewDraft(draft: Pick<DraftState, 'subject' | 'body'>, values: MailPlaceholderValues) {
  return {
    subject: fillMailPlaceholders(draft.subject, values, { html: false }),
    body: fillMailPlaceholders(draft.body ?? '', values, { html: true }),
  };
}

/**
 * A mail's preview as the candidate reads it, in a sandboxed frame: the body is HTML, and nothing in it
 * may run or reach the app.
 */
export function MailPreview({ subject, body }: { subject: string; body: string }) {
  const t = useT();
  const id = useId();
  return (
    <section className="mail-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('hr.recruiting_mail.preview')}</h3>
      <p className="mail-preview__subject">
        <span className="hint">{t('hr.recruiting_mail.subject')}: </span>
        {subject}
      </p>
      <iframe
        className="mail-preview__body"
        title={t('hr.recruiting_mail.preview_body')}
        sandbox=""
        srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:system-ui,sans-serif;font-size:14px">${body}</body>`}
      />
    </section>
  );
}

/** The placeholders as the editor's hint lists them. */
export function PlaceholderHint() {
  const t = useT();
  return (
    <p className="hint">
      {t('hr.recruiting_mail.placeholders')}{' '}
      {MAIL_PLACEHOLDERS.map((name) => (
        <code key={name} className="mail-placeholder">{`{${name}}`}</code>
      ))}
    </p>
  );
}

/**
 * The fields of a mail to candidates: language, a template to start from (of `purpose`, when given),
 * subject, body (rich text), the interview time for {interview_time}, and a live preview.
 */
export function MailDraftFields({
  draft,
  onChange,
  purpose,
  sample,
  errors,
}: {
  draft: DraftState;
  onChange: (draft: DraftState) => void;
  purpose?: MailTemplatePurpose;
  /** The candidate's and vacancy's names for the preview, when writing to one application. */
  sample: { candidateName: string | null; vacancy: string | null };
  errors: { subject: string | null; body: string | null };
}) {
  const t = useT();
  const id = useId();
  const { user, company } = usePageData();
  const templates = useMailTemplates({ locale: draft.locale, ...(purpose ? { purpose } : {}) });
  const chooseTemplate = (value: string) => {
    const template = templates.data?.find((item) => item.id === Number(value));
    onChange(
      template
        ? { ...draft, templateId: template.id, subject: template.subject, body: template.body }
        : { ...draft, templateId: null },
    );
  };
  const values: MailPlaceholderValues = {
    candidate_name: sample.candidateName ?? t('hr.recruiting_mail.sample.candidate_name'),
    vacancy: sample.vacancy ?? t('hr.recruiting_mail.sample.vacancy'),
    company: company.name,
    interview_time: draft.interviewTime.replace('T', ' '),
    sender: user.name,
  };
  const preview = previewDraft(draft, values);
  return (
    <div className="mail-draft">
      <div className="mail-draft__row">
        <Field label={t('hr.recruiting_mail.language')}>
          {(control) => (
            <select
              {...control}
              value={draft.locale}
              onChange={(event) =>
                onChange({ ...draft, locale: event.target.value as Locale, templateId: null })
              }
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {LANGUAGE_NAMES[locale]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('hr.recruiting_mail.template')}
          hint={templates.isError ? t('hr.recruiting_mail.templates_failed') : undefined}
        >
          {(control) => (
            <select
              {...control}
              value={draft.templateId ?? ''}
              disabled={templates.isPending}
              onChange={(event) => chooseTemplate(event.target.value)}
            >
              <option value="">{t('hr.recruiting_mail.no_template')}</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('hr.recruiting_mail.subject')} isRequired error={errors.subject}>
        {(control) => (
          <input
            {...control}
            aria-required="true"
            maxLength={MAIL_SUBJECT_MAX}
            value={draft.subject}
            onChange={(event) => onChange({ ...draft, subject: event.target.value })}
          />
        )}
      </Field>
      <div className="field">
        <span id={`${id}-body-label`} className="field__label">
          {t('hr.recruiting_mail.body')}
          <span aria-hidden="true"> *</span>
        </span>
        <RichTextEditor
          id={`${id}-body`}
          labelId={`${id}-body-label`}
          value={draft.body}
          onChange={(body) => onChange({ ...draft, body })}
        />
        <PlaceholderHint />
        {errors.body ? (
          <p className="field-error" role="alert">
            {errors.body}
          </p>
        ) : null}
      </div>
      <Field
        label={t('hr.recruiting_mail.interview_time')}
        hint={t('hr.recruiting_mail.interview_time_hint')}
      >
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            value={draft.interviewTime}
            onChange={(event) => onChange({ ...draft, interviewTime: event.target.value })}
          />
        )}
      </Field>
      <MailPreview subject={preview.subject} body={preview.body} />
    </div>
  );
}
