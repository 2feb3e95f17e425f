import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders, securityHeaderOptions } from './security-headers';

describe('computeSecurityHeaders', () => {
  it('gives the headers helmet sets, with our content security policy', () => {
    const headers = computeSecurityHeaders(securityHeaderOptions({ https: false }));
    expect(headers['content-security-policy']).toContain(
      "script-src 'self' https://www.google.com/recaptcha/",
    );
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('adds HSTS and upgrade-insecure-requests behind https', () => {
    const headers = computeSecurityHeaders(securityHeaderOptions({ https: true }));
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
