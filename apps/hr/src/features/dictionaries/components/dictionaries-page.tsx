import {
  EDITABLE_DICTIONARIES,
  type EditableDictionary,
  type EditableEntry,
  type EntryNames,
} from '@kadry/shared/schemas/dictionaries';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { type EntryChange, useChangeEntries } from '../api/change-entries';
import { useEditableDictionaries } from '../api/get-editable-dictionaries';
import { useEditableDictionary } from '../api/get-editable-dictionary';

const LOCALE_COLUMNS = ['en', 'ru', 'uk'] as const;

function isEditableDictionary(value: string | null): value is EditableDictionary {
  return value !== null && (EDITABLE_DICTIONARIES as readonly string[]).includes(value);
}

/** Names as typed: trimmed, empty translations left out (the server falls back to English). */
function toNames(values: Record<(typeof LOCALE_COLUMNS)[number], string>): EntryNames {
  const names: EntryNames = { en: values.en.trim() };
  if (values.ru.trim()) names.ru = values.ru.trim();
  if (values.uk.trim()) names.uk = values.uk.trim();
  return names;
}

/** The company's dictionaries: pick one, then add, rename, hide, reorder and delete its entries. */
export function DictionariesPage({ dictionary }: { dictionary: string | null }) {
  const t = useT();
  const list = useEditableDictionaries();
  const selected = isEditableDictionary(dictionary) ? dictionary : null;

  return (
    <section>
      <PageHeading>{t('hr.dictionaries.title')}</PageHeading>
      <div className="dictionaries-layout">
        <nav aria-label={t('hr.dictionaries.list_label')}>
          <QueryState isPending={list.isPending} isError={list.isError} onRetry={() => list.refetch()}>
            <ul>
              {(list.data ?? []).map((row) => (
                <li key={row.dictionary}>
                  <Link
                    href={`/dictionaries/${row.dictionary}`}
                    aria-current={row.dictionary === selected ? 'page' : undefined}
                  >
                    {t(`hr.dictionaries.name.${row.dictionary}`)}
                  </Link>{' '}
                  <span>({row.entries_count})</span>
                </li>
              ))}
            </ul>
          </QueryState>
        </nav>
        {selected ? (
          <DictionaryEntries dictionary={selected} />
        ) : dictionary === null ? (
          <p>{t('hr.dictionaries.pick')}</p>
        ) : (
          <p role="status">{t('hr.common.not_found')}</p>
        )}
      </div>
    </section>
  );
}

function DictionaryEntries({ dictionary }: { dictionary: EditableDictionary }) {
  const t = useT();
  const permissions = usePermissions();
  const query = useEditableDictionary(dictionary);
  const change = useChangeEntries(dictionary);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<EditableEntry | null>(null);
  const canUpdate = permissions.findLevel('Dictionaries', 'update') === 'to_all';
  const canDelete = permissions.findLevel('Dictionaries', 'delete') === 'to_all';
  const canCreate = permissions.findLevel('Dictionaries', 'create') === 'to_all';
  const entries = query.data?.entries ?? [];
  const title = t(`hr.dictionaries.name.${dictionary}`);

  /** Whether the change was saved: a form keeps what was typed when it was not. */
  const run = async (next: EntryChange, done: string): Promise<boolean> => {
    try {
      await change.mutateAsync(next);
      snackbar.success(done);
      return true;
    } catch {
      // The API client has shown the server's message.
      return false;
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = entries.map((entry) => entry.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    return run({ kind: 'reorder', ids }, t('hr.dictionaries.moved'));
  };

  return (
    <div>
      <h2>{title}</h2>
      <QueryState isPending={query.isPending} isError={query.isError} onRetry={() => query.refetch()}>
        {entries.length === 0 ? (
          <p role="status">{t('hr.dictionaries.empty')}</p>
        ) : (
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {LOCALE_COLUMNS.map((locale) => (
                  <th key={locale} scope="col">
                    {t(`hr.dictionaries.column.${locale}`)}
                  </th>
                ))}
                <th scope="col">{t('hr.dictionaries.column.state')}</th>
                {canUpdate || canDelete ? <th scope="col">{t('hr.common.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) =>
                editingId === entry.id ? (
                  <tr key={entry.id}>
                    <td colSpan={LOCALE_COLUMNS.length + 2}>
                      <NamesForm
                        initial={entry.names}
                        submitLabel={t('hr.dictionaries.save')}
                        onCancel={() => setEditingId(null)}
                        onSubmit={async (names) => {
                          const isSaved = await run(
                            { kind: 'update', id: entry.id, names },
                            t('hr.dictionaries.renamed'),
                          );
                          if (isSaved) setEditingId(null);
                          return isSaved;
                        }}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={entry.id}>
                    <th scope="row">{entry.names.en}</th>
                    <td>{entry.names.ru}</td>
                    <td>{entry.names.uk}</td>
                    <td>
                      {entry.is_hidden ? t('hr.dictionaries.hidden') : t('hr.dictionaries.shown')}
                      {entry.is_global ? ` · ${t('hr.dictionaries.shipped')}` : ''}
                    </td>
                    {canUpdate || canDelete ? (
                      <td>
                        <div className="admin-row-actions">
                          {canUpdate ? (
                            <>
                              <button
                                type="button"
                                aria-label={t('hr.dictionaries.rename_named', { name: entry.names.en })}
                                onClick={() => setEditingId(entry.id)}
                              >
                                {t('hr.dictionaries.rename')}
                              </button>
                              <button
                                type="button"
                                aria-label={t(
                                  entry.is_hidden
                                    ? 'hr.dictionaries.show_named'
                                    : 'hr.dictionaries.hide_named',
                                  { name: entry.names.en },
                                )}
                                onClick={() =>
                                  run(
                                    { kind: 'update', id: entry.id, is_hidden: !entry.is_hidden },
                                    t(
                                      entry.is_hidden
                                        ? 'hr.dictionaries.now_shown'
                                        : 'hr.dictionaries.now_hidden',
                                    ),
                                  )
                                }
                              >
                                {t(entry.is_hidden ? 'hr.dictionaries.show' : 'hr.dictionaries.hide')}
                              </button>
                              <button
                                type="button"
                                aria-label={t('hr.dictionaries.move_up_named', { name: entry.names.en })}
                                aria-disabled={index === 0 || change.isPending}
                                onClick={() =>
                                  index === 0 || change.isPending ? undefined : move(index, -1)
                                }
                              >
                                {t('hr.dictionaries.move_up')}
                              </button>
                              <button
                                type="button"
                                aria-label={t('hr.dictionaries.move_down_named', { name: entry.names.en })}
                                aria-disabled={index === entries.length - 1 || change.isPending}
                                onClick={() =>
                                  index === entries.length - 1 || change.isPending
                                    ? undefined
                                    : move(index, 1)
                                }
                              >
                                {t('hr.dictionaries.move_down')}
                              </button>
                            </>
                          ) : null}
                          {canDelete && !entry.is_global ? (
                            <button
                              type="button"
                              aria-label={t('hr.dictionaries.delete_named', { name: entry.names.en })}
                              onClick={() => setDeleting(entry)}
                            >
                              {t('hr.dictionaries.delete')}
                            </button>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        )}
      </QueryState>

      {canCreate && !query.isPending && !query.isError ? (
        <section aria-labelledby={`${dictionary}-add`}>
          <h3 id={`${dictionary}-add`}>{t('hr.dictionaries.add_title')}</h3>
          <NamesForm
            key={entries.length}
            initial={{ en: '', ru: '', uk: '' }}
            submitLabel={t('hr.dictionaries.add')}
            onSubmit={(names) =>
              run({ kind: 'create', names }, t('hr.dictionaries.added', { name: names.en }))
            }
          />
        </section>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        title={t('hr.dictionaries.delete_title', { name: deleting?.names.en ?? '' })}
        confirmLabel={t('hr.dictionaries.delete')}
        cancelLabel={t('hr.dictionaries.cancel')}
        onConfirm={async () => {
          if (!deleting) return;
          await change.mutateAsync({ kind: 'delete', id: deleting.id });
          snackbar.success(t('hr.dictionaries.deleted', { name: deleting.names.en }));
          setDeleting(null);
        }}
      >
        <p>{t('hr.dictionaries.delete_text')}</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * English, Russian and Ukrainian names; English is required. Leaving the page with names typed and
 * not saved asks first (issue 17).
 */
function NamesForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: Record<(typeof LOCALE_COLUMNS)[number], string>;
  submitLabel: string;
  /** Resolves whether the names were saved. */
  onSubmit: (names: EntryNames) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState(initial);
  // What was last loaded or saved: changes from it are unsaved.
  const [saved, setSaved] = useState(initial);
  const isDirty = LOCALE_COLUMNS.some((locale) => values[locale] !== saved[locale]);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.en.trim()) {
      setError(t('hr.dictionaries.name_required'));
      return;
    }
    setError(null);
    setIsSaving(true);
    try {
      if (await onSubmit(toNames(values))) setSaved(values);
    } catch (caught) {
      setError(getRequestErrorMessage(caught));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form className="dictionary-names-form" onSubmit={submit} noValidate>
      {/* The recruiting editors' words fit here too (rejection reasons are one of the dictionaries). */}
      <UnsavedChangesGuard
        isDirty={isDirty}
        texts={{
          title: t('hr.recruiting_guard.title'),
          text: t('hr.recruiting_guard.text'),
          stay: t('hr.recruiting_guard.stay'),
          leave: t('hr.recruiting_guard.leave'),
        }}
      />
      {LOCALE_COLUMNS.map((locale) => (
        <label key={locale} htmlFor={`${id}-${locale}`}>
          {t(`hr.dictionaries.field.${locale}`)}
          <input
            id={`${id}-${locale}`}
            type="text"
            maxLength={200}
            value={values[locale]}
            aria-invalid={locale === 'en' && error ? true : undefined}
            aria-describedby={locale === 'en' && error ? `${id}-error` : undefined}
            onChange={(event) => setValues({ ...values, [locale]: event.target.value })}
          />
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="primary" aria-disabled={isSaving}>
        {submitLabel}
      </button>
      {onCancel ? (
        <button type="button" onClick={onCancel}>
          {t('hr.dictionaries.cancel')}
        </button>
      ) : null}
    </form>
  );
}
