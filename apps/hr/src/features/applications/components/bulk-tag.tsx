import type { BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useBulkTag, useTags } from '../api/tags';

/**
 * The bulk bar's "Add tag": one of the company's tags on every selected application; the outcome per
 * application goes to the bar's status line (`onDone`).
 */
export function BulkTagAction({
  ids,
  onDone,
}: {
  ids: readonly number[];
  onDone: (result: BulkResultResponse | null) => void;
}) {
  const t = useT();
  const id = useId();
  const tags = useTags();
  const bulk = useBulkTag();
  const [chosen, setChosen] = useState('');
  if (!tags.data || tags.data.length === 0) return null;
  return (
    <form
      className="tag-add"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === '' || bulk.isPending) return;
        bulk.mutate(
          { ids, tagId: Number(chosen) },
          {
            onSuccess: (result) => {
              setChosen('');
              onDone(result);
            },
            onError: (error) => snackbar.error(getRequestErrorMessage(error)),
          },
        );
      }}
    >
      <label htmlFor={`${id}-tag`} className="visually-hidden">
        {t('hr.tags.add_label')}
      </label>
      <select id={`${id}-tag`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">{t('hr.tags.add_label')}</option>
        {tags.data.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
      <button type="submit" aria-disabled={chosen === '' || bulk.isPending}>
        {t('hr.tags.bulk_add')}
      </button>
    </form>
  );
}
