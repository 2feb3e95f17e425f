import type { Dictionary, LocalizedNames } from './schema/dictionaries';

/** A global dictionary entry as shipped with the product. */
export type GlobalDictionaryEntry = {
  dictionary: Dictionary;
  code: string;
  names: Required<LocalizedNames>;
  /** Shape per dictionary: see `meta` in db/schema/dictionaries.ts. */
  meta?: Record<string, unknown>;
};

type Row = [code: string, en: string, ru: string, uk: string, meta?: Record<string, unknown>];

function entries(dictionary: Dictionary, rows: Row[]) {
  return rows.map(
    ([code, en, ru, uk, meta]): GlobalDictionaryEntry => ({
      dictionary,
      code,
      names: { en, ru, uk },
      ...(meta ? { meta } : {}),
    }),
  );
}

/** A portfolio link's icon and the address its handle is appended to (empty: a full URL is typed). */
function portfolioIcon(code: string, name: string, urlPrefix: string): Row {
  return [code, name, name, name, { icon: code, url_prefix: urlPrefix }];
}

/** Currencies are named the same in every locale; the default is the one named 'USD ($)' (spec §9). */
function currencies(rows: [code: string, name: string][]) {
  return entries(
    'currency',
    rows.map(([code, name]) => [code, name, name, name]),
  );
}

/**
 * Global dictionary entries in display order. `syncGlobalDictionaries` adds new ones and updates
 * names and order by `code`; never reuse a code for a different meaning.
 */
export const GLOBAL_DICTIONARY_DATA: readonly GlobalDictionaryEntry[] = [
  ...entries('experience', [
    ['none', 'No experience', 'Без опыта', 'Без досвіду'],
    ['under_1', 'Less than 1 year', 'Менее 1 года', 'Менше 1 року'],
    ['1_3', '1–3 years', '1–3 года', '1–3 роки'],
    ['3_5', '3–5 years', '3–5 лет', '3–5 років'],
    ['over_5', 'More than 5 years', 'Более 5 лет', 'Понад 5 років'],
  ]),
  ...entries('search_status', [
    ['active', 'Actively looking', 'Активно ищу работу', 'Активно шукаю роботу'],
    ['open', 'Open to offers', 'Рассматриваю предложения', 'Розглядаю пропозиції'],
    ['not_looking', 'Not looking', 'Не ищу работу', 'Не шукаю роботу'],
  ]),
  ...entries('sex', [
    ['male', 'Male', 'Мужской', 'Чоловіча'],
    ['female', 'Female', 'Женский', 'Жіноча'],
  ]),
  ...entries('language', [
    ['en', 'English', 'Английский', 'Англійська'],
    ['uk', 'Ukrainian', 'Украинский', 'Українська'],
    ['pl', 'Polish', 'Польский', 'Польська'],
    ['de', 'German', 'Немецкий', 'Німецька'],
    ['fr', 'French', 'Французский', 'Французька'],
    ['es', 'Spanish', 'Испанский', 'Іспанська'],
    ['it', 'Italian', 'Итальянский', 'Італійська'],
    ['pt', 'Portuguese', 'Португальский', 'Португальська'],
    ['nl', 'Dutch', 'Нидерландский', 'Нідерландська'],
    ['cs', 'Czech', 'Чешский', 'Чеська'],
    ['ro', 'Romanian', 'Румынский', 'Румунська'],
    ['lt', 'Lithuanian', 'Литовский', 'Литовська'],
    ['ka', 'Georgian', 'Грузинский', 'Грузинська'],
    ['kk', 'Kazakh', 'Казахский', 'Казахська'],
    ['tr', 'Turkish', 'Турецкий', 'Турецька'],
    ['ru', 'Russian', 'Русский', 'Російська'],
    ['zh', 'Chinese', 'Китайский', 'Китайська'],
    ['ja', 'Japanese', 'Японский', 'Японська'],
    ['ar', 'Arabic', 'Арабский', 'Арабська'],
  ]),
  // Levels apply to every language; the first one is picked when a language is chosen (spec §3.1).
  ...entries('language_level', [
    ['a1', 'A1 — Beginner', 'A1 — Начальный', 'A1 — Початковий'],
    ['a2', 'A2 — Elementary', 'A2 — Элементарный', 'A2 — Елементарний'],
    ['b1', 'B1 — Intermediate', 'B1 — Средний', 'B1 — Середній'],
    ['b2', 'B2 — Upper intermediate', 'B2 — Выше среднего', 'B2 — Вище середнього'],
    ['c1', 'C1 — Advanced', 'C1 — Продвинутый', 'C1 — Просунутий'],
    ['c2', 'C2 — Proficient', 'C2 — В совершенстве', 'C2 — Вільне володіння'],
    ['native', 'Native', 'Родной', 'Рідна'],
  ]),
  ...currencies([
    ['usd', 'USD ($)'],
    ['eur', 'EUR (€)'],
    ['uah', 'UAH (₴)'],
    ['pln', 'PLN (zł)'],
    ['gbp', 'GBP (£)'],
    ['czk', 'CZK (Kč)'],
    ['gel', 'GEL (₾)'],
    ['kzt', 'KZT (₸)'],
  ]),
  // The people side (spec §7.2 dictionaries.*, §9).
  ...entries('employment_type', [
    ['full_time', 'Full-time', 'Полная занятость', 'Повна зайнятість'],
    ['part_time', 'Part-time', 'Частичная занятость', 'Часткова зайнятість'],
    ['contractor', 'Contractor', 'Подрядчик', 'Підрядник'],
    ['freelance', 'Freelance', 'Фриланс', 'Фриланс'],
    ['intern', 'Internship', 'Стажировка', 'Стажування'],
    ['remote', 'Remote', 'Удалённая работа', 'Віддалена робота'],
    ['temporary', 'Temporary', 'Временная работа', 'Тимчасова робота'],
  ]),
  ...entries('relative_type', [
    ['son', 'Son', 'Сын', 'Син', { is_child: true }],
    ['daughter', 'Daughter', 'Дочь', 'Донька', { is_child: true }],
    ['child', 'Child', 'Ребёнок', 'Дитина', { is_child: true }],
    ['husband', 'Husband', 'Муж', 'Чоловік', { is_child: false }],
    ['wife', 'Wife', 'Жена', 'Дружина', { is_child: false }],
    ['partner', 'Partner', 'Партнёр', 'Партнер', { is_child: false }],
    ['father', 'Father', 'Отец', 'Батько', { is_child: false }],
    ['mother', 'Mother', 'Мать', 'Мати', { is_child: false }],
    ['brother', 'Brother', 'Брат', 'Брат', { is_child: false }],
    ['sister', 'Sister', 'Сестра', 'Сестра', { is_child: false }],
    ['other', 'Other', 'Другое', 'Інше', { is_child: false }],
  ]),
  ...entries('dismissal_reason', [
    ['own_will', 'Own will', 'По собственному желанию', 'За власним бажанням'],
    ['agreement', 'By agreement of the parties', 'По соглашению сторон', 'За згодою сторін'],
    ['contract_end', 'End of contract', 'Окончание срока договора', 'Закінчення строку договору'],
    [
      'probation_failed',
      'Did not pass probation',
      'Не прошёл испытательный срок',
      'Не пройшов випробувальний термін',
    ],
    ['redundancy', 'Redundancy', 'Сокращение штата', 'Скорочення штату'],
    ['performance', 'Poor performance', 'Низкая эффективность', 'Низька ефективність'],
    ['discipline', 'Breach of discipline', 'Нарушение дисциплины', 'Порушення дисципліни'],
    ['relocation', 'Relocation', 'Переезд', 'Переїзд'],
    ['retirement', 'Retirement', 'Выход на пенсию', 'Вихід на пенсію'],
    ['other', 'Other', 'Другое', 'Інше'],
  ]),
  ...entries('terms_of_cooperation', [
    ['employment_contract', 'Employment contract', 'Трудовой договор', 'Трудовий договір'],
    ['b2b', 'B2B contractor', 'B2B-подрядчик', 'B2B-підрядник'],
    ['fop', 'Sole proprietor (FOP)', 'ФЛП', 'ФОП'],
    ['civil_contract', 'Civil contract', 'Гражданско-правовой договор', 'Цивільно-правовий договір'],
    ['gig_contract', 'Gig contract', 'Гиг-контракт', 'Гіг-контракт'],
    ['internship_agreement', 'Internship agreement', 'Договор о стажировке', 'Договір про стажування'],
  ]),
  ...entries('marital_status', [
    ['single', 'Single', 'Не в браке', 'Не в шлюбі'],
    ['married', 'Married', 'В браке', 'У шлюбі'],
    ['civil_partnership', 'Civil partnership', 'Гражданский брак', 'Цивільний шлюб'],
    ['divorced', 'Divorced', 'В разводе', 'Розлучений(-а)'],
    ['widowed', 'Widowed', 'Вдовец / вдова', 'Вдівець / вдова'],
  ]),
  ...entries('portfolio_icon', [
    portfolioIcon('linkedin', 'LinkedIn', 'https://www.linkedin.com/in/'),
    portfolioIcon('telegram', 'Telegram', 'https://t.me/'),
    portfolioIcon('github', 'GitHub', 'https://github.com/'),
    portfolioIcon('facebook', 'Facebook', 'https://www.facebook.com/'),
    portfolioIcon('instagram', 'Instagram', 'https://www.instagram.com/'),
    portfolioIcon('x', 'X', 'https://x.com/'),
    portfolioIcon('skype', 'Skype', 'skype:'),
    portfolioIcon('whatsapp', 'WhatsApp', 'https://wa.me/'),
    portfolioIcon('viber', 'Viber', 'viber://chat?number='),
    ['website', 'Website', 'Сайт', 'Сайт', { icon: 'website', url_prefix: '' }],
  ]),
  ...entries('people_status', [
    ['working', 'Working', 'Работает', 'Працює', { color: 'green', is_dismissed: false }],
    [
      'probation',
      'On probation',
      'На испытательном сроке',
      'На випробувальному терміні',
      { color: 'orange', is_dismissed: false },
    ],
    ['vacation', 'On leave', 'В отпуске', 'У відпустці', { color: 'blue', is_dismissed: false }],
    [
      'maternity_leave',
      'Maternity leave',
      'Декретный отпуск',
      'Декретна відпустка',
      { color: 'purple', is_dismissed: false },
    ],
    [
      'sick_leave',
      'On sick leave',
      'На больничном',
      'На лікарняному',
      { color: 'yellow', is_dismissed: false },
    ],
    ['dismissed', 'Dismissed', 'Уволен', 'Звільнений', { color: 'grey', is_dismissed: true }],
  ]),
  ...entries('grade', [
    ['trainee', 'Trainee', 'Стажёр', 'Стажер'],
    ['junior', 'Junior', 'Junior', 'Junior'],
    ['middle', 'Middle', 'Middle', 'Middle'],
    ['senior', 'Senior', 'Senior', 'Senior'],
    ['lead', 'Lead', 'Lead', 'Lead'],
    ['principal', 'Principal', 'Principal', 'Principal'],
    ['head', 'Head', 'Руководитель направления', 'Керівник напряму'],
  ]),
  // Why an application was rejected (issue 17): asked on every rejection, kept for reporting.
  ...entries('rejection_reason', [
    [
      'not_qualified',
      'Not enough experience or skills',
      'Недостаточно опыта или навыков',
      'Бракує досвіду чи навичок',
    ],
    [
      'salary',
      'Salary expectations too high',
      'Слишком высокие ожидания по зарплате',
      'Зависокі очікування щодо зарплати',
    ],
    ['culture', 'Not a fit for the team', 'Не подходит команде', 'Не підходить команді'],
    ['withdrew', 'Candidate withdrew', 'Кандидат отказался', 'Кандидат відмовився'],
    ['no_response', 'No response from the candidate', 'Кандидат не отвечает', 'Кандидат не відповідає'],
    ['position_filled', 'Position filled', 'Вакансия закрыта', 'Вакансію закрито'],
    ['duplicate', 'Duplicate application', 'Повторный отклик', 'Повторний відгук'],
    ['other', 'Other', 'Другое', 'Інше'],
  ]),
];
