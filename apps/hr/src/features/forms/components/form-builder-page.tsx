import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { INPUT_TYPES } from '@kadry/shared/form-kinds';
import type { InputType } from '@kadry/shared/schemas/form';
import { FORM_FIELDS_MAX, formInputSchema } from '@kadry/shared/schemas/recruiting';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { handleMoveKeys, useFocusAfterRender, useSortableSensors } from '../../../lib/sortable-list';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { useApplicationForm } from '../api/get-form';
import { useFormPreview } from '../api/preview-form';
import { useSaveForm } from '../api/save-form';
import { type BuilderField, createBuilderField, createField, moveItem } from './form-builder-model';
import { FormPreview } from './form-preview';
import { SortableFieldRow } from './sortable-field-row';
import './form-builder.css';

/** Fields move up and down only: a sideways drag would look like it could drop them somewhere else. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * Builds an application form: add, reorder (drag, buttons, Alt+↑/↓), edit and remove fields, with a
 * live preview the server fills in as candidates would get it.
 */
export function FormBuilderPage({ id }: { id: number | null }) {
  const t = useT();
  const locale = useLocale();
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
  // What was last loaded or saved, to tell unsaved changes (the guard asks before they are lost).
  const snapshot = JSON.stringify({ name, isDefault, fields: fields.map((row) => row.field) });
  const [savedSnapshot, setSavedSnapshot] = useState(snapshot);
  // After a move or add, focus follows the field so keyboard users keep their place.
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterRender = useFocusAfterRender(listRef);
  const lastOverKey = useRef<UniqueIdentifier | null>(null);
  const preview = useFormPreview(
    fields.map((row) => row.field),
    locale,
  );
  const sensors = useSortableSensors();

  useEffect(() => {
    if (!loaded.data) return;
    const rows = loaded.data.fields.map(createBuilderField);
    setName(loaded.data.name);
    setIsDefault(loaded.data.is_default);
    setFields(rows);
    setSavedSnapshot(
      JSON.stringify({
        name: loaded.data.name,
        isDefault: loaded.data.is_default,
        fields: rows.map((row) => row.field),
      }),
    );
  }, [loaded.data]);

  const titleOf = (row: BuilderField, index: number) =>
    row.field.name || t('hr.forms.untitled', { index: index + 1 });

  const move = (index: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= fields.length) return;
    const row = fields[index] as BuilderField;
    setFields(moveItem(fields, index, to));
    setAnnouncement(
      t('hr.forms.moved', { name: titleOf(row, index), position: to + 1, total: fields.length }),
    );
    focusAfterRender(`[data-key="${row.key}"] [data-move="${control}"]`);
  };
  const onRowKeyDown = (event: KeyboardEvent, index: number) =>
    handleMoveKeys(event, (direction) => move(index, direction === 'up' ? index - 1 : index + 1, direction));
  const indexOf = (key: UniqueIdentifier) => fields.findIndex((row) => row.key === key);
  const titleOfKey = (key: UniqueIdentifier) => {
    const index = indexOf(key);
    return index < 0 ? '' : titleOf(fields[index] as BuilderField, index);
  };
  // What screen readers hear while dragging, in the user's language (dnd-kit's own are English).
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOverKey.current = active.id;
      return t('hr.forms.drag_start', {
        name: titleOfKey(active.id),
        position: indexOf(active.id) + 1,
        total: fields.length,
      });
    },
    onDragOver: ({ active, over }) => {
      // dnd-kit reports "over itself" right after pick-up; saying so again would drown the pick-up.
      const key = over?.id ?? null;
      if (key === lastOverKey.current) return undefined;
      lastOverKey.current = key;
      return over
        ? t('hr.forms.drag_over', {
            name: titleOfKey(active.id),
            position: indexOf(over.id) + 1,
            total: fields.length,
          })
        : t('hr.forms.drag_outside', { name: titleOfKey(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('hr.forms.moved', {
            name: titleOfKey(active.id),
            position: indexOf(over.id) + 1,
            total: fields.length,
          })
        : t('hr.forms.drag_cancel', { name: titleOfKey(active.id) }),
    onDragCancel: ({ active }) => t('hr.forms.drag_cancel', { name: titleOfKey(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) setFields(moveItem(fields, from, to));
  };

  const add = () => {
    const row = createBuilderField(createField(newType, t(`hr.forms.input_type.${newType}`)));
    setFields([...fields, row]);
    focusAfterRender(`[data-key="${row.key}"] input`);
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
      const path = parsed.error.issues[0]?.path ?? [];
      const row = typeof path[1] === 'number' ? fields[path[1]] : undefined;
      setError(
        path[0] !== 'fields'
          ? t('hr.forms.invalid_name')
          : row
            ? t('hr.forms.invalid_field', { name: titleOf(row, path[1] as number) })
            : t('hr.forms.too_many_fields', { max: FORM_FIELDS_MAX }),
      );
      return;
    }
    setError(null);
    try {
      const saved = await save.mutateAsync(parsed.data);
      setSavedSnapshot(snapshot);
      snackbar.success(t('hr.common.saved'));
      if (id === null) navigate(`/forms/${saved.id}`);
    } catch {
      // Shown by the API client's error snackbar.
    }
  };

  return (
    <section>
      <RecruitingUnsavedGuard isDirty={snapshot !== savedSnapshot} />
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
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              modifiers={[restrictToVerticalAxis]}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: { draggable: t('hr.forms.drag_instructions') },
              }}
            >
              <SortableContext items={fields.map((row) => row.key)} strategy={verticalListSortingStrategy}>
                <ol className="builder__fields" ref={listRef} aria-labelledby={`${ids}-fields`}>
                  {fields.map((row, index) => (
                    <SortableFieldRow
                      key={row.key}
                      row={row}
                      title={titleOf(row, index)}
                      isFirst={index === 0}
                      isLast={index === fields.length - 1}
                      dictionaryOptions={
                        row.field.dictionary ? preview.dictionaryOptions.get(row.field.dictionary) : undefined
                      }
                      onMove={(direction) =>
                        direction === 'up' ? move(index, index - 1, 'up') : move(index, index + 1, 'down')
                      }
                      isLoadingOptions={preview.isRefreshing}
                      onRemove={() => remove(index)}
                      onChange={(field) =>
                        setFields(
                          fields.map((other) => (other.key === row.key ? { ...other, field } : other)),
                        )
                      }
                      onKeyDown={(event) => onRowKeyDown(event, index)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
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
              <button
                type="button"
                onClick={add}
                disabled={fields.length >= FORM_FIELDS_MAX}
                aria-describedby={fields.length >= FORM_FIELDS_MAX ? `${ids}-limit` : undefined}
              >
                {t('hr.forms.add_field')}
              </button>
              {fields.length >= FORM_FIELDS_MAX ? (
                <p className="hint" id={`${ids}-limit`}>
                  {t('hr.forms.too_many_fields', { max: FORM_FIELDS_MAX })}
                </p>
              ) : null}
            </div>
          </div>
          <FormPreview
            preview={preview}
            titleOf={(index) => {
              const row = fields[index];
              return row ? titleOf(row, index) : t('hr.forms.untitled', { index: index + 1 });
            }}
          />
        </div>
      </QueryState>
    </section>
  );
}
