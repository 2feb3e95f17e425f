import type { Question, QuestionStatus } from '@kadry/shared/schemas/questions';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';

// What the questions screens share: the status chip, who asked, dates said the user's way.

const STATUS_COLOR: Record<QuestionStatus, 'orange' | 'green' | 'grey'> = {
  open: 'orange',
  answered: 'green',
  closed: 'grey',
};

/** A question's status; the text carries the meaning, the colour only repeats it. */
export function QuestionStatusChip({ status }: { status: QuestionStatus }) {
  const t = useT();
  return <span className={`chip chip--${STATUS_COLOR[status]}`}>{t(`hr.questions.status.${status}`)}</span>;
}

/** Who asked, as the reader may know it: a name, "you", or "anonymous". */
export function useAskerText(): (question: Question) => string {
  const t = useT();
  return (question) => {
    if (question.is_mine) {
      return question.is_anonymous ? t('hr.questions.asker.you_anonymously') : t('hr.questions.asker.you');
    }
    return question.asker ? question.asker.name : t('hr.questions.asker.anonymous');
  };
}

/** An instant as a date and time in the reader's language and time zone. */
export function useFormatInstant(): (iso: string) => string {
  const locale = useLocale();
  const { user } = usePageData();
  const format = new Intl.DateTimeFormat(locale === 'ru' || locale === 'uk' ? locale : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: user.timezone,
  });
  return (iso) => format.format(new Date(iso));
}
