import { useSortable } from '@dnd-kit/sortable';
import type { FieldOption } from '@kadry/shared/schemas/form';
import type { StaffFormField } from '@kadry/shared/schemas/recruiting';
import type { KeyboardEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { FieldEditor } from './field-editor';
import type { BuilderField } from './form-builder-model';

/**
 * One field of the builder's list: a drag handle (pointer, or Space / arrows / Space from the
 * keyboard), the up / down / remove buttons, and the field's settings.
 */
export function SortableFieldRow({
  row,
  title,
  isFirst,
  isLast,
  dictionaryOptions,
  isLoadingOptions,
  onMove,
  onRemove,
  onChange,
  onKeyDown,
}: {
  row: BuilderField;
  title: string;
  isFirst: boolean;
  isLast: boolean;
  dictionaryOptions: FieldOption[] | undefined;
  isLoadingOptions: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
  onChange: (field: StaffFormField) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.key });
  const style = {
    // Only a translation: scaling a row to its neighbour's height would squash its form controls.
    transform: transform
      ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
      : undefined,
    transition,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-key={row.key}
      data-dragging={isDragging}
      className="builder__field"
      onKeyDown={onKeyDown}
    >
      <div className="builder__field-head">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="builder__drag-handle"
          {...attributes}
          {...listeners}
          aria-roledescription={t('hr.forms.draggable')}
          aria-label={t('hr.forms.drag', { name: title })}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <h3>{title}</h3>
      </div>
      <div className="builder__field-actions">
        <button
          type="button"
          data-move="up"
          aria-label={t('hr.forms.move_up', { name: title })}
          aria-disabled={isFirst}
          onClick={() => onMove('up')}
        >
          ↑ {t('hr.forms.up')}
        </button>
        <button
          type="button"
          data-move="down"
          aria-label={t('hr.forms.move_down', { name: title })}
          aria-disabled={isLast}
          onClick={() => onMove('down')}
        >
          ↓ {t('hr.forms.down')}
        </button>
        <button type="button" aria-label={t('hr.forms.remove', { name: title })} onClick={onRemove}>
          {t('hr.forms.remove_short')}
        </button>
      </div>
      <FieldEditor
        field={row.field}
        dictionaryOptions={dictionaryOptions}
        isLoadingOptions={isLoadingOptions}
        onChange={onChange}
      />
    </li>
  );
}
