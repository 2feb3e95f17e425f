import { describe, expect, it } from 'vitest';
import { extractContacts, MAX_LINKS } from './extract-contacts';

const ENGLISH_CV = `Curriculum Vitae
JOHN SMITH
Senior Software Engineer
London, United Kingdom | +44 20 7946 0958 | john.smith@example.com
linkedin.com/in/john-smith · https://github.com/jsmith · www.johnsmith.dev

Experience
2015 - 2020 Acme Corp, ASP.NET and Node.js developer
09.2020 – 05.2023 Globex: built socket.io services`;

const RUSSIAN_CV = `Резюме
Петров Иван Сергеевич
Ведущий разработчик
Дата рождения: 12.03.1990
Телефон: 8 (912) 345-67-89
E-mail: ivan.petrov@yandex.ru
Telegram: https://t.me/ivanpetrov
Опыт работы
2018–2023 ООО «Ромашка», Москва`;

const UKRAINIAN_CV = `Ім'я: Олена Коваль
Провідний аналітик
Київ, Україна
тел. +380 (50) 123-45-67, olena.koval@ukr.net
GitHub: github.com/olenakoval
Освіта
2010 – 2015 КПІ ім. Ігоря Сікорського`;

describe('extractContacts', () => {
  it('reads an English CV: title-cased name, email, international phone, normalised links', () => {
    expect(extractContacts(ENGLISH_CV)).toEqual({
      name: 'John Smith',
      email: 'john.smith@example.com',
      phone: '+442079460958',
      links: ['https://linkedin.com/in/john-smith', 'https://github.com/jsmith', 'https://www.johnsmith.dev'],
    });
  });

  it('reads a Russian CV: three-word name, labelled local phone, not the birth date', () => {
    expect(extractContacts(RUSSIAN_CV)).toEqual({
      name: 'Петров Иван Сергеевич',
      email: 'ivan.petrov@yandex.ru',
      phone: '89123456789',
      links: ['https://t.me/ivanpetrov'],
    });
  });

  it('reads a Ukrainian CV: name after a label, phone with a plus, bare github link', () => {
    expect(extractContacts(UKRAINIAN_CV)).toEqual({
      name: 'Олена Коваль',
      email: 'olena.koval@ukr.net',
      phone: '+380501234567',
      links: ['https://github.com/olenakoval'],
    });
  });

  it('returns nulls and no links for text without contacts', () => {
    expect(extractContacts('')).toEqual({ name: null, email: null, phone: null, links: [] });
    expect(extractContacts('experience in sales since 2001\n2001 - 2019')).toEqual({
      name: null,
      email: null,
      phone: null,
      links: [],
    });
  });

  it('does not take a heading or a job title for the name', () => {
    expect(extractContacts('RESUME\nSenior Frontend Developer\nMaria Garcia\nmaria@example.com').name).toBe(
      'Maria Garcia',
    );
    expect(extractContacts('Personal Information\nНаталія Бондаренко-Шевчук').name).toBe(
      'Наталія Бондаренко-Шевчук',
    );
  });

  it('ignores skills that look like domains and the domain of the email address', () => {
    const { links } = extractContacts(
      'jane@gmail.com\nSkills: ASP.NET, Vue.js, Node.JS\ngmail.com\nexample.com',
    );
    expect(links).toEqual([]);
  });

  it('de-duplicates links and keeps at most ten', () => {
    const many = Array.from({ length: 15 }, (_, i) => `https://example.com/p${i}`).join('\n');
    const { links } = extractContacts(
      `https://github.com/x\nhttp://github.com/x/\ngithub.com/x\nhttps://github.com/x\n${many}`,
    );
    expect(links).toHaveLength(MAX_LINKS);
    expect(links.filter((link) => link.includes('github.com/x'))).toEqual(['https://github.com/x']);
  });

  it('keeps only a phone that passes the form rule (7–15 characters, + and digits)', () => {
    expect(extractContacts('Phone: 12-34').phone).toBeNull();
    expect(extractContacts('Phone: +1 234 567 890 123 456 789').phone).toBeNull();
    expect(extractContacts('Mobile: 55-01-34').phone).toBeNull();
    expect(extractContacts('Mob. 555 01 34').phone).toBe('5550134');
    expect(extractContacts('Call 0044 20 7946 0958').phone).toBe('+442079460958');
  });

  it('takes the first plausible email', () => {
    expect(extractContacts('not-an-email@ then first@example.org and second@example.org').email).toBe(
      'first@example.org',
    );
  });
});
