/**
 * Plain text of an OpenDocument `content.xml`: paragraphs and headings become lines, ODF's space, tab and
 * line-break elements become their characters, deleted tracked changes are dropped, and the target of each
 * http(s)/mailto link is kept beside its text (a CV's profile links are often only in the link).
 */
export function odtContentToText(xml: string): string {
  return decodeXmlEntities(
    xml
      .replace(/<text:tracked-changes\b[\s\S]*?<\/text:tracked-changes>/g, '')
      .replace(/<office:annotation\b[\s\S]*?<\/office:annotation>/g, '')
      .replace(/<text:s\b[^>]*?(?:text:c="(\d+)")?[^>]*\/>/g, (_match, count?: string) =>
        ' '.repeat(Math.min(Number(count ?? 1), 100)),
      )
      .replace(/<text:tab\b[^>]*\/>/g, '\t')
      .replace(/<text:line-break\b[^>]*\/>/g, '\n')
      .replace(/<text:a\b[^>]*?xlink:href="([^"]*)"[^>]*>/g, (_match, href: string) => {
        const target = decodeXmlEntities(href);
        return /^(?:https?:|mailto:)/i.test(target) ? ` ${target.replace(/^mailto:/i, '')} ` : '';
      })
      .replace(/<\/(?:text:p|text:h|table:table-row)>/g, '\n')
      .replace(/<\/table:table-cell>/g, '\t')
      .replace(/<[^>]*>/g, ''),
  );
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (match, entity: string) => {
    if (!entity.startsWith('#')) return NAMED_ENTITIES[entity] ?? match;
    const code = entity[1] === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
  });
}
