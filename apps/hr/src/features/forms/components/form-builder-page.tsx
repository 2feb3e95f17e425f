import { INPUT_TYPES } from '@kadry/shared/form-kinds';
import type { InputType } from '@kadry/shared/schemas/form';
import { formInputSchema } from '@kadry/shared/schemas/recruiting';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../app/i18n';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useApplicationForm } from '../api/get-form';
import { useSaveForm } from '../api/save-form';
import { FieldEditor } from './field-editor';
import { type BuilderField, createBuilderField, createField, moveItem } from './form-builder-model';
import { FormPreview } from './form-preview';

/** Builds an application form: add, reorder (buttons, Alt+↑/↓), edit and remove fields, with a live preview. */
export function FormBuilderPage({ id }: { id: number | null }) {
  const t = useT();
  const ids = useId();
  const [, navigate] = useLocation();
  const loaded = useApplicationForm(id);
  const save = useSaveForm(id);
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [fields, setFields] = useState<BuilderField[]>([]);
  const [newType, setNewType] = useState<InputType>('text');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a move or add, focus follows the field so keyboard users keep their place.
  const focusAfterRender = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!loaded.data) return;
    setName(loaded.data.name);
    setIsDefault(loaded.data.is_default);
    setFields(loaded.data.fields.map(createBuilderField));
  }, [loaded.data]);

  useEffect(() => {
    const selector = focusAfterRender.current;
    if (!selector) return;
    focusAfterRender.current = null;
    listRef.current?.querySelector<HTMLElement>(selector)?.focus();
  });

  const titleOf = (row: BuilderField, index: number) =>
    row.field.name || t('hr.forms.untitled', { index: index + 1 });

  const move = (index: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= fields.length) return;
    const row = fields[index] as BuilderField;
    setFields(moveItem(fields, index, to));
    setAnnouncement(
      t('hr.forms.moved', { name: titleOf(row, index), position: to + 1, total: fields.length }),
    );
    focusAfterRender.current = `[data-key="${row.key}"] [data-move="${control}"]`;
  };
  const onRowKeyDown = (event: KeyboardEvent, index: number) => {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1, 'up');
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1, 'down');
    }
  };
  const add = () => {
    const row = createBuilderField(createField(newType, t(`hr.forms.input_type.${newType}`)));
    setFields([...fields, row]);
    focusAfterRender.current = `[data-key="${row.key}"] input`;
  };
  const remove = (index: number) => {
    const row = fields[index] as BuilderField;
    setFields(fields.filter((_, other) => other !== index));
    setAnnouncement(t('hr.forms.removed', { name: titleOf(row, index) }));
  };

  const onSave = async () => {
    const parsed = formInputSchema.safeParse({
      name,
      is_default: isDefault,
      fields: fields.map((row) => row.field),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = issue?.path[0] === 'fields' ? Number(issue.path[1]) : null;
      setError(
        index === null
          ? t('hr.forms.invalid_name')
          : t('hr.forms.invalid_field', { name: titleOf(fields[index] as BuilderField, index) }),
      );
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync(parsed.data);
      snackbar.success(t('hr.common.saved'));
      if (id === null) navigate(`/forms/${saved.id}`);
    } catch {
      // Shown by the API client's error snackbar.
    }
  };

  return (
    <section>
      <PageHeading
        actions={
          <button type="button" className="primary" onClick={onSave} disabled={save.isPending}>
            {t('hr.common.save')}
          </button>
        }
      >
        {id === null ? t('hr.forms.new') : name || t('hr.forms.edit')}
      </PageHeading>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <QueryState
        isPending={id !== null && loaded.isPending}
        isError={loaded.isError}
        onRetry={() => loaded.refetch()}
      >
        <div className="builder">
          <div>
            <div className="panel">
              <div className="field">
                <label htmlFor={`${ids}-name`}>{t('hr.forms.name')}</label>
                <input
                  id={`${ids}-name`}
                  type="text"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              <label>
                <input
                  type="checkbox"
                  checked={isDefault}
                  onChange={(event) => setIsDefault(event.target.checked)}
                />{' '}
                {t('hr.forms.is_default')}
              </label>
            </div>
            <h2 id={`${ids}-fields`}>{t('hr.forms.fields')}</h2>
            <p className="hint">{t('hr.forms.reorder_hint')}</p>
            <ol className="builder__fields" ref={listRef} aria-labelledby={`${ids}-fields`}>
              {fields.map((row, index) => (
                <li
                  key={row.key}
                  data-key={row.key}
                  className="builder__field"
                  onKeyDown={(event) => onRowKeyDown(event, index)}
                >
                  <h3 style={{ marginTop: 0 }}>{titleOf(row, index)}</h3>
                  <div className="builder__field-actions">
                    <button
                      type="button"
                      data-move="up"
                      aria-label={t('hr.forms.move_up', { name: titleOf(row, index) })}
                      aria-disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      ↑ {t('hr.forms.up')}
                    </button>
                    <button
                      type="button"
                      data-move="down"
                      aria-label={t('hr.forms.move_down', { name: titleOf(row, index) })}
                      aria-disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      ↓ {t('hr.forms.down')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('hr.forms.remove', { name: titleOf(row, index) })}
                      onClick={() => remove(index)}
                    >
                      {t('hr.forms.remove_short')}
                    </button>
                  </div>
                  <FieldEditor
                    field={row.field}
                    onChange={(field) =>
                      setFields(fields.map((other) => (other.key === row.key ? { ...other, field } : other)))
                    }
                  />
                </li>
              ))}
            </ol>
            <div className="filters panel">
              <div>
                <label htmlFor={`${ids}-new-type`}>{t('hr.forms.new_field_type')}</label>
                <select
                  id={`${ids}-new-type`}
                  value={newType}
                  onChange={(event) => setNewType(event.target.value as InputType)}
                >
                  {INPUT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`hr.forms.input_type.${type}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" onClick={add}>
                {t('hr.forms.add_field')}
              </button>
            </div>
          </div>
          <FormPreview fields={fields.map((row) => row.field)} />
        </div>
      </QueryState>
    </section>
  );
}
