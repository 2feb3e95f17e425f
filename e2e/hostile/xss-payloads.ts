/**
 * A corpus of XSS payloads, built in code so every vector is readable and the count is exact. Each
 * payload runs `__xss(<id>)` (or `alert(<id>)`) if anything of it executes; the page under test
 * installs `window.__xss` as a trap. Classic vectors, event handlers on every common tag, script URLs
 * with case, entity and whitespace tricks, CSS, mutation XSS, namespace confusion, escapes and
 * broken markup; crossed with each other to reach the volume.
 */

export type XssPayload = { id: number; kind: string; html: string };

/** Ways to call the trap, varied by payload id so a filter of one spelling is not enough. */
const CALLS: readonly ((n: number) => string)[] = [
  (n) => `__xss(${n})`,
  (n) => `window.__xss(${n})`,
  (n) => `top.__xss(${n})`,
  (n) => `self['__xss'](${n})`,
  (n) => `(0,__xss)(${n})`,
  (n) => `eval('__xss(${n})')`,
  (n) => `alert(${n})`,
  (n) => `Function('__xss(${n})')()`,
  (n) => `setTimeout('__xss(${n})')`,
  (n) => `[${n}].map(__xss)`,
];

/** Calls that also work from inside a frame or a data: document (they reach the page through `parent`). */
const parentCall = (n: number) => `parent.__xss(${n})`;

/** Tags that take event handlers, each with the attributes that make the handler fire by itself. */
const HANDLER_TAGS: readonly [tag: string, extra: string, close: boolean][] = [
  ['img', 'src=x', false],
  ['image', 'src=x', false],
  ['svg', '', true],
  ['body', '', true],
  ['iframe', 'src=x', true],
  ['video', 'src=x autoplay muted', true],
  ['audio', 'src=x autoplay', true],
  ['source', 'src=x', false],
  ['input', 'autofocus', false],
  ['textarea', 'autofocus', true],
  ['select', 'autofocus', true],
  ['button', 'autofocus', true],
  ['details', 'open', true],
  ['marquee', '', true],
  ['div', 'tabindex=1 style="animation:spin 1s"', true],
  ['a', 'href=#x', true],
  ['p', 'contenteditable autofocus', true],
  ['span', 'tabindex=0', true],
  ['form', '', true],
  ['object', 'data=x', true],
  ['embed', 'src=x', false],
  ['table', 'background=x', true],
  ['td', '', true],
  ['style', '', true],
  ['link', 'rel=stylesheet href=x', false],
  ['frameset', '', true],
  ['math', '', true],
  ['x-custom', 'tabindex=1 autofocus', true],
];
const HANDLER_EVENTS: readonly string[] = [
  'onerror',
  'onload',
  'onfocus',
  'onmouseover',
  'onclick',
  'ontoggle',
  'onanimationstart',
  'onbegin',
  'onpageshow',
  'onstart',
  'onpointerenter',
  'onfocusin',
];

/** Elements and attributes that take a URL. `{u}` is where the URL goes. */
const URL_HOLDERS: readonly string[] = [
  '<a href="{u}">link</a>',
  '<a href={u}>unquoted</a>',
  '<map name=m><area href="{u}" shape=default></map>',
  '<iframe src="{u}"></iframe>',
  '<embed src="{u}">',
  '<object data="{u}"></object>',
  '<form action="{u}"><button>send</button></form>',
  '<form><button formaction="{u}">send</button></form>',
  '<input type=image src=x formaction="{u}">',
  '<img src="{u}">',
  '<video poster="{u}"></video>',
  '<base href="{u}//">',
  '<link rel=stylesheet href="{u}">',
  '<svg><a xlink:href="{u}"><text x=0 y=20>svg link</text></a></svg>',
  '<svg><a href="{u}"><rect width=10 height=10></rect></a></svg>',
  '<math href="{u}"><mi>math</mi></math>',
  '<meta http-equiv="refresh" content="0;url={u}">',
  '<svg><animate attributeName=href values="{u}"></animate></svg>',
  '<blockquote cite="{u}">quote</blockquote>',
  '<table background="{u}"><tr><td>cell</td></tr></table>',
];

/** Script URLs with the tricks that get them past naive checks. */
function createScriptUrls(n: number): string[] {
  const js = `__xss(${n})`;
  const base64 = Buffer.from(`<script>${parentCall(n)}</script>`).toString('base64');
  return [
    `javascript:${js}`,
    `JaVaScRiPt:${js}`,
    ` javascript:${js}`,
    `\tjavascript:${js}`,
    `java\tscript:${js}`,
    `java\nscript:${js}`,
    `java&#x09;script:${js}`,
    `java&#10;script:${js}`,
    `&#106;avascript:${js}`,
    `&#x6A;&#x61;vascript:${js}`,
    `&#0000106avascript:${js}`,
    `javascript&colon;${js}`,
    `javascript&#58;${js}`,
    `jAvAsCrIpT&#x3A;${js}`,
    `\u0001javascript:${js}`,
    `javas&#99;ript:${js}`,
    `javascript://%0a${js}`,
    `vbscript:msgbox(${n})`,
    `data:text/html,<script>${parentCall(n)}</script>`,
    `data:text/html;base64,${base64}`,
    `DATA:text/html,<script>${parentCall(n)}</script>`,
  ];
}

/** Closes whatever a payload left open, so it cannot swallow the next one and hide it from the test. */
export const PAYLOAD_RESET =
  '"\'>--></script></style></textarea></title></xmp></noscript></noembed></noframes></iframe>' +
  '</template></select></option></object></svg></math>]]>';

export function buildXssCorpus(): XssPayload[] {
  const payloads: XssPayload[] = [];
  const add = (kind: string, make: (js: string, n: number) => string) => {
    const id = payloads.length + 1;
    const call = CALLS[id % CALLS.length] ?? CALLS[0];
    payloads.push({ id, kind, html: make(call ? call(id) : `__xss(${id})`, id) });
  };

  // Script elements, plain and disguised.
  const scripts: ((js: string, n: number) => string)[] = [
    (js) => `<script>${js}</script>`,
    (js) => `<SCRIPT>${js}</SCRIPT>`,
    (js) => `<script type="text/javascript">${js}</script>`,
    (js) => `<script type=module>${js}</script>`,
    (js) => `<script/x>${js}</script>`,
    (js) => `<script\n>${js}</script\n>`,
    (js) => `<script>${js}//`,
    (js) => `<scr<script>ipt>${js}</scr</script>ipt>`,
    (js) => `<<script>script>${js}<</script>/script>`,
    (_js, n) => `<script src="data:,${parentCall(n)}"></script>`,
    (_js, n) => `<script src=data:text/javascript,__xss(${n})></script>`,
    (js) => `<script>/*</script><script>*/${js}</script>`,
    (js) => `<script><!--\n${js}\n--></script>`,
    (js) => `<svg><script>${js}</script></svg>`,
    (js) => `<svg><script>${js.replace(/\(/g, '&#40;')}</script></svg>`,
    (_js, n) => `<svg><script xlink:href="data:,__xss(${n})"></script></svg>`,
    (_js, n) => `<svg><script href="data:,__xss(${n})"></script></svg>`,
    (js) => `<math><script>${js}</script></math>`,
    (js) => `<script>setTimeout(()=>{${js}},10)</script>`,
    (js) => `<script\u000c>${js}</script>`,
  ];
  for (const make of scripts) add('script', make);

  // Event handlers on every common tag, each with what makes it fire unaided.
  for (const [tag, extra, close] of HANDLER_TAGS) {
    for (const event of HANDLER_EVENTS) {
      add('handler', (js) => `<${tag} ${extra} ${event}="${js}">${close ? `x</${tag}>` : ''}`);
    }
  }
  // Handler spellings that slip past naive attribute parsers.
  const handlerTricks: ((js: string) => string)[] = [
    (js) => `<img src=x onerror=${js.replace(/ /g, '')}>`,
    (js) => `<img/src=x/onerror=${js.replace(/ /g, '')}>`,
    (js) => `<img src=x ONERROR="${js}">`,
    (js) => `<img src=x onerror\n=\n"${js}">`,
    (js) => `<img src=x onerror ="${js}" onerror="">`,
    (js) => `<img src="x" onerror='${js.replace(/'/g, '"')}'>`,
    (js) => `<img src=\`x\` onerror=\`${js.replace(/`/g, '')}\`>`,
    (js) => `<img src=x:alert(alt) onerror=eval(src) alt="${js}">`,
    (js) => `<img src=x onerror="&#x5f;&#x5f;xss(${js.replace(/\D/g, '')})">`,
    (js) => `<img src=x onerror="\\u005f\\u005fxss(${js.replace(/\D/g, '')})">`,
    (js) => `<img src=x onerror="eval('\\x5f\\x5fxss(${js.replace(/\D/g, '')})')">`,
    (js) =>
      `<img src=x onerror="eval(atob('${Buffer.from(`__xss(${js.replace(/\D/g, '')})`).toString('base64')}'))">`,
    (js) => `<img src=x onerror="${js}"/>`,
    (js) => `<img src=x onerror="${js}"`,
    (js) => `<img src=x onerror=${js.replace(/ /g, '')}//`,
    (js) => `<img src=x oNeRrOr="${js}">`,
    (js) => `<body onload="${js}">`,
    (js) => `<svg onload="${js}"/>`,
    (js) => `<svg/onload=${js.replace(/ /g, '')}>`,
    (js) => `<svg><animate onbegin="${js}" attributeName=x dur=1s>`,
    (js) => `<svg><set attributeName=onmouseover to="${js}"></set></svg>`,
    (js) => `<svg><animate attributeName=onload to="${js}"></animate></svg>`,
    (js) =>
      `<style>@keyframes spin{}</style><div style="animation-name:spin" onanimationstart="${js}"></div>`,
    (js) => `<details open ontoggle="${js}">x</details>`,
    (js) => `<input onfocus="${js}" autofocus>`,
  ];
  for (const make of handlerTricks) add('handler-trick', make);

  // Script URLs, in everything that takes a URL.
  for (const holder of URL_HOLDERS) {
    const probe = payloads.length + 1;
    const variants = createScriptUrls(probe).length;
    for (let v = 0; v < variants; v += 1) {
      add('url', (_js, n) => holder.replaceAll('{u}', createScriptUrls(n)[v] ?? ''));
    }
  }
  // Frames and documents made of markup.
  const frames: ((js: string, n: number) => string)[] = [
    (_js, n) => `<iframe srcdoc="<script>${parentCall(n)}</script>"></iframe>`,
    (_js, n) => `<iframe srcdoc="&lt;img src=x onerror=${parentCall(n)}&gt;"></iframe>`,
    (_js, n) => `<object data="data:text/html,<script>${parentCall(n)}</script>"></object>`,
    (_js, n) =>
      `<embed src="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${parentCall(n)}'/>">`,
    (_js, n) =>
      `<iframe src="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' onload='${parentCall(n)}'/>"></iframe>`,
  ];
  for (const make of frames) add('frame', make);

  // CSS: expressions, script URLs in styles, imports.
  const styles: ((js: string) => string)[] = [
    (js) => `<div style="background:url(javascript:${js})">css</div>`,
    (js) => `<div style="width:expression(${js})">css</div>`,
    (js) => `<div style="background-image:url('javascript:${js}')">css</div>`,
    (js) => `<div style="behavior:url(x.htc);-moz-binding:url(javascript:${js})">css</div>`,
    (js) => `<style>@import 'javascript:${js}';</style>`,
    (js) => `<style>*{background:url("javascript:${js}")}</style>`,
    (js) => `<style>li{list-style-image:url("javascript:${js}")}</style><ul><li>x</li></ul>`,
    (js) => `<p style="x:\\65xpression(${js})">css</p>`,
    (js) => `<style>@import url(data:text/css,*{x:expression(${js})});</style>`,
    (js) => `<div style="background:url(&#106;avascript:${js})">css</div>`,
  ];
  for (const make of styles) add('css', make);

  // Mutation XSS and namespace confusion: markup that turns into something else when parsed again.
  const mutations: ((js: string) => string)[] = [
    (js) => `<noscript><p title="</noscript><img src=x onerror=${js.replace(/ /g, '')}>">`,
    (js) => `<svg></p><style><a id="</style><img src=1 onerror=${js.replace(/ /g, '')}>">`,
    (js) =>
      `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${js.replace(/ /g, '')}&gt;">`,
    (js) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js.replace(/ /g, '')}>`,
    (js) => `<svg><style><img src=x onerror="${js}"></style></svg>`,
    (js) => `<math><style><img src=x onerror="${js}"></style></math>`,
    (js) => `<svg><foreignObject><img src=x onerror="${js}"></foreignObject></svg>`,
    (js) => `<math><annotation-xml encoding="text/html"><img src=x onerror="${js}"></annotation-xml></math>`,
    (js) => `<svg><title><img src=x onerror="${js}"></title></svg>`,
    (js) => `<svg><desc><img src=x onerror="${js}"></desc></svg>`,
    (js) => `<template><img src=x onerror="${js}"></template>`,
    (js) => `<textarea><img src=x onerror="${js}"></textarea>`,
    (js) => `<title><img src=x onerror="${js}"></title>`,
    (js) => `<xmp><img src=x onerror="${js}"></xmp>`,
    (js) => `<noembed><img src=x onerror="${js}"></noembed>`,
    (js) => `<noframes><img src=x onerror="${js}"></noframes>`,
    (js) => `<iframe><img src=x onerror="${js}"></iframe>`,
    (js) => `<!--<img src="--><img src=x onerror=${js.replace(/ /g, '')}//">`,
    (js) => `<![CDATA[><img src=x onerror=${js.replace(/ /g, '')}>]]>`,
    (js) => `<?xml version="1.0"?><img src=x onerror="${js}">`,
    (js) => `<!DOCTYPE html><img src=x onerror="${js}">`,
    (js) => `<a href="x" title="</a><img src=x onerror=${js.replace(/ /g, '')}>">x</a>`,
    (js) => `<p title="&lt;img src=x onerror=${js.replace(/ /g, '')}&gt;">encoded in an attribute</p>`,
    (js) => `<table><td><img src=x onerror="${js}"></table>`,
    (js) => `<select><template><img src=x onerror="${js}"></template></select>`,
    (js) => `<svg><![CDATA[><img src=x onerror=${js.replace(/ /g, '')}>]]></svg>`,
    (js) => `<div id="x"><svg><p><style><img src=x onerror="${js}"></style></p></svg></div>`,
    (js) => `<math><mi xlink:href="data:x,<script>${js}</script>">m</mi></math>`,
  ];
  for (const make of mutations) add('mutation', make);

  // Escapes and encodings: none of this is markup unless something decodes it twice.
  const encodings: ((js: string) => string)[] = [
    (js) => `&lt;script&gt;${js}&lt;/script&gt;`,
    (js) => `&amp;lt;script&amp;gt;${js}&amp;lt;/script&amp;gt;`,
    (js) => `%3Cscript%3E${js}%3C/script%3E`,
    (js) => `\\u003cscript\\u003e${js}\\u003c/script\\u003e`,
    (js) => `\\x3cscript\\x3e${js}\\x3c/script\\x3e`,
    (js) => `＜script＞${js}＜/script＞`,
    (js) => `+ADw-script+AD4-${js}+ADw-/script+AD4-`,
    // PostgreSQL text cannot hold U+0000, so a stored body never has one: the entity and U+0001 stand in.
    (js) => `<scr&#0;ipt>${js}</scr&#0;ipt>`,
    (js) => `<img src=x o\u0001nerror="${js}">`,
    (js) => `<img src=x onerror\u00a0="${js}">`,
    (js) => `<img src=x\u2028onerror="${js}">`,
    (js) => `<a href="\u202ejavascript:${js}">rtl</a>`,
    (js) => `{{constructor.constructor('${js.replace(/'/g, '"')}')()}}`,
    (js) => `\${${js}}`,
    (js) => `<img src=x onerror="${js}"\u0001>`,
  ];
  for (const make of encodings) add('encoding', make);

  // Broken markup: unterminated tags and quotes, stray closers, context escapes.
  const broken: ((js: string) => string)[] = [
    (js) => `<img src=x onerror="${js}`,
    (js) => `<img """><script>${js}</script>">`,
    (js) => `<<img src=x onerror=${js.replace(/ /g, '')}>>`,
    (js) => `"><img src=x onerror=${js.replace(/ /g, '')}>`,
    (js) => `'><script>${js}</script>`,
    (js) => `</p><script>${js}</script>`,
    (js) => `</textarea><script>${js}</script>`,
    (js) => `</title><script>${js}</script>`,
    (js) => `</script><script>${js}</script>`,
    (js) => `</style><script>${js}</script>`,
    (js) => `<!--><script>${js}</script>-->`,
    (js) => `--!><script>${js}</script>`,
    (js) => `<img src=x onerror=${js.replace(/ /g, '')}<!--`,
    (js) => `<a href="javascript:${js}`,
    (js) => `<a href=javascript:${js.replace(/ /g, '')}>unterminated`,
    (js) => `<div <img src=x onerror=${js.replace(/ /g, '')}>>`,
    (js) => `<img src=x onerror=${js.replace(/ /g, '')} /`,
    (js) => `<script x="</script>">${js}</script>`,
    (js) => `<p <script>${js}</script>>`,
    (js) => `<img src=x onerror=${js.replace(/ /g, '')}></img>`,
    (js) => `<svg><!--</svg><img src=x onerror=${js.replace(/ /g, '')}>-->`,
    (js) => `<a\u000bhref=javascript:${js.replace(/ /g, '')}>vt</a>`,
    (js) => `<a href=" &#14;  javascript:${js}">ctrl</a>`,
    (js) => `<iframe src="javascript:${js}"`,
    (js) => `<base href="javascript:${js}//"><a href=x>relative</a>`,
  ];
  for (const make of broken) add('broken', make);

  return payloads;
}

/** Payloads for a vacancy name: shown as text in the heading, the title, the list, and embedded in JSON. */
export function buildNameCorpus(firstId: number): XssPayload[] {
  const names: ((js: string, n: number) => string)[] = [
    (js) => `</script><script>${js}</script>`,
    (js) => `</script><img src=x onerror=${js.replace(/ /g, '')}>`,
    (js) => `<!--<script>${js}</script>`,
    (js) => `</title><script>${js}</script>`,
    (js) => `"><img src=x onerror="${js}">`,
    (js) => `'><svg onload='${js}'>`,
    (js) => `<img src=x onerror="${js}">`,
    (js) => `\u2028</script>\u2029<script>${js}</script>`,
    (js) => `{{constructor.constructor('${js.replace(/'/g, '"')}')()}}`,
    (js) => `\${${js}}`,
    (js) => `<a href="javascript:${js}">name link</a>`,
    (js) => `";${js};//`,
    (js) => `\\";${js};//`,
    (js) => `</noscript><script>${js}</script>`,
    (js) => `<svg><script>${js}</script></svg>`,
    (js) => `]]></script><script>${js}</script>`,
    (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">`,
    (js) => `&lt;script&gt;${js}&lt;/script&gt;`,
    (js) => `<base href="javascript:${js}//">`,
    (js) => `</style><script>${js}</script>`,
    (js) => `<iframe srcdoc="<script>parent.${js}</script>">`,
    (js) => `"}</script><script>${js}</script>`,
    (js) => `<textarea></textarea><script>${js}</script>`,
    (js) => `%3C/script%3E%3Cscript%3E${js}%3C/script%3E`,
  ];
  return names.map((make, i) => {
    const id = firstId + i;
    const call = CALLS[id % CALLS.length] ?? CALLS[0];
    return { id, kind: 'name', html: `Vacancy ${id} ${make(call ? call(id) : `__xss(${id})`, id)}` };
  });
}
