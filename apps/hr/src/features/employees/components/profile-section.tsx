import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * One section of the profile: its heading, what it shows, and, for readers who may edit it, an Edit
 * button that swaps the view for the section's form in place. Closing the form (saved or cancelled)
 * puts focus back on Edit, where the keyboard was.
 */
export function ProfileSection({
  title,
  canEdit = false,
  editLabel,
  actions,
  renderForm,
  children,
}: {
  title: string;
  canEdit?: boolean;
  /** The edit button's text when it does more than edit (e.g. "Add salary entry"). */
  editLabel?: string;
  /** Other buttons beside the heading (e.g. "Add salary entry"). */
  actions?: ReactNode;
  renderForm?: (close: () => void) => ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (wasEditing.current && !isEditing) editRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <section className="employee-section" aria-labelledby={headingId}>
      <div className="employee-section__head">
        <h2 id={headingId}>{title}</h2>
        <div>
          {actions}
          {canEdit && renderForm && !isEditing ? (
            <button
              ref={editRef}
              type="button"
              aria-label={editLabel ? undefined : t('hr.employees.edit_section', { section: title })}
              onClick={() => setIsEditing(true)}
            >
              {editLabel ?? t('hr.employees.edit')}
            </button>
          ) : null}
        </div>
      </div>
      {isEditing && renderForm ? renderForm(() => setIsEditing(false)) : children}
    </section>
  );
}

/** A definition list of a section's facts; facts without a value are left out. */
export function Facts({ items }: { items: { key: string; label: string; value: ReactNode }[] }) {
  const t = useT();
  const shown = items.filter((item) => item.value !== null && item.value !== undefined && item.value !== '');
  if (shown.length === 0) return <p className="hint">{t('hr.employees.nothing_here')}</p>;
  return (
    <dl className="employee-facts">
      {shown.map((item) => (
        <div key={item.key} style={{ display: 'contents' }}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Save and Cancel under a section's form. */
export function SectionFormActions({ isSaving, onCancel }: { isSaving: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="dialog__actions">
      <button type="submit" className="primary" aria-disabled={isSaving}>
        {isSaving ? t('hr.employees.saving') : t('hr.employees.save')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('hr.employees.cancel')}
      </button>
    </div>
  );
}
