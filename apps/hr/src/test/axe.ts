import axe from 'axe-core';

/**
 * axe over the whole document, with the language and title the server's /app shell gives the page.
 * Colour contrast needs real layout, so it is left to the Playwright run. Each violation reads
 * "rule: offending html", so a failure says where.
 */
export async function findAxeViolations(): Promise<string[]> {
  document.documentElement.lang = 'en';
  document.title = 'Kadry';
  const results = await axe.run(document, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
  );
}
