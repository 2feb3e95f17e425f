import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { seedCompany } from '../../test/db';
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

describe('transport headers on answers', () => {
  it('sends HSTS and upgrade-insecure-requests over https (X-Forwarded-Proto behind TRUST_PROXY=1), never over plain http', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const https = await t.app.inject({ url: '/app/sign-in', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      const http = await t.app.inject({ url: '/app/sign-in' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      expect(http.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });

  it('does not believe X-Forwarded-Proto without TRUST_PROXY, and sends HSTS on every answer with HTTPS_ONLY=1', async () => {
    const untrusted = await createTestApp();
    try {
      const forged = await untrusted.app.inject({
        url: '/app/sign-in',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.close();
    }
    const httpsOnly = await createTestApp({ env: { HTTPS_ONLY: '1' } });
    try {
      await seedCompany(httpsOnly.database.db);
      const page = await httpsOnly.app.inject({ url: '/app/sign-in' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(page.cookies.map((cookie) => cookie.name)).toEqual(['__Host-kadry_session']);
      expect(page.cookies[0]).toMatchObject({ secure: true, path: '/' });
    } finally {
      await httpsOnly.close();
    }
  });
});
