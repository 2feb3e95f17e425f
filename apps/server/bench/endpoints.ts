import { type FormField, formDefinitionResponseSchema } from '@kadry/shared/schemas/form';
import { vacancyDetailsResponseSchema, vacancyListResponseSchema } from '@kadry/shared/schemas/vacancy';
import type { ApiEndpointKey } from './figures';
import { getJson } from './http-get';

export type ApiEndpoint = { key: ApiEndpointKey; label: string; path: string };

export type DemoTargets = {
  vacancyId: number;
  publishedCount: number;
  fields: FormField[];
  endpoints: ApiEndpoint[];
  /** Things worth printing about how the endpoints were chosen. */
  notes: string[];
};

const LIST_PATH = '/api/v1/public-vacancies';

/** Words of 5+ letters in a text, most frequent first (HTML tags dropped). */
export function rankWords(text: string): string[] {
  const counts = new Map<string, number>();
  const plain = text.replace(/<[^>]*>/g, ' ').toLowerCase();
  for (const [word] of plain.matchAll(/\p{L}{5,}/gu)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

/**
 * A search word whose second page is not empty, so 'page 2 with a search' measures a real query.
 * Tries the commonest words of the demo texts; falls back to the word with the most matches.
 */
async function chooseSearchPath(origin: string, texts: string[]): Promise<{ path: string; note: string }> {
  let best: { word: string; total: number } | null = null;
  for (const word of rankWords(texts.join(' ')).slice(0, 12)) {
    const path = `${LIST_PATH}?page=2&search=${encodeURIComponent(word)}`;
    const { json } = await getJson(`${origin}${path}`);
    const list = vacancyListResponseSchema.parse(json);
    if (list.data.length > 0) return { path, note: `search '${word}': ${list.meta.total} matches` };
    if (!best || list.meta.total > best.total) best = { word, total: list.meta.total };
  }
  const word = best?.word ?? 'engineer';
  return {
    path: `${LIST_PATH}?page=2&search=${encodeURIComponent(word)}`,
    note: `no search word has a second page; '${word}' (${best?.total ?? 0} matches) is used, its page 2 is empty`,
  };
}

/** Reads the demo data through the public API and names the endpoints to load. */
export async function discoverDemoTargets(origin: string): Promise<DemoTargets> {
  const list = vacancyListResponseSchema.parse((await getJson(`${origin}${LIST_PATH}`)).json);
  const first = list.data[0];
  if (!first) throw new Error('the public list is empty: the demo data is missing');
  const detailsPath = `${LIST_PATH}/${first.id}`;
  const formPath = `${detailsPath}/response`;
  const details = vacancyDetailsResponseSchema.parse((await getJson(`${origin}${detailsPath}`)).json).data;
  const { fields } = formDefinitionResponseSchema.parse((await getJson(`${origin}${formPath}`)).json);
  const search = await chooseSearchPath(origin, [
    ...list.data.map((item) => item.name),
    details.description ?? '',
    details.demand ?? '',
    details.responsibility ?? '',
  ]);
  const notes = [`${list.meta.total} published vacancies; vacancy ${first.id} is used`, search.note];
  if (list.meta.total < 45) notes.push(`fewer than 45 published vacancies (${list.meta.total})`);
  return {
    vacancyId: first.id,
    publishedCount: list.meta.total,
    fields,
    endpoints: [
      { key: 'list', label: 'API list', path: LIST_PATH },
      { key: 'search', label: 'API list page 2 + search', path: search.path },
      { key: 'details', label: 'API details', path: detailsPath },
      { key: 'form', label: 'API form definition', path: formPath },
    ],
    notes,
  };
}
