import type {
  AbsenceRequest,
  AbsenceStatus,
  AbsenceType,
  AbsenceTypeCode,
} from '@kadry/shared/schemas/absences';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { documentUrl } from '../api/absences-api';
import './absences.css';

// Small parts the absences screens share: type names, dates, amounts, statuses and a request's card.

const STATUS_COLOR: Record<AbsenceStatus, 'orange' | 'green' | 'red' | 'grey'> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'grey',
  revoked: 'grey',
};

export function useLocale(): 'en' | 'ru' | 'uk' {
  const { user } = usePageData();
  return user.locale === 'ru' || user.locale === 'uk' ? user.locale : 'en';
}

/** A type's name in the user's language (the company's own wording), by its code. */
export function useTypeName(types: readonly AbsenceType[] | undefined): (code: AbsenceTypeCode) => string {
  const locale = useLocale();
  const t = useT();
  return (code) => {
    const type = types?.find((item) => item.code === code);
    return type ? type.names[locale] : t(`hr.absences.type.${code}`);
  };
}

/** A plain date (YYYY-MM-DD) as the user reads dates; never shifted by a time zone. */
export function useFormatDate(): (date: string) => string {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (date) => format.format(new Date(`${date}T00:00:00Z`));
}

/** "3 – 7 Jun 2031", with the half days said in words. */
export function DateRange({
  request,
}: {
  request: Pick<AbsenceRequest, 'date_from' | 'date_to' | 'half_day_start' | 'half_day_end'>;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  const range =
    request.date_from === request.date_to
      ? formatDate(request.date_from)
      : `${formatDate(request.date_from)} – ${formatDate(request.date_to)}`;
  const notes = [
    request.half_day_start ? t('hr.absences.half_day_start_note') : null,
    request.half_day_end ? t('hr.absences.half_day_end_note') : null,
  ].filter(Boolean);
  return (
    <span>
      {range}
      {notes.length > 0 ? <span className="absences__note"> ({notes.join(', ')})</span> : null}
    </span>
  );
}

/** An amount in the type's unit: "3.5 working days", "2 hours". */
export function useFormatAmount(): (amount: number, unit: AbsenceType['unit'] | undefined) => string {
  const t = useT();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (amount, unit) =>
    t(unit === 'hours' ? 'hr.absences.amount_hours' : 'hr.absences.amount_days', {
      count: amount,
      amount: number.format(amount),
    });
}

export function RequestStatus({ status }: { status: AbsenceStatus }) {
  const t = useT();
  const color = STATUS_COLOR[status];
  return (
    <span className={`chip chip--${color}`} data-color={color}>
      {t(`hr.absences.status.${status}`)}
    </span>
  );
}

/** A request's approval steps: who decides (or decided), when and why. */
export function RequestSteps({ request }: { request: AbsenceRequest }) {
  const t = useT();
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  if (request.steps.length === 0) return null;
  return (
    <ol className="absences__steps" aria-label={t('hr.absences.steps')}>
      {request.steps.map((step) => (
        <li key={step.position}>
          <span className="absences__step-role">
            {t(`hr.absences.step_role.${step.approver_role}`)}
            {step.approver_name ? `: ${step.approver_name}` : ''}
          </span>{' '}
          <span>{t(`hr.absences.step_status.${step.status}`)}</span>
          {step.decided_at ? (
            <span className="absences__note">
              {' '}
              {t('hr.absences.step_decided', {
                name: step.decided_by_name ?? t('hr.absences.someone'),
                when: format.format(new Date(step.decided_at)),
              })}
            </span>
          ) : null}
          {step.reason ? (
            <p className="absences__reason">{t('hr.absences.reason_said', { reason: step.reason })}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A request's documents, each a download link. */
export function RequestFiles({ request }: { request: AbsenceRequest }) {
  const t = useT();
  if (request.files.length === 0) return null;
  return (
    <ul className="inline-list" aria-label={t('hr.absences.documents')}>
      {request.files.map((file) => (
        <li key={file.id}>
          <a href={documentUrl(request.id, file.id)} download>
            {file.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One request as a card: type, person, dates, amount, status, steps and documents, then `actions`. */
export function RequestCard({
  request,
  types,
  showEmployee,
  headingLevel = 3,
  actions,
}: {
  request: AbsenceRequest;
  types: readonly AbsenceType[] | undefined;
  showEmployee: boolean;
  headingLevel?: 2 | 3;
  actions?: ReactNode;
}) {
  const t = useT();
  const typeName = useTypeName(types);
  const formatAmount = useFormatAmount();
  const unit = types?.find((type) => type.code === request.absence_type)?.unit;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = showEmployee
    ? `${request.employee_name} · ${typeName(request.absence_type)}`
    : typeName(request.absence_type);
  return (
    <article className="absences__card" aria-label={title}>
      <div className="absences__card-head">
        <Heading className="absences__card-title">{title}</Heading>
        <RequestStatus status={request.status} />
      </div>
      <p>
        <DateRange request={request} /> · {formatAmount(request.days, unit)}
      </p>
      {request.comment ? (
        <p className="absences__note">{t('hr.absences.comment_said', { comment: request.comment })}</p>
      ) : null}
      <RequestSteps request={request} />
      <RequestFiles request={request} />
      {actions ? <div className="admin-row-actions">{actions}</div> : null}
    </article>
  );
}
