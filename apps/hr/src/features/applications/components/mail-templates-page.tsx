import { LOCALES, type Locale } from '@kadry/shared/constants';
import {
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATE_NAME_MAX,
  MAIL_TEMPLATE_PURPOSES,
  type MailTemplate,
  type MailTemplatePurpose,
} from '@kadry/shared/schemas/recruiting-mail';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useDirtyReport, useDiscardConfirmation } from '../../../components/ui/unsaved-changes-guard';
import { useLocale, useT } from '../../../lib/i18n';
import { LANGUAGE_NAMES } from '../../../lib/offered-locales';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { RichTextEditor } from '../../vacancies/components/rich-text-editor';
import {
  useChangeMailSettings,
  useDeleteMailTemplate,
  useMailSettings,
  useMailTemplates,
  useSaveMailTemplate,
} from '../api/mail-templates';
import { MailPreview, PlaceholderHint, previewDraft } from './mail-draft-fields';
import './recruiting-mail.css';

type Editing = { template: MailTemplate | null };

/** The acknowledgement setting: on by default; changed by those who manage templates. */
function AcknowledgementSetting({ canManage }: { canManage: boolean }) {
  const t = useT();
  const settings = useMailSettings();
  const change = useChangeMailSettings();
  return (
    <section className="panel" aria-labelledby="mail-settings-title">
      <h2 id="mail-settings-title">{t('hr.recruiting_mail.templates.settings')}</h2>
      <QueryState
        isPending={settings.isPending}
        isError={settings.isError}
        onRetry={() => settings.refetch()}
      >
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={settings.data?.auto_acknowledge ?? false}
              disabled={!canManage || change.isPending}
              onChange={(event) =>
                change.mutate(
                  { auto_acknowledge: event.target.checked },
                  {
                    onSuccess: () => snackbar.success(t('hr.recruiting_mail.templates.settings_saved')),
                    onError: (error) => snackbar.error(getRequestErrorMessage(error)),
                  },
                )
              }
            />{' '}
            {t('hr.recruiting_mail.templates.auto_acknowledge')}
          </label>
          <p className="hint">{t('hr.recruiting_mail.templates.auto_acknowledge_hint')}</p>
        </div>
      </QueryState>
    </section>
  );
}

function TemplateForm({
  template,
  onClose,
  onCancel,
  onDirtyChange,
}: {
  template: MailTemplate | null;
  /** Closes at once, as after saving. */
  onClose: () => void;
  /** Closes, asking first when there are changes. */
  onCancel: () => void;
  onDirtyChange: (isDirty: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const { user, company } = usePageData();
  const save = useSaveMailTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [purpose, setPurpose] = useState<MailTemplatePurpose>(template?.purpose ?? 'generic');
  const [templateLocale, setTemplateLocale] = useState<Locale>(template?.locale ?? locale);
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState<string | null>(template?.body ?? null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = {
    name: name.trim() === '' ? t('hr.recruiting_mail.error.name_required') : null,
    subject: subject.trim() === '' ? t('hr.recruiting_mail.error.subject_required') : null,
    body:
      (body ?? '').replace(/<[^>]*>/g, '').trim() === '' ? t('hr.recruiting_mail.error.body_required') : null,
  };
  const shown = isSubmitted ? errors : { name: null, subject: null, body: null };
  // Unsaved changes: the guard asks before a link or a reload loses them, the dialog before closing
  // (issue 17).
  const isDirty =
    !save.isSuccess &&
    (name !== (template?.name ?? '') ||
      purpose !== (template?.purpose ?? 'generic') ||
      templateLocale !== (template?.locale ?? locale) ||
      subject !== (template?.subject ?? '') ||
      body !== (template?.body ?? null));
  useDirtyReport(isDirty, onDirtyChange);
  const preview = previewDraft(
    { subject, body },
    {
      candidate_name: t('hr.recruiting_mail.sample.candidate_name'),
      vacancy: t('hr.recruiting_mail.sample.vacancy'),
      company: company.name,
      interview_time: t('hr.recruiting_mail.sample.interview_time'),
      sender: user.name,
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (errors.name || errors.subject || errors.body || save.isPending) return;
    setError(null);
    save.mutate(
      {
        ...(template ? { id: template.id } : {}),
        name: name.trim(),
        purpose,
        locale: templateLocale,
        subject: subject.trim(),
        body: body ?? '',
      },
      {
        onSuccess: () => {
          snackbar.success(t('hr.recruiting_mail.templates.saved'));
          onClose();
        },
        onError: (failure) => setError(getRequestErrorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <RecruitingUnsavedGuard isDirty={isDirty} />
      <Field label={t('hr.recruiting_mail.templates.name')} isRequired error={shown.name}>
        {(control) => (
          <input
            {...control}
            aria-required="true"
            maxLength={MAIL_TEMPLATE_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <div className="mail-draft__row">
        <Field label={t('hr.recruiting_mail.templates.purpose')}>
          {(control) => (
            <select
              {...control}
              value={purpose}
              onChange={(event) => setPurpose(event.target.value as MailTemplatePurpose)}
            >
              {MAIL_TEMPLATE_PURPOSES.map((item) => (
                <option key={item} value={item}>
                  {t(`hr.recruiting_mail.purpose.${item}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('hr.recruiting_mail.language')}>
          {(control) => (
            <select
              {...control}
              value={templateLocale}
              onChange={(event) => setTemplateLocale(event.target.value as Locale)}
            >
              {LOCALES.map((item) => (
                <option key={item} value={item}>
                  {LANGUAGE_NAMES[item]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field label={t('hr.recruiting_mail.subject')} isRequired error={shown.subject}>
        {(control) => (
          <input
            {...control}
            aria-required="true"
            maxLength={MAIL_SUBJECT_MAX}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
          />
        )}
      </Field>
      <div className="field">
        <span id={`${id}-body-label`} className="field__label">
          {t('hr.recruiting_mail.body')}
          <span aria-hidden="true"> *</span>
        </span>
        <RichTextEditor id={`${id}-body`} labelId={`${id}-body-label`} value={body} onChange={setBody} />
        <PlaceholderHint />
        {shown.body ? (
          <p className="field-error" role="alert">
            {shown.body}
          </p>
        ) : null}
      </div>
      <MailPreview subject={preview.subject} body={preview.body} />
      <FormError message={error} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={save.isPending}>
          {t('hr.recruiting_mail.templates.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('hr.recruiting_mail.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

/**
 * Candidate mail templates (issue 17): per language, with placeholders and a preview; the automatic
 * acknowledgement setting. Everyone who writes to candidates reads them; those with the Template
 * permission at to_all change them.
 */
export function MailTemplatesPage() {
  const t = useT();
  const permissions = usePermissions();
  const canManage = (action: 'create' | 'update' | 'delete') =>
    permissions.findLevel('Template', action) === 'to_all';
  const [filter, setFilter] = useState<Locale | ''>('');
  const templates = useMailTemplates(filter === '' ? {} : { locale: filter });
  const [editing, setEditing] = useState<Editing | null>(null);
  const shownEditing = useLastNonNull(editing);
  const [deleting, setDeleting] = useState<MailTemplate | null>(null);
  const shownDeleting = useLastNonNull(deleting);
  const remove = useDeleteMailTemplate();
  const discard = useDiscardConfirmation(() => setEditing(null));

  return (
    <section>
      <PageHeading
        actions={
          canManage('create') ? (
            <button type="button" className="primary" onClick={() => setEditing({ template: null })}>
              {t('hr.recruiting_mail.templates.new')}
            </button>
          ) : null
        }
      >
        {t('hr.recruiting_mail.templates.title')}
      </PageHeading>
      <AcknowledgementSetting canManage={canManage('update')} />
      <section className="panel" aria-labelledby="mail-templates-list">
        <h2 id="mail-templates-list">{t('hr.recruiting_mail.templates.list')}</h2>
        <div className="field">
          <label htmlFor="mail-templates-language">{t('hr.recruiting_mail.language')}</label>
          <select
            id="mail-templates-language"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Locale | '')}
          >
            <option value="">{t('hr.recruiting_mail.templates.all_languages')}</option>
            {LOCALES.map((item) => (
              <option key={item} value={item}>
                {LANGUAGE_NAMES[item]}
              </option>
            ))}
          </select>
        </div>
        <QueryState
          isPending={templates.isPending}
          isError={templates.isError}
          onRetry={() => templates.refetch()}
        >
          {templates.data?.length === 0 ? <p>{t('hr.recruiting_mail.templates.empty')}</p> : null}
          <ul className="template-list">
            {(templates.data ?? []).map((template) => (
              <li key={template.id}>
                <span className="template-list__name">
                  <strong>{template.name}</strong>{' '}
                  <span className="hint">
                    {t(`hr.recruiting_mail.purpose.${template.purpose}`)} · {LANGUAGE_NAMES[template.locale]}
                  </span>
                  <br />
                  <span className="hint">{template.subject}</span>
                </span>
                <span>
                  {canManage('update') ? (
                    <button
                      type="button"
                      onClick={() => setEditing({ template })}
                      aria-label={t('hr.recruiting_mail.templates.edit_named', { name: template.name })}
                    >
                      {t('hr.recruiting_mail.templates.edit')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setEditing({ template })}
                      aria-label={t('hr.recruiting_mail.templates.view_named', { name: template.name })}
                    >
                      {t('hr.recruiting_mail.templates.view')}
                    </button>
                  )}{' '}
                  {canManage('delete') ? (
                    <button
                      type="button"
                      className="danger"
                      onClick={() => setDeleting(template)}
                      aria-label={t('hr.recruiting_mail.templates.delete_named', { name: template.name })}
                    >
                      {t('hr.recruiting_mail.templates.delete')}
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </QueryState>
      </section>
      <DialogFrame
        open={editing !== null}
        onClose={discard.requestClose}
        title={
          shownEditing?.template
            ? t('hr.recruiting_mail.templates.edit_title', { name: shownEditing.template.name })
            : t('hr.recruiting_mail.templates.new')
        }
        size="wide"
        hasCloseButton
        closesOnOutsideClick={false}
      >
        {shownEditing?.template && !canManage('update') ? (
          <TemplateView template={shownEditing.template} onClose={() => setEditing(null)} />
        ) : (
          <TemplateForm
            template={shownEditing?.template ?? null}
            onClose={() => setEditing(null)}
            onCancel={discard.requestClose}
            onDirtyChange={discard.onDirtyChange}
          />
        )}
        {discard.confirmation}
      </DialogFrame>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('hr.recruiting_mail.templates.delete_title', { name: shownDeleting?.name ?? '' })}
        confirmLabel={t('hr.recruiting_mail.templates.delete')}
        cancelLabel={t('hr.recruiting_mail.cancel')}
        role="alertdialog"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
          snackbar.success(t('hr.recruiting_mail.templates.deleted'));
        }}
      >
        <p>{t('hr.recruiting_mail.templates.delete_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** A template read by someone who may not change it: its preview. */
function TemplateView({ template, onClose }: { template: MailTemplate; onClose: () => void }) {
  const t = useT();
  const { user, company } = usePageData();
  const preview = previewDraft(template, {
    candidate_name: t('hr.recruiting_mail.sample.candidate_name'),
    vacancy: t('hr.recruiting_mail.sample.vacancy'),
    company: company.name,
    interview_time: t('hr.recruiting_mail.sample.interview_time'),
    sender: user.name,
  });
  return (
    <>
      <MailPreview subject={preview.subject} body={preview.body} />
      <DialogActions>
        <button type="button" onClick={onClose}>
          {t('hr.common.close')}
        </button>
      </DialogActions>
    </>
  );
}
