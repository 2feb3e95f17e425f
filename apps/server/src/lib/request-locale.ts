import type { Locale } from '@kadry/shared/constants';
import { createTranslator, getCatalog, type Translate } from '@kadry/shared/i18n/translate';
import type { FastifyRequest } from 'fastify';
import { resolveLocale } from './locale';

const translators = new Map<Locale, Translate>();

/** A translator for a locale, made once and reused. */
export function translatorForLocale(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, getCatalog(locale));
    translators.set(locale, t);
  }
  return t;
}

/** The request's language, from `lang`, Accept-Language and the company's offered languages. */
export function localeOf(request: FastifyRequest): Locale {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const company = request.company;
  return resolveLocale({
    lang: query.lang,
    acceptLanguage: request.headers['accept-language'],
    offered: company?.languages ?? ['en', 'ru', 'uk'],
    fallback: company?.defaultLanguage,
  });
}

export function translatorFor(request: FastifyRequest): Translate {
  return translatorForLocale(localeOf(request));
}
