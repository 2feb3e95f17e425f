/** A published vacancy whose name and body try to run script; the careers pages must run none of it. */
export const UNSAFE_VACANCY = {
  name: 'Security check <img src=x onerror="window.__kadryXss=1"> vacancy',
  description: [
    '<p>Text before the payload.</p>',
    '<img src="x" onerror="window.__kadryXss = \'img\'; alert(\'img\')">',
    "<script>window.__kadryXss = 'script'; alert('script')</script>",
    '<p onclick="window.__kadryXss = \'click\'">Click this paragraph.</p>',
    '<p><a href="javascript:window.__kadryXss=\'link\'">A javascript link</a></p>',
    "<svg><script>window.__kadryXss = 'svg'</script></svg>",
    '<iframe src="javascript:alert(\'iframe\')"></iframe>',
    '<p>Text after the payload.</p>',
  ].join(''),
} as const;
