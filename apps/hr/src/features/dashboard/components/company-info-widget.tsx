import { ABOUT_COMPANY_MAX_LENGTH } from '@kadry/shared/schemas/dashboard';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCompanyInfo, useSaveAbout } from '../api/dashboard-api';
import { WidgetState } from './widget-parts';

/** The company's logo, name, people and teams, and its "about" text (owners edit it in place). */
export function CompanyInfoWidget() {
  const t = useT();
  const ids = useId();
  const query = useCompanyInfo();
  const save = useSaveAbout();
  const [draft, setDraft] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        snackbar.success(t('hr.dashboard.company.about_saved'));
        editButton.current?.focus();
      },
    });
  };

  return (
    <WidgetState query={query} isEmpty={() => false} empty="">
      {(info) => (
        <div className="dashboard-company">
          <div className="dashboard-company__head">
            {info.logo_url ? <img src={info.logo_url} alt="" width={48} height={48} /> : null}
            <p className="dashboard-company__name">{info.name}</p>
          </div>
          <dl className="dashboard-widget__figures">
            <div>
              <dt>{t('hr.dashboard.company.employees')}</dt>
              <dd>{info.employees_count}</dd>
            </div>
            <div>
              <dt>{t('hr.dashboard.company.teams')}</dt>
              <dd>{info.teams_count}</dd>
            </div>
          </dl>
          {draft === null ? (
            <>
              {info.about ? (
                <p className="dashboard-company__about">{info.about}</p>
              ) : (
                <p className="dashboard-widget__empty">{t('hr.dashboard.company.no_about')}</p>
              )}
              {info.can_edit_about ? (
                <button type="button" ref={editButton} onClick={() => setDraft(info.about)}>
                  {t('hr.dashboard.company.edit_about')}
                </button>
              ) : null}
            </>
          ) : (
            <form onSubmit={onSubmit} className="dashboard-widget__settings-form">
              <div className="field">
                <label htmlFor={`${ids}-about`}>{t('hr.dashboard.company.about_label')}</label>
                <textarea
                  id={`${ids}-about`}
                  rows={5}
                  maxLength={ABOUT_COMPANY_MAX_LENGTH}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                />
              </div>
              <div className="dashboard-widget__settings-actions">
                <button type="submit" className="primary" disabled={save.isPending}>
                  {t('hr.common.save')}
                </button>
                <button type="button" onClick={() => setDraft(null)}>
                  {t('hr.dashboard.cancel')}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </WidgetState>
  );
}
