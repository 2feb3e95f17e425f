import type { PermissionsMap, Role } from '@kadry/shared/permissions/schemas';
import { LEVELS } from '@kadry/shared/permissions/vocabulary';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { getErrorMessage } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { PermissionMatrix } from './permission-matrix';
import { ROLE_NAME_MAX_LENGTH } from './role-dialogs';
import { buildUpdateRoleBody, listChangedEntities } from './role-draft';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** What the levels mean, shown above the matrix. */
function LevelLegend() {
  const t = useT();
  return (
    <details className="panel level-legend">
      <summary>{t('hr.roles.legend_title')}</summary>
      <dl>
        <div>
          <dt>{t('hr.roles.all_none')}</dt>
          <dd>{t('hr.roles.legend.none')}</dd>
        </div>
        {LEVELS.map((level) => (
          <div key={level}>
            <dt>{t(`hr.permissions.level.${level}`)}</dt>
            <dd>{t(`hr.roles.legend.${level}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">{t('hr.roles.legend_all')}</p>
    </details>
  );
}

function RoleEditor({ initial }: { initial: Role }) {
  const t = useT();
  const ids = useId();
  const { settings } = usePageData();
  const permissions = usePermissions();
  const update = useUpdateRole();
  const nameRef = useRef<HTMLInputElement>(null);
  const [saved, setSaved] = useState(initial);
  const [name, setName] = useState(initial.name);
  const [draft, setDraft] = useState<PermissionsMap>(initial.permissions);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const changedEntities = useMemo(() => listChangedEntities(saved.permissions, draft), [saved, draft]);
  const isNameChanged = name.trim() !== saved.name;
  const changeCount = changedEntities.length + (isNameChanged ? 1 : 0);
  const isDirty = changeCount > 0;
  const isOwnRole = permissions.permissions?.role.id === saved.id;

  // A newer copy from the server (a refetch of a cached role) replaces an untouched draft; edits stay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server copy should trigger this.
  useEffect(() => {
    if (initial === saved || isDirty) return;
    setSaved(initial);
    setDraft(initial.permissions);
    setName(initial.name);
  }, [initial]);

  const canSave = isDirty && !update.isPending;

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    if (!name.trim()) {
      setNameError(t('hr.roles.name_required'));
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    setFormError(null);
    const sent = draft;
    try {
      const role = await update.mutateAsync({
        id: saved.id,
        body: buildUpdateRoleBody(name, saved.permissions, sent),
      });
      setSaved(role);
      // Changes made while the save was on its way stay in the draft, unsaved.
      setDraft((current) => (current === sent ? role.permissions : current));
      setName(role.name);
      snackbar.success(t('hr.roles.saved', { name: getRoleLabel(role, t) }));
    } catch (error) {
      const nameMessage = readServerFieldErrors(error)?.name;
      if (nameMessage) {
        setNameError(nameMessage);
        nameRef.current?.focus();
      } else setFormError(getErrorMessage(error));
    }
  };

  const onDiscard = () => {
    if (!canSave) return;
    setDraft(saved.permissions);
    setName(saved.name);
    setNameError(null);
    setFormError(null);
  };

  return (
    <section>
      <PageHeading actions={<Link href="/roles">{t('hr.roles.back')}</Link>}>
        {t('hr.roles.editor_title', { name: getRoleLabel(saved, t) })}
      </PageHeading>
      <p className="hint">{saved.key === null ? t('hr.roles.type.custom') : t('hr.roles.type.built_in')}</p>
      {saved.key === 'owner' ? <p className="admin-note">{t('hr.roles.owner_note')}</p> : null}
      {isOwnRole ? <p className="warning">{t('hr.roles.own_role_note')}</p> : null}

      <form
        onSubmit={onSave}
        noValidate
        aria-label={t('hr.roles.editor_form', { name: getRoleLabel(saved, t) })}
      >
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('hr.roles.field.name')}</label>
          <input
            ref={nameRef}
            id={`${ids}-name`}
            type="text"
            value={name}
            maxLength={ROLE_NAME_MAX_LENGTH}
            required
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${ids}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {nameError ? (
            <p className="field-error" id={`${ids}-name-error`}>
              {nameError}
            </p>
          ) : null}
        </div>

        <LevelLegend />
        <PermissionMatrix
          tariffs={settings.tariffs}
          draft={draft}
          saved={saved.permissions}
          onChange={setDraft}
        />

        <div className="admin-save-bar">
          <p className="admin-save-bar__status" role="status">
            {isDirty ? t('hr.roles.unsaved_count', { count: changeCount }) : t('hr.roles.no_changes')}
          </p>
          {formError ? (
            <p role="alert" className="field-error">
              {formError}
            </p>
          ) : null}
          {/* aria-disabled, not disabled: the button keeps focus when a save leaves nothing to save. */}
          <button type="button" onClick={onDiscard} aria-disabled={!canSave}>
            {t('hr.roles.discard')}
          </button>
          <button type="submit" className="primary" aria-disabled={!canSave}>
            {update.isPending ? t('hr.roles.saving') : t('hr.common.save')}
          </button>
        </div>
      </form>
      <UnsavedChangesGuard
        isDirty={isDirty}
        texts={{
          title: t('hr.roles.leave_title'),
          text: t('hr.roles.leave_text'),
          stay: t('hr.roles.leave_stay'),
          leave: t('hr.roles.leave_confirm'),
        }}
      />
    </section>
  );
}

/** Edits one role's name and permission matrix; saves only the entities that changed. */
export function RoleEditorPage({ id }: { id: number }) {
  const role = useRole(id);
  if (!role.data) {
    return (
      <section>
        <QueryState
          isPending={role.isPending}
          isError={role.isError}
          error={role.error}
          onRetry={() => role.refetch()}
        >
          {null}
        </QueryState>
      </section>
    );
  }
  return <RoleEditor key={role.data.id} initial={role.data} />;
}
