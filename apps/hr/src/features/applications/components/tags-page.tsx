import { TAG_COLORS, TAG_NAME_MAX, type Tag, type TagColor } from '@kadry/shared/schemas/recruiting-tags';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { useDeleteTag, useSaveTag, useTags } from '../api/tags';
import { TagChip } from './application-tags';
import './comments.css';

/**
 * A tag's name and colour, for a new tag or an edit; the server's 422 lands on the name. Leaving the
 * page with a change not saved asks first (issue 17).
 */
function TagForm({ tag, onDone, submitLabel }: { tag: Tag | null; onDone: () => void; submitLabel: string }) {
  const t = useT();
  const save = useSaveTag();
  // What was last loaded or saved: a new tag's form keeps the colour for the next one.
  const [saved, setSaved] = useState<{ name: string; color: TagColor }>({
    name: tag?.name ?? '',
    color: tag?.color ?? 'grey',
  });
  const [name, setName] = useState(saved.name);
  const [color, setColor] = useState(saved.color);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (name.trim() === '') {
      setNameError(t('errors.required'));
      return;
    }
    setNameError(null);
    setFormError(null);
    save.mutate(
      { id: tag?.id ?? null, input: { name: name.trim(), color } },
      {
        onSuccess: () => {
          snackbar.success(t(tag ? 'hr.tags.saved' : 'hr.tags.created'));
          setSaved({ name: tag ? name : '', color });
          if (!tag) setName('');
          onDone();
        },
        onError: (error) => {
          const fields = readServerFieldErrors(error);
          if (fields?.name) setNameError(fields.name);
          else setFormError(getRequestErrorMessage(error));
        },
      },
    );
  };

  return (
    <form className="tag-add" onSubmit={onSubmit} noValidate>
      <RecruitingUnsavedGuard isDirty={name !== saved.name || color !== saved.color} />
      <Field label={t('hr.tags.name')} isRequired error={nameError}>
        {(control) => (
          <input
            {...control}
            aria-required="true"
            maxLength={TAG_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('hr.tags.color')}>
        {(control) => (
          <select {...control} value={color} onChange={(event) => setColor(event.target.value as TagColor)}>
            {TAG_COLORS.map((key) => (
              <option key={key} value={key}>
                {t(`hr.tags.color.${key}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" aria-disabled={save.isPending}>
        {submitLabel}
      </button>
      {tag ? (
        <button type="button" onClick={onDone}>
          {t('hr.comments.cancel')}
        </button>
      ) : null}
      <FormError message={formError} />
    </form>
  );
}

function TagRow({ tag }: { tag: Tag }) {
  const t = useT();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const remove = useDeleteTag();
  return (
    <li className="comments__item">
      <div className="comments__meta">
        <TagChip tag={tag} />
        <span className="hint">{t('hr.tags.count', { count: tag.applications_count })}</span>
      </div>
      {isEditing ? (
        <TagForm tag={tag} onDone={() => setIsEditing(false)} submitLabel={t('hr.comments.save')} />
      ) : (
        <div className="comments__actions">
          {tag.can_update ? (
            <button
              type="button"
              aria-label={t('hr.tags.edit', { name: tag.name })}
              onClick={() => setIsEditing(true)}
            >
              {t('hr.comments.edit')}
            </button>
          ) : null}
          {tag.can_delete ? (
            <button
              type="button"
              aria-label={t('hr.tags.delete', { name: tag.name })}
              onClick={() => setIsDeleting(true)}
            >
              {t('hr.comments.delete')}
            </button>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={isDeleting}
        onClose={() => setIsDeleting(false)}
        role="alertdialog"
        title={t('hr.tags.delete_title', { name: tag.name })}
        confirmLabel={t('hr.comments.delete')}
        cancelLabel={t('hr.comments.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync(tag.id);
          snackbar.success(t('hr.tags.deleted'));
          setIsDeleting(false);
        }}
      >
        <p>{t('hr.tags.delete_confirm', { count: tag.applications_count })}</p>
      </ConfirmDialog>
    </li>
  );
}

/** The company's candidate tags: each with its colour and use, created, renamed and deleted (Vacancy.Tag). */
export function TagsPage() {
  const t = useT();
  const id = useId();
  const permissions = usePermissions();
  const tags = useTags();
  const canCreate = permissions.can('Vacancy.Tag', 'create');
  return (
    <section>
      <PageHeading>{t('hr.tags.title')}</PageHeading>
      <p>{t('hr.tags.intro')}</p>
      {canCreate ? (
        <section className="panel" aria-labelledby={`${id}-create`}>
          <h2 id={`${id}-create`}>{t('hr.tags.create')}</h2>
          <TagForm tag={null} onDone={() => undefined} submitLabel={t('hr.tags.create')} />
        </section>
      ) : null}
      <section className="panel" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{t('hr.tags.title')}</h2>
        <QueryState isPending={tags.isPending} isError={tags.isError} onRetry={() => tags.refetch()}>
          {tags.data?.length === 0 ? <p className="hint">{t('hr.tags.empty')}</p> : null}
          <ul className="comments__list">
            {(tags.data ?? []).map((tag) => (
              <TagRow key={tag.id} tag={tag} />
            ))}
          </ul>
        </QueryState>
      </section>
    </section>
  );
}
