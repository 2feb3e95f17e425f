const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** Plain text of a sanitised HTML fragment: tags dropped, common entities decoded, spaces collapsed. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word boundary with an ellipsis (meta descriptions: 160). */
export function truncateText(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** Open Graph locale names of the site's languages. */
const OG_LOCALES: Record<string, string> = { en: 'en_US', ru: 'ru_RU', uk: 'uk_UA' };

export type HeadTagsInput = {
  title: string;
  description: string;
  /** Absolute URL this page is known by (null: not-found pages have none). */
  canonicalUrl: string | null;
  /** One entry per offered language plus `x-default`. */
  alternates: readonly { hreflang: string; href: string }[];
  isIndexable: boolean;
  siteName: string;
  locale: string;
  /** Absolute URL of the company logo, for link previews. */
  imageUrl: string | null;
  themeColor: string;
};

/** <title>, description, robots, canonical, hreflang alternates and Open Graph / Twitter tags. */
export function renderHeadTags(input: HeadTagsInput): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(input.title)}</title>`,
    `<meta name="description" content="${e(input.description)}">`,
    `<meta name="robots" content="${input.isIndexable ? 'index, follow' : 'noindex, nofollow'}">`,
    `<meta name="theme-color" content="${e(input.themeColor)}">`,
  ];
  if (input.canonicalUrl) {
    tags.push(`<link rel="canonical" href="${e(input.canonicalUrl)}">`);
    for (const alternate of input.alternates) {
      tags.push(`<link rel="alternate" hreflang="${e(alternate.hreflang)}" href="${e(alternate.href)}">`);
    }
    tags.push(`<meta property="og:url" content="${e(input.canonicalUrl)}">`);
  }
  tags.push(
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${e(input.title)}">`,
    `<meta property="og:description" content="${e(input.description)}">`,
    `<meta property="og:site_name" content="${e(input.siteName)}">`,
    `<meta property="og:locale" content="${e(OG_LOCALES[input.locale] ?? input.locale)}">`,
    `<meta name="twitter:card" content="summary">`,
  );
  if (input.imageUrl) tags.push(`<meta property="og:image" content="${e(input.imageUrl)}">`);
  return tags.join('\n    ');
}
