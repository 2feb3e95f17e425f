import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useT } from '../../../lib/i18n';

/**
 * The recruiting editors' guard (vacancy, form builder, mail templates, pipeline templates): leaving
 * by a link with unsaved changes asks first; a reload or closing the tab gets the browser's prompt.
 */
export function RecruitingUnsavedGuard({ isDirty }: { isDirty: boolean }) {
  const t = useT();
  return (
    <UnsavedChangesGuard
      isDirty={isDirty}
      texts={{
        title: t('hr.recruiting_guard.title'),
        text: t('hr.recruiting_guard.text'),
        stay: t('hr.recruiting_guard.stay'),
        leave: t('hr.recruiting_guard.leave'),
      }}
    />
  );
}
