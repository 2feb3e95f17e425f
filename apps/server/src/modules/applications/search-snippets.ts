import type { SnippetPart } from '@kadry/shared/schemas/candidates';
import { SNIPPET_START, SNIPPET_STOP } from './candidate-search.queries';

// Search snippets as the wire carries them (decision 027): text pieces, the words found marked.

/**
 * A headline as pieces: the words between SNIPPET_START and SNIPPET_STOP are matches. The text stays
 * text (the client renders it as such, never as HTML); runs of white space are collapsed.
 */
export function toSnippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, match: boolean) => {
    const clean = text.replace(/\s+/g, ' ');
    if (clean === '') return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += clean;
    else parts.push({ text: clean, match });
  };
  const [head = '', ...rest] = headline.split(SNIPPET_START);
  push(head, false);
  for (const piece of rest) {
    const stop = piece.indexOf(SNIPPET_STOP);
    if (stop < 0) {
      push(piece, false);
      continue;
    }
    push(piece.slice(0, stop), true);
    push(piece.slice(stop + SNIPPET_STOP.length), false);
  }
  return parts;
}

/** The first of the snippets that shows a match: the CV's (when the role sees files), else the answers'. */
export function chooseSnippet(snippet: { cv: string | null; answers: string } | undefined): {
  snippet: SnippetPart[];
  snippet_source: 'cv' | 'answers' | null;
} {
  if (snippet?.cv?.includes(SNIPPET_START))
    return { snippet: toSnippetParts(snippet.cv), snippet_source: 'cv' };
  if (snippet?.answers.includes(SNIPPET_START)) {
    return { snippet: toSnippetParts(snippet.answers), snippet_source: 'answers' };
  }
  return { snippet: [], snippet_source: null };
}
