import {
  CUSTOM_FIELD_OPTIONS_MAX,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
  customFieldDefinitionBodySchema,
} from '@kadry/shared/schemas/employees';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import {
  type CustomFieldDefinitionBody,
  useCustomFieldDefinitions,
  useDeleteCustomFieldDefinition,
  useSaveCustomFieldDefinition,
} from '../api/custom-field-definitions';
import { ListError, SelectField, TextField, useEmployeeForm } from './form-controls';
import { SectionFormActions } from './profile-section';
import './employees.css';

/** The company's custom employee fields: list, add, rename or change, delete. */
export function CustomFieldsPage() {
  const t = useT();
  const definitions = useCustomFieldDefinitions();
  const remove = useDeleteCustomFieldDefinition();
  // null: closed; 'new': adding; a definition: editing it.
  const [editing, setEditing] = useState<CustomFieldDefinition | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldDefinition | null>(null);
  const shownDeleting = useLastNonNull(deleting);
  const shownEditing = useLastNonNull(editing);

  return (
    <section>
      <p>
        <Link href="/employees">{t('hr.employees.back')}</Link>
      </p>
      <PageHeading
        actions={
          <button type="button" className="primary" aria-haspopup="dialog" onClick={() => setEditing('new')}>
            {t('hr.employees.fields.add')}
          </button>
        }
      >
        {t('hr.employees.fields.title')}
      </PageHeading>
      <p className="hint">{t('hr.employees.fields.intro')}</p>
      <QueryState
        isPending={definitions.isPending}
        isError={definitions.isError}
        onRetry={() => definitions.refetch()}
      >
        {definitions.data && definitions.data.length > 0 ? (
          <div className="table-scroll">
            <table>
              <caption className="visually-hidden">{t('hr.employees.fields.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('hr.employees.fields.name')}</th>
                  <th scope="col">{t('hr.employees.fields.type')}</th>
                  <th scope="col">{t('hr.employees.fields.options')}</th>
                  <th scope="col">{t('hr.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {definitions.data.map((definition) => (
                  <tr key={definition.id}>
                    <th scope="row">{definition.name}</th>
                    <td>{t(`hr.employees.fields.type_${definition.type}`)}</td>
                    <td>{definition.options.map((option) => option.name).join(', ')}</td>
                    <td>
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        aria-label={t('hr.employees.fields.edit_named', { name: definition.name })}
                        onClick={() => setEditing(definition)}
                      >
                        {t('hr.employees.edit')}
                      </button>{' '}
                      <button
                        type="button"
                        aria-haspopup="dialog"
                        aria-label={t('hr.employees.fields.delete_named', { name: definition.name })}
                        onClick={() => setDeleting(definition)}
                      >
                        {t('hr.employees.fields.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="empty-state">{t('hr.employees.fields.empty')}</p>
        )}
      </QueryState>

      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          shownEditing === 'new' || shownEditing === null ? t('hr.employees.fields.add') : shownEditing.name
        }
        size="wide"
        hasCloseButton
        closesOnOutsideClick={false}
      >
        <DefinitionForm
          definition={shownEditing === 'new' ? null : shownEditing}
          onDone={() => setEditing(null)}
        />
      </DialogFrame>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        title={t('hr.employees.fields.confirm_title', { name: shownDeleting?.name ?? '' })}
        confirmLabel={t('hr.employees.fields.delete')}
        cancelLabel={t('hr.employees.cancel')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      >
        <p>{t('hr.employees.fields.confirm_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

type DefinitionValues = { name: string; type: CustomFieldType | ''; options: { id: string; name: string }[] };

/** A new option's id: unique within the definition, kept once saved (values refer to it). */
function newOptionId(): string {
  return `o${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function DefinitionForm({
  definition,
  onDone,
}: {
  definition: CustomFieldDefinition | null;
  onDone: () => void;
}) {
  const t = useT();
  const save = useSaveCustomFieldDefinition();
  const { form, onSubmit, formError, isSaving } = useEmployeeForm<
    DefinitionValues,
    CustomFieldDefinitionBody
  >({
    defaultValues: {
      name: definition?.name ?? '',
      type: definition?.type ?? '',
      options: definition?.options ?? [],
    },
    schema: customFieldDefinitionBodySchema,
    toBody: (values) => ({
      name: values.name,
      type: values.type as CustomFieldType,
      options: values.type === 'select' ? values.options : [],
    }),
    fields: ['name', 'type', 'options'],
    save: async (body) => {
      await save.mutateAsync({ id: definition?.id ?? null, body });
      snackbar.success(t('hr.employees.fields.saved', { name: body.name }));
    },
    onDone,
  });
  const options = useFieldArray({ control: form.control, name: 'options', keyName: 'key' });
  const type = form.watch('type');
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField form={form} name="name" label={t('hr.employees.fields.name')} isRequired />
      <SelectField
        form={form}
        name="type"
        label={t('hr.employees.fields.type')}
        emptyLabel={t('hr.employees.fields.choose_type')}
        options={CUSTOM_FIELD_TYPES.map((item) => ({
          id: item,
          name: t(`hr.employees.fields.type_${item}`),
        }))}
        isRequired
      />
      {type === 'select' ? (
        <fieldset className="employee-list-editor">
          <legend>{t('hr.employees.fields.options')}</legend>
          <ListError message={form.formState.errors.options?.message} />
          {options.fields.map((field, index) => (
            <div key={field.key} className="employee-list-editor__row">
              <TextField
                form={form}
                name={`options.${index}.name`}
                label={t('hr.employees.fields.option', { number: index + 1 })}
              />
              <button type="button" onClick={() => options.remove(index)}>
                {t('hr.employees.fields.remove_option', { number: index + 1 })}
              </button>
            </div>
          ))}
          {options.fields.length < CUSTOM_FIELD_OPTIONS_MAX ? (
            <button type="button" onClick={() => options.append({ id: newOptionId(), name: '' })}>
              {t('hr.employees.fields.add_option')}
            </button>
          ) : null}
        </fieldset>
      ) : null}
      <FormError message={formError} />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
