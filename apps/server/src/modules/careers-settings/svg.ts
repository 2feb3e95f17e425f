import sanitizeHtml from 'sanitize-html';

/** How far into the file the <svg> root may start (editors write long comments before it). */
const PROLOG_BYTES = 64 * 1024;
/**
 * What may come before the root: an XML declaration, then comments and white space (the prolog
 * Inkscape and Illustrator write). Nothing else: a processing instruction such as
 * `<?xml-stylesheet href=…?>` loads another file.
 */
const SVG_START = /^\s*(?:<\?xml\s[^>]*\?>)?(?:\s|<!--[\s\S]*?-->)*<svg[\s>]/i;
/** A document type can define entities (an expanding "billion laughs", external files): never taken. */
const DOCTYPE_OR_ENTITY = /<!(?:DOCTYPE|ENTITY)/i;

/**
 * Whether bytes are an SVG document we take: its root element is <svg>, after at most an XML
 * declaration and comments, and it declares no document type or entity anywhere.
 */
export function looksLikeSvg(bytes: Buffer): boolean {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return !DOCTYPE_OR_ENTITY.test(text) && SVG_START.test(text.slice(0, PROLOG_BYTES));
}

/** SVG without scripts, event handlers, foreign content or external references. */
export function sanitiseSvg(svg: string): string {
  return sanitizeHtml(svg, {
    allowedTags: [
      'svg',
      'g',
      'path',
      'rect',
      'circle',
      'ellipse',
      'line',
      'polyline',
      'polygon',
      'text',
      'tspan',
      'defs',
      'lineargradient',
      'radialgradient',
      'stop',
      'clippath',
      'title',
      'desc',
      'use',
      'symbol',
    ],
    allowedAttributes: {
      '*': [
        'id',
        'class',
        'viewbox',
        'viewBox',
        'width',
        'height',
        'x',
        'y',
        'x1',
        'x2',
        'y1',
        'y2',
        'cx',
        'cy',
        'r',
        'rx',
        'ry',
        'd',
        'points',
        'fill',
        'fill-rule',
        'fill-opacity',
        'stroke',
        'stroke-width',
        'stroke-linecap',
        'stroke-linejoin',
        'stroke-opacity',
        'opacity',
        'transform',
        'offset',
        'stop-color',
        'stop-opacity',
        'gradientunits',
        'gradientUnits',
        'gradientTransform',
        'clip-path',
        'clip-rule',
        'font-family',
        'font-size',
        'font-weight',
        'text-anchor',
        'xmlns',
        // Kept so that the in-document references (xlink:href="#id") left stay well-formed XML.
        'xmlns:xlink',
        'version',
        'preserveAspectRatio',
        'href',
        'xlink:href',
      ],
    },
    // Only in-document references (#id) survive in href.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
    parser: { lowerCaseTags: false, lowerCaseAttributeNames: false, xmlMode: true },
  }).replace(/(xlink:)?href="(?!#)[^"]*"/g, '');
}
