import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteForm } from '../api/delete-form';
import { useForms } from '../api/get-forms';

/** Application forms: the company default and per-vacancy forms. */
export function FormsPage() {
  const t = useT();
  const forms = useForms();
  const remove = useDeleteForm();
  return (
    <section>
      <PageHeading actions={<Link href="/forms/new">{t('hr.forms.create')}</Link>}>
        {t('hr.forms.title')}
      </PageHeading>
      <QueryState isPending={forms.isPending} isError={forms.isError} onRetry={() => forms.refetch()}>
        <table>
          <caption className="visually-hidden">{t('hr.forms.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hr.forms.name')}</th>
              <th scope="col">{t('hr.forms.fields')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('hr.common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(forms.data ?? []).map((form) => (
              <tr key={form.id}>
                <td>
                  <Link href={`/forms/${form.id}`}>{form.name}</Link>
                  {form.is_default ? <span className="hint"> · {t('hr.forms.default')}</span> : null}
                </td>
                <td>{form.fields_count}</td>
                <td>
                  {form.is_default ? null : (
                    <button
                      type="button"
                      aria-label={t('hr.forms.delete', { name: form.name })}
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(t('hr.forms.delete_confirm', { name: form.name })))
                          remove.mutate(form.id, {
                            onSuccess: () => snackbar.success(t('hr.forms.deleted')),
                          });
                      }}
                    >
                      {t('hr.forms.delete_short')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </QueryState>
    </section>
  );
}
