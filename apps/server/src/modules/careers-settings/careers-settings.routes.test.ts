import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';

// Application forms and careers-site settings through app.inject, in a company with recruiting under way.

const fx = createRecruitingFixture();

describe('forms and careers settings', () => {
  it('creates a form, makes it the default, edits its fields and refuses to delete the default', async () => {
    const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/forms', {
      name: 'Engineering form',
      is_default: false,
      fields: [
        {
          name: 'Name',
          type: 'name',
          input_type: 'text',
          required: true,
          validation: { max: 100 },
          input_meta: null,
        },
        {
          name: 'Stack',
          type: 'custom_property',
          input_type: 'select',
          required: false,
          validation: null,
          input_meta: {
            options: [
              { id: 1, name: 'Go' },
              { id: 2, name: 'Rust' },
            ],
          },
          value: 'stack',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json().data;
    expect(form.fields.map((f: { name: string }) => f.name)).toEqual(['Name', 'Stack']);
    const updated = await fx.call(fx.staff.hr, 'PUT', `/api/v1/forms/${form.id}`, {
      name: 'Engineering form',
      is_default: true,
      fields: [form.fields[1], form.fields[0]],
    });
    expect(updated.json().data).toMatchObject({ is_default: true });
    expect(updated.json().data.fields.map((f: { name: string }) => f.name)).toEqual(['Stack', 'Name']);
    const list = (await fx.call(fx.staff.recruiterIn, 'GET', '/api/v1/forms')).json().data;
    expect(list.filter((f: { is_default: boolean }) => f.is_default)).toEqual([
      expect.objectContaining({ id: form.id, fields_count: 2 }),
    ]);
    expect((await fx.call(fx.staff.hr, 'DELETE', `/api/v1/forms/${form.id}`)).statusCode).toBe(409);
  });

  it('reads and updates careers settings, keeps the captcha secret write-only, and refreshes the public site', async () => {
    const current = (await fx.call(fx.staff.owner, 'GET', '/api/v1/careers-settings')).json().data;
    const input = {
      name: 'Acme Careers',
      font: 'Inter',
      colors: { background: '#ffffff', header: '#000000', button: '#ff0000' },
      indexing: false,
      consent_page_url: 'https://acme.test/privacy',
      captcha: { ...current.captcha, secret: 's3cret' },
      languages: ['en', 'uk'],
      default_language: 'en',
    };
    delete input.captcha.has_secret;
    const updated = await fx.call(fx.staff.owner, 'PUT', '/api/v1/careers-settings', input);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Acme Careers', indexing: false });
    expect(updated.json().data.captcha).toMatchObject({ has_secret: true });
    expect(updated.body).not.toContain('s3cret');
    const bad = await fx.call(fx.staff.owner, 'PUT', '/api/v1/careers-settings', {
      ...input,
      default_language: 'ru',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('takes a PNG or a sanitised SVG logo up to 2 MB, judged by its bytes', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5"/></svg>';
    const upload = async (bytes: Blob, name: string) => {
      const body = await multipart([['logo', bytes, name]]);
      return fx.t.app.inject({
        method: 'POST',
        url: '/api/v1/careers-settings/logo',
        headers: { ...fx.staff.owner.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const response = await upload(new Blob([svg]), 'logo.png');
    expect(response.statusCode, response.body).toBe(200);
    const logoUrl = response.json().data.logo_url as string;
    const served = await fx.t.app.inject({ url: logoUrl, headers: { host: fx.company.hosts[0] ?? '' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toContain('<rect');
    expect(served.body).not.toMatch(/script|onload/);
    expect((await upload(new Blob(['plain text, not an image']), 'logo.svg')).statusCode).toBe(422);
    expect((await upload(new Blob([new Uint8Array(2 * 1024 * 1024 + 10)]), 'big.png')).statusCode).toBe(413);
  });

  it('takes an SVG logo that starts with an XML declaration and comments, as editors save it; refuses a DOCTYPE, entities and stylesheets', async () => {
    const upload = async (svg: string) => {
      const body = await multipart([['logo', new Blob([svg]), 'logo.svg']]);
      return fx.t.app.inject({
        method: 'POST',
        url: '/api/v1/careers-settings/logo',
        headers: { ...fx.staff.owner.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const inkscape = [
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      '<!-- Created with Inkscape (http://www.inkscape.org/) -->',
      `<!-- ${'a long licence text '.repeat(400)} -->`,
      '',
      '<svg width="10" height="10" viewBox="0 0 10 10" version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">',
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>',
      '<rect id="r" width="5" height="5" fill="url(#g)"/><use xlink:href="#r"/>',
      '<use xlink:href="https://evil.example/sprite.svg#x"/><script>alert(1)</script>',
      '</svg>',
    ].join('\n');
    const response = await upload(inkscape);
    expect(response.statusCode, response.body).toBe(200);
    const served = await fx.t.app.inject({
      url: response.json().data.logo_url as string,
      headers: { host: fx.company.hosts[0] ?? '' },
    });
    expect(served.body).toContain('<rect');
    expect(served.body).toContain('xlink:href="#r"');
    expect(served.body).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(served.body).not.toMatch(/script|evil\.example/);

    for (const refused of [
      '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY lol "lol">]>\n<svg xmlns="http://www.w3.org/2000/svg"><text>&lol;</text></svg>',
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY x SYSTEM "file:///etc/passwd"></svg>',
      '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ]) {
      expect((await upload(refused)).statusCode, refused).toBe(422);
    }
  });
});
