import { describe, expect, it } from 'vitest';
import { parseEnv } from '../config/env';
import { buildHostPolicy, isPublicCareersPath } from './company-resolver';

describe('host policy (TRUSTED_HOSTS)', () => {
  it('in production trusts only loopback names and APP_URL’s host by default', () => {
    const policy = buildHostPolicy(parseEnv({ APP_URL: 'https://HR.example.com:8443/' }));
    expect(policy.isOpen).toBe(false);
    expect([...policy.trustedHosts].sort()).toEqual(['127.0.0.1', '[::1]', 'hr.example.com', 'localhost']);
    expect(policy.appUrl).toBe('https://HR.example.com:8443');
  });

  it('lets any host through outside production, and with *', () => {
    expect(buildHostPolicy(parseEnv({ NODE_ENV: 'development' })).isOpen).toBe(true);
    expect(buildHostPolicy(parseEnv({ TRUSTED_HOSTS: '*' })).isOpen).toBe(true);
    // A list is a list, in development too.
    expect(buildHostPolicy(parseEnv({ NODE_ENV: 'development', TRUSTED_HOSTS: 'a.test' })).isOpen).toBe(
      false,
    );
  });

  it('adds listed hosts, bracketing IPv6 literals as Host headers carry them', () => {
    const policy = buildHostPolicy(parseEnv({ TRUSTED_HOSTS: 'jobs.acme.test,fd00::1' }));
    expect(policy.trustedHosts.has('jobs.acme.test')).toBe(true);
    expect(policy.trustedHosts.has('[fd00::1]')).toBe(true);
  });

  it('counts only the careers site and its API as public', () => {
    for (const url of [
      '/',
      '/?lang=uk',
      '/careers',
      '/careers/12?source=x',
      '/careers-logo/3',
      '/sitemap.xml',
      '/robots.txt',
      '/api/v1/public-vacancies/1/response',
    ]) {
      expect(isPublicCareersPath(url), url).toBe(true);
    }
    for (const url of [
      '/app',
      '/app/password/forgot',
      '/vue-global/permissions',
      '/api/v1/vacancies',
      '/api/v1/admin/users',
    ]) {
      expect(isPublicCareersPath(url), url).toBe(false);
    }
  });
});
