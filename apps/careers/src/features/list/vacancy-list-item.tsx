import type { VacancyListItem as VacancyListItemData } from '@kadry/shared/schemas/vacancy';
import { useTranslate } from '@kadry/ui/i18n';
import { FireIcon } from '../../components/ui/icons';
import { MetaLine } from '../../components/ui/meta-line';
import { withCarriedParams } from '../../lib/navigation';

/**
 * One vacancy of the list: its name links to the details page (the whole card is clickable through
 * the link's stretched ::after), with the hot mark and the bullet line of spec §2.1.
 */
export function VacancyListItem({ vacancy, search }: { vacancy: VacancyListItemData; search: string }) {
  const t = useTranslate();
  return (
    <li className="vacancy-item">
      <h2 className="vacancy-item__title">
        <a className="vacancy-item__link" href={withCarriedParams(vacancy.public_url, search)}>
          {/* The space keeps 'Hot vacancy' and the name apart in the link's accessible name. */}
          {vacancy.is_hot ? (
            <>
              <FireIcon label={t('careers.hot')} />{' '}
            </>
          ) : null}
          <span className="vacancy-item__name">{vacancy.name}</span>
        </a>
      </h2>
      <MetaLine
        className="meta-line vacancy-item__meta"
        parts={[
          { key: 'salary', text: vacancy.salary, isBold: true },
          { key: 'residence', text: vacancy.residence },
          { key: 'experience', text: vacancy.experience },
          { key: 'work_types', text: vacancy.work_types },
        ]}
      />
    </li>
  );
}
