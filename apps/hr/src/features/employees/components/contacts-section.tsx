import {
  EMPLOYEE_LINKS_MAX,
  type EmployeeDetails,
  type UpdateEmployeeBody,
} from '@kadry/shared/schemas/employees';
import { useFieldArray } from 'react-hook-form';
import { FormError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { useUpdateEmployee } from '../api/update-employee';
import { ListEditor, WorkContactFields } from './employee-form-fields';
import { fromNullableId, toNullableId, toNullableText } from './employee-form-values';
import { SelectField, TextField, useEmployeeForm } from './form-controls';
import { Facts, ProfileSection, SectionFormActions } from './profile-section';

/** An address as a link target: web addresses without a scheme get https. */
function toHref(url: string): string {
  return /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `https://${url}`;
}

/** Only web and mail links are followed; anything else (javascript:…) is shown as text. */
function isSafeHref(href: string): boolean {
  return /^(https?|mailto):/i.test(href);
}

/** Contacts (Employee.Contacts): work and personal email and phone, and links with their icons. */
export function ContactsSection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  return (
    <ProfileSection
      title={t('hr.employees.section.contacts')}
      canEdit={employee.can.edit_sections.includes('contacts')}
      renderForm={(close) => <ContactsForm employee={employee} onDone={close} />}
    >
      <Facts
        items={[
          {
            key: 'email',
            label: t('hr.employees.field.email'),
            // Writing to the employee is the Employee email action; without it the address is plain text.
            value:
              employee.email && employee.can.email ? (
                <a href={`mailto:${employee.email}`}>{employee.email}</a>
              ) : (
                employee.email
              ),
          },
          {
            key: 'phone',
            label: t('hr.employees.field.phone'),
            value: employee.phone ? <a href={`tel:${employee.phone}`}>{employee.phone}</a> : null,
          },
          {
            key: 'personal_email',
            label: t('hr.employees.field.personal_email'),
            value: employee.personal_email,
          },
          {
            key: 'personal_phone',
            label: t('hr.employees.field.personal_phone'),
            value: employee.personal_phone,
          },
          {
            key: 'links',
            label: t('hr.employees.field.links'),
            value:
              employee.links.length > 0 ? (
                <ul className="employee-links">
                  {employee.links.map((link) => {
                    const href = toHref(link.url);
                    return (
                      <li key={link.id}>
                        {link.icon ? (
                          <span className="employee-link-icon" aria-hidden="true">
                            {link.icon.icon}
                          </span>
                        ) : null}
                        {isSafeHref(href) ? (
                          <a href={href} target="_blank" rel="noopener noreferrer">
                            {link.icon ? `${link.icon.name}: ${link.url}` : link.url}
                          </a>
                        ) : (
                          link.url
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : null,
          },
        ]}
      />
    </ProfileSection>
  );
}

type ContactsValues = {
  email: string;
  phone: string;
  personal_email: string;
  personal_phone: string;
  links: { icon_id: string; url: string }[];
};

const CONTACT_FIELDS = ['email', 'phone', 'personal_email', 'personal_phone', 'links'] as const;

function ContactsForm({ employee, onDone }: { employee: EmployeeDetails; onDone: () => void }) {
  const t = useT();
  const update = useUpdateEmployee(employee.id);
  const icons = useDictionary('portfolioIcons');
  const hasEmail = 'email' in employee;
  const hasPhone = 'phone' in employee;
  const { form, onSubmit, formError, isSaving } = useEmployeeForm<ContactsValues, UpdateEmployeeBody>({
    defaultValues: {
      email: employee.email ?? '',
      phone: employee.phone ?? '',
      personal_email: employee.personal_email ?? '',
      personal_phone: employee.personal_phone ?? '',
      links: employee.links.map((link) => ({ icon_id: fromNullableId(link.icon), url: link.url })),
    },
    toBody: (values) => ({
      ...(hasEmail ? { email: toNullableText(values.email) } : {}),
      ...(hasPhone ? { phone: toNullableText(values.phone) } : {}),
      personal_email: toNullableText(values.personal_email),
      personal_phone: toNullableText(values.personal_phone),
      links: values.links
        .filter((link) => link.url.trim() !== '')
        .map((link) => ({ icon_id: toNullableId(link.icon_id), url: link.url.trim() })),
    }),
    fields: CONTACT_FIELDS,
    save: (body) => update.mutateAsync(body),
    onDone,
  });
  const links = useFieldArray({ control: form.control, name: 'links' });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('hr.employees.section.contacts')}>
      <div className="employee-form-grid">
        <WorkContactFields form={form} shows={{ email: hasEmail, phone: hasPhone }} emailAutoComplete="off" />
        <TextField
          form={form}
          name="personal_email"
          type="email"
          label={t('hr.employees.field.personal_email')}
        />
        <TextField
          form={form}
          name="personal_phone"
          type="tel"
          label={t('hr.employees.field.personal_phone')}
        />
      </div>
      <ListEditor
        legend={t('hr.employees.field.links')}
        error={form.formState.errors.links?.message}
        rows={links.fields}
        max={EMPLOYEE_LINKS_MAX}
        addLabel={t('hr.employees.link.add')}
        onAdd={() => links.append({ icon_id: '', url: '' })}
        removeLabel={(number) => t('hr.employees.link.remove', { number })}
        onRemove={(index) => links.remove(index)}
      >
        {(index) => (
          <>
            <SelectField
              form={form}
              name={`links.${index}.icon_id`}
              label={t('hr.employees.link.icon', { number: index + 1 })}
              options={icons.data ?? []}
            />
            <TextField
              form={form}
              name={`links.${index}.url`}
              type="url"
              label={t('hr.employees.link.url', { number: index + 1 })}
            />
          </>
        )}
      </ListEditor>
      <FormError message={formError} />
      <SectionFormActions isSaving={isSaving} onCancel={onDone} />
    </form>
  );
}
