import sanitizeHtml from 'sanitize-html';

/** Whether text is an SVG document (its root element is <svg>). */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
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
