import { describe, expect, it } from 'vitest';
import { renderNginxConfig } from './nginx-balancer';

describe('renderNginxConfig', () => {
  it('balances over the upstreams, passes failed idempotent requests on and keeps everything in its directory', () => {
    const config = renderNginxConfig({
      dir: '/tmp/kadry-nginx-x',
      port: 40_001,
      upstreams: ['127.0.0.1:40002', '127.0.0.1:40003'],
      workers: 1,
      keepalive: 8,
    });
    expect(config).toContain('server 127.0.0.1:40002 max_fails=0;');
    expect(config).toContain('server 127.0.0.1:40003 max_fails=0;');
    expect(config).toContain('listen 127.0.0.1:40001;');
    expect(config).toContain('proxy_next_upstream error timeout http_502 http_503;');
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(config).toContain('keepalive 8;');
    // Nothing outside its own directory: no /var/log, no /run.
    const paths = config.match(/\s(\/[^\s;]+)/g)?.map((path) => path.trim()) ?? [];
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((path) => !path.startsWith('/tmp/kadry-nginx-x/'))).toEqual([]);
  });
});
