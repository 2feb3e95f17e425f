import { describe, expect, it } from 'vitest';
import { finalizeDocument, fixSchema } from './openapi-document';

const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

describe('fixSchema', () => {
  it('moves the nullable of a nullable union onto its first typed member', () => {
    expect(fixSchema({ nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      anyOf: [{ type: 'string', nullable: true }, { type: 'number' }],
    });
  });

  it('turns a nullable reference into a union with null', () => {
    const ref = { $ref: '#/components/schemas/InputMeta' };
    expect(fixSchema({ nullable: true, allOf: [ref] })).toEqual({ anyOf: [ref, NULL_ONLY] });
    expect(fixSchema({ nullable: true, ...ref, description: 'Meta' })).toEqual({
      description: 'Meta',
      anyOf: [ref, NULL_ONLY],
    });
    expect(fixSchema({ nullable: true, anyOf: [ref, { $ref: '#/x' }] })).toEqual({
      anyOf: [ref, { $ref: '#/x' }, NULL_ONLY],
    });
  });

  it('leaves a nullable with a type alone, and drops it where any value goes', () => {
    expect(fixSchema({ type: 'string', nullable: true })).toEqual({ type: 'string', nullable: true });
    expect(fixSchema({ nullable: true })).toEqual({});
  });

  it('spells out a record with enumerated keys as properties', () => {
    const value = { type: 'boolean' };
    expect(fixSchema({ type: 'object', required: ['a', 'b'], additionalProperties: value })).toEqual({
      type: 'object',
      required: ['a', 'b'],
      properties: { a: value, b: value },
      additionalProperties: false,
    });
  });

  it('fixes schemas nested in properties, items and unions', () => {
    const broken = { nullable: true, anyOf: [{ type: 'string' }, { type: 'number' }] };
    const fixed = fixSchema({
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'object', properties: { value: broken } } } },
    });
    expect(JSON.stringify(fixed)).not.toContain('"anyOf":[{"type":"string"},');
    expect(fixed).toMatchObject({
      properties: { list: { items: { properties: { value: { anyOf: [{ nullable: true }, {}] } } } } },
    });
  });
});

describe('finalizeDocument', () => {
  const document = {
    openapi: '3.0.3',
    paths: {
      '/a': {
        delete: {
          responses: {
            204: { description: 'Default Response', content: { 'application/json': { schema: NULL_ONLY } } },
            404: {
              description: 'Default Response',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
        get: {
          responses: {
            200: {
              description: 'Default Response',
              content: { 'application/json': { schema: { type: 'string', format: 'binary' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Unused: { type: 'string' },
        Error: { type: 'object', properties: { message: { type: 'string' } } },
      },
    },
  };

  it('drops the body of a 204, names statuses, and sends files as bytes', () => {
    const { paths } = finalizeDocument(document);
    expect(paths['/a'].delete.responses[204]).toEqual({ description: 'Done; no content' });
    expect(paths['/a'].delete.responses[404].description).toBe('Not found');
    expect(paths['/a'].get.responses[200].content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('keeps only the components an operation reaches', () => {
    expect(Object.keys(finalizeDocument(document).components.schemas)).toEqual(['Error']);
  });
});
