import { describe, expect, it } from 'vitest';
import { withCarriedParams } from './navigation';

describe('withCarriedParams', () => {
  it('carries source and lang of the current page to the link', () => {
    expect(withCarriedParams('http://site.test/careers/5', '?source=x&lang=uk&page=2')).toBe(
      'http://site.test/careers/5?source=x&lang=uk',
    );
  });

  it('leaves the link alone when the page has neither', () => {
    expect(withCarriedParams('/careers', '?search=go')).toBe('/careers');
  });

  it('keeps what the link already says and its hash', () => {
    expect(withCarriedParams('/careers?lang=ru#top', '?lang=uk&source=x')).toBe(
      '/careers?lang=ru&source=x#top',
    );
  });
});
