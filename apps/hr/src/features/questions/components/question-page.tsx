import {
  QUESTION_ANSWER_MAX,
  type Question,
  questionAnswerInputSchema,
} from '@kadry/shared/schemas/questions';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FieldError, FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { WhenLoaded } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAnswerQuestion, useCloseQuestion, useQuestion } from '../api/questions-api';
import { QuestionStatusChip, useAskerText, useFormatInstant } from './question-parts';
import './questions.css';

/** HR's answer (or a changed one). */
function AnswerForm({ question }: { question: Question }) {
  const t = useT();
  const ids = useId();
  const answer = useAnswerQuestion();
  const [text, setText] = useState(question.answer ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = questionAnswerInputSchema.safeParse({ answer: text });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(
        issue?.code === 'too_big'
          ? t('hr.questions.error.too_long', { max: QUESTION_ANSWER_MAX })
          : t('public.fill_fields'),
      );
      document.getElementById(`${ids}-answer`)?.focus();
      return;
    }
    setError(null);
    try {
      await answer.mutateAsync({ id: question.id, answer: parsed.data.answer });
    } catch (failed) {
      const fields = readServerFieldErrors(failed);
      if (fields?.answer) setError(fields.answer);
      else setFailure(getRequestErrorMessage(failed));
      return;
    }
    snackbar.success(t('hr.questions.answered'));
  };
  return (
    <form className="panel question-answer-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-answer`}>
          {t(question.answer ? 'hr.questions.change_answer' : 'hr.questions.your_answer')}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${ids}-answer`}
          rows={6}
          value={text}
          maxLength={QUESTION_ANSWER_MAX}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <FieldError id={`${ids}-error`} message={error} />
      </div>
      <FormError message={failure} />
      <button type="submit" className="primary" aria-disabled={answer.isPending}>
        {t(question.answer ? 'hr.questions.save_answer' : 'hr.questions.send_answer')}
      </button>
    </form>
  );
}

function QuestionView({ question }: { question: Question }) {
  const t = useT();
  const askerText = useAskerText();
  const formatInstant = useFormatInstant();
  const close = useCloseQuestion();
  const [isClosing, setIsClosing] = useState(false);
  return (
    <section className="questions">
      <p>
        <Link href="/questions">{t('hr.questions.back')}</Link>
      </p>
      <PageHeading
        actions={
          question.can_close ? (
            <button type="button" onClick={() => setIsClosing(true)}>
              {t('hr.questions.close')}
            </button>
          ) : null
        }
      >
        {question.subject}
      </PageHeading>
      <div className="panel">
        <p className="question-item__meta">
          <QuestionStatusChip status={question.status} /> {askerText(question)} ·{' '}
          <time dateTime={question.created_at}>{formatInstant(question.created_at)}</time>
        </p>
        <p className="question__text">{question.text}</p>
      </div>
      <section className="panel" aria-labelledby="question-answer-title">
        <h2 id="question-answer-title">{t('hr.questions.answer')}</h2>
        {question.answer ? (
          <>
            <p className="question__text">{question.answer}</p>
            <p className="question-item__meta">
              {question.answered_by?.name ?? t('hr.questions.hr')}
              {question.answered_at ? (
                <>
                  {' · '}
                  <time dateTime={question.answered_at}>{formatInstant(question.answered_at)}</time>
                </>
              ) : null}
            </p>
          </>
        ) : (
          <p className="questions__empty">{t('hr.questions.no_answer')}</p>
        )}
      </section>
      {question.can_answer ? <AnswerForm key={question.answer ?? ''} question={question} /> : null}
      <ConfirmDialog
        open={isClosing}
        onClose={() => setIsClosing(false)}
        title={t('hr.questions.close_title', { subject: question.subject })}
        confirmLabel={t('hr.questions.close')}
        cancelLabel={t('hr.questions.cancel')}
        onConfirm={async () => {
          await close.mutateAsync(question.id);
          setIsClosing(false);
          snackbar.success(t('hr.questions.closed'));
        }}
      >
        <p>{t('hr.questions.close_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** One question to HR (where its notifications link): the question, the answer, and HR's form. */
export function QuestionPage({ id }: { id: number }) {
  const query = useQuestion(id);
  return <WhenLoaded query={query}>{(question) => <QuestionView question={question} />}</WhenLoaded>;
}
