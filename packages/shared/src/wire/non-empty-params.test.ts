import { describe, expect, it } from 'vitest';
import { dropEmptyParams } from './non-empty-params';

describe('dropEmptyParams (spec §5: empty filter parameters are dropped before statistics calls)', () => {
  it('drops null, undefined, empty and blank strings, empty lists and NaN', () => {
    expect(
      dropEmptyParams({
        team_ids: [],
        gender: '',
        search: '   ',
        age_from: undefined,
        age_to: null,
        page: Number.NaN,
      }),
    ).toEqual({});
  });

  it('keeps values, zero and false, and the non-empty items of a list', () => {
    expect(
      dropEmptyParams({ team_ids: [3, null, '', 5], age_from: 0, only_mine: false, gender: 'female' }),
    ).toEqual({ team_ids: [3, 5], age_from: 0, only_mine: false, gender: 'female' });
  });

  it('does not change what it was given', () => {
    const params = { team_ids: [1, null] };
    dropEmptyParams(params);
    expect(params).toEqual({ team_ids: [1, null] });
  });
});
