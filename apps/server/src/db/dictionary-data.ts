import type { Dictionary, LocalizedNames } from './schema/dictionaries';

/** A global dictionary entry as shipped with the product. */
export type GlobalDictionaryEntry = { dictionary: Dictionary; code: string; names: Required<LocalizedNames> };

function entries(dictionary: Dictionary, rows: [code: string, en: string, ru: string, uk: string][]) {
  return rows.map(
    ([code, en, ru, uk]): GlobalDictionaryEntry => ({ dictionary, code, names: { en, ru, uk } }),
  );
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
];
