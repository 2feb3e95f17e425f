import { describe, expect, it } from 'vitest';
import { mapServerErrors } from './server-errors';

describe('mapServerErrors', () => {
  it('takes the first message of each field path and keeps the rest apart', () => {
    expect(
      mapServerErrors(
        {
          'fields.2.input_value': ['Enter a valid email', 'second'],
          'fields.5.input_value.0': ['Too small'],
          'fields.40.input_value': ['Unknown field'],
          cv: ['Please fill in this field'],
          'fields.1.input_value': [''],
        },
        10,
      ),
    ).toEqual({
      byField: new Map([
        [2, 'Enter a valid email'],
        [5, 'Too small'],
      ]),
      other: ['Unknown field', 'Please fill in this field'],
    });
  });

  it('copes with no errors at all', () => {
    expect(mapServerErrors(undefined, 3)).toEqual({ byField: new Map(), other: [] });
  });
});
