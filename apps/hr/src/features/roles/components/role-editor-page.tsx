import type { PermissionsMap, Role } from '@kadry/shared/permissions/schemas';
import { ROLE_NAME_MAX_LENGTH } from '@kadry/shared/permissions/schemas';
import { LEVELS } from '@kadry/shared/permissions/vocabulary';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { NameField, useNameInput } from '../../../components/ui/name-form';
import { PageHeading } from '../../../components/ui/page-heading';
import { WhenLoaded } from '../../../components/ui/query-state';
import { SaveBar } from '../../../components/ui/save-bar';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';

import { usePermissions } from '../../../lib/permissions/use-permissions';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useRole } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { PermissionMatrix } from './permission-matrix';
import { buildUpdateRoleBody, listChangedEntities } from './role-draft';

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
  const { settings } = usePageData();
  const permissions = usePermissions();
  const update = useUpdateRole();
  const [saved, setSaved] = useState(initial);
  const name = useNameInput(initial.name, t('hr.roles.name_required'));
  const [draft, setDraft] = useState<PermissionsMap>(initial.permissions);
  const [formError, setFormError] = useState<string | null>(null);

  const changedEntities = useMemo(() => listChangedEntities(saved.permissions, draft), [saved, draft]);
  const isNameChanged = name.value.trim() !== saved.name;
  const changeCount = changedEntities.length + (isNameChanged ? 1 : 0);
  const isDirty = changeCount > 0;
  const isOwnRole = permissions.permissions?.role.id === saved.id;

  // A newer copy from the server (a refetch of a cached role) replaces an untouched draft; edits stay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new server copy should trigger this.
  useEffect(() => {
    if (initial === saved || isDirty) return;
    setSaved(initial);
    setDraft(initial.permissions);
    name.setValue(initial.name);
  }, [initial]);

  const canSave = isDirty && !update.isPending;

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || name.read() === null) return;
    setFormError(null);
    const sent = draft;
    try {
      const role = await update.mutateAsync({
        id: saved.id,
        body: buildUpdateRoleBody(name.value, saved.permissions, sent),
      });
      setSaved(role);
      // Changes made while the save was on its way stay in the draft, unsaved.
      setDraft((current) => (current === sent ? role.permissions : current));
      name.setValue(role.name);
      snackbar.success(t('hr.roles.saved', { name: getRoleLabel(role, t) }));
    } catch (error) {
      if (!name.showServerError(error)) setFormError(getRequestErrorMessage(error));
    }
  };

  const onDiscard = () => {
    setDraft(saved.permissions);
    name.setValue(saved.name);
    name.setError(null);
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
        <NameField label={t('hr.roles.field.name')} name={name} maxLength={ROLE_NAME_MAX_LENGTH} />

        <LevelLegend />
        <PermissionMatrix
          tariffs={settings.tariffs}
          draft={draft}
          saved={saved.permissions}
          onChange={setDraft}
        />

        <SaveBar
          status={isDirty ? t('hr.roles.unsaved_count', { count: changeCount }) : t('hr.roles.no_changes')}
          error={formError}
          canSave={canSave}
          onDiscard={onDiscard}
          discardLabel={t('hr.roles.discard')}
          saveLabel={update.isPending ? t('hr.roles.saving') : t('hr.common.save')}
        />
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
  return <WhenLoaded query={role}>{(data) => <RoleEditor key={data.id} initial={data} />}</WhenLoaded>;
}
