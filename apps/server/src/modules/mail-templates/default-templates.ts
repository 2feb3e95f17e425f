import type { Locale } from '@kadry/shared/constants';
import type { MailTemplatePurpose } from '@kadry/shared/schemas/recruiting-mail';

/** A template a company starts with. */
export type DefaultTemplate = {
  purpose: MailTemplatePurpose;
  locale: Locale;
  name: string;
  subject: string;
  body: string;
};

/**
 * The templates every company gets once (issue 17): acknowledgement, rejection and a general message
 * in each language. Companies edit or delete them; deleted ones do not come back.
 */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    purpose: 'acknowledgement',
    locale: 'en',
    name: 'Application received',
    subject: 'We received your application: {vacancy}',
    body:
      '<p>Hello {candidate_name},</p><p>Thank you for applying for {vacancy} at {company}. We have ' +
      'received your application and will review it soon.</p><p>Kind regards,<br>{company}</p>',
  },
  {
    purpose: 'acknowledgement',
    locale: 'ru',
    name: 'Отклик получен',
    subject: 'Мы получили ваш отклик: {vacancy}',
    body:
      '<p>Здравствуйте, {candidate_name}!</p><p>Спасибо за отклик на вакансию «{vacancy}» в компании ' +
      '{company}. Мы получили его и скоро рассмотрим.</p><p>С уважением,<br>{company}</p>',
  },
  {
    purpose: 'acknowledgement',
    locale: 'uk',
    name: 'Відгук отримано',
    subject: 'Ми отримали ваш відгук: {vacancy}',
    body:
      '<p>Вітаємо, {candidate_name}!</p><p>Дякуємо за відгук на вакансію «{vacancy}» у компанії ' +
      '{company}. Ми отримали його й незабаром розглянемо.</p><p>З повагою,<br>{company}</p>',
  },
  {
    purpose: 'rejection',
    locale: 'en',
    name: 'Rejection',
    subject: 'Your application for {vacancy}',
    body:
      '<p>Hello {candidate_name},</p><p>Thank you for your interest in {vacancy} at {company} and for ' +
      'the time you gave us. After careful consideration we have decided not to move forward with ' +
      'your application.</p><p>We wish you every success.</p><p>{sender}<br>{company}</p>',
  },
  {
    purpose: 'rejection',
    locale: 'ru',
    name: 'Отказ',
    subject: 'Ваш отклик на вакансию «{vacancy}»',
    body:
      '<p>Здравствуйте, {candidate_name}!</p><p>Спасибо за интерес к вакансии «{vacancy}» в компании ' +
      '{company} и за уделённое время. Внимательно всё рассмотрев, мы решили не продолжать работу с ' +
      'вашей кандидатурой.</p><p>Желаем вам успехов.</p><p>{sender}<br>{company}</p>',
  },
  {
    purpose: 'rejection',
    locale: 'uk',
    name: 'Відмова',
    subject: 'Ваш відгук на вакансію «{vacancy}»',
    body:
      '<p>Вітаємо, {candidate_name}!</p><p>Дякуємо за інтерес до вакансії «{vacancy}» у компанії ' +
      '{company} і за приділений час. Уважно все розглянувши, ми вирішили не продовжувати роботу з ' +
      'вашою кандидатурою.</p><p>Бажаємо вам успіхів.</p><p>{sender}<br>{company}</p>',
  },
  {
    purpose: 'generic',
    locale: 'en',
    name: 'General message',
    subject: '{vacancy} at {company}',
    body:
      '<p>Hello {candidate_name},</p><p>Thank you for your application for {vacancy}.</p>' +
      '<p>Kind regards,<br>{sender}<br>{company}</p>',
  },
  {
    purpose: 'generic',
    locale: 'ru',
    name: 'Общее письмо',
    subject: '{vacancy} в компании {company}',
    body:
      '<p>Здравствуйте, {candidate_name}!</p><p>Спасибо за ваш отклик на вакансию «{vacancy}».</p>' +
      '<p>С уважением,<br>{sender}<br>{company}</p>',
  },
  {
    purpose: 'generic',
    locale: 'uk',
    name: 'Загальний лист',
    subject: '{vacancy} у компанії {company}',
    body:
      '<p>Вітаємо, {candidate_name}!</p><p>Дякуємо за ваш відгук на вакансію «{vacancy}».</p>' +
      '<p>З повагою,<br>{sender}<br>{company}</p>',
  },
];
