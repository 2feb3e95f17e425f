import { describe, expect, it } from 'vitest';
import { findContractViolation } from './api-contract';
import { buildVacancy, pageOf } from './recruiting-test-data';

describe('the fake server contract', () => {
  it('takes an answer shaped as the server answers it', () => {
    expect(findContractViolation('GET', '/api/v1/vacancies', 200, pageOf([buildVacancy()]))).toBeNull();
    expect(findContractViolation('POST', '/api/v1/vacancies/5', 200, { data: buildVacancy() })).toBeNull();
    expect(findContractViolation('DELETE', '/api/v1/vacancies/5', 204, undefined)).toBeNull();
  });

  it('refuses a fake the server would never send, naming the route and the field', () => {
    const { salary: _salary, ...withoutSalary } = buildVacancy();
    // Hidden by field permissions: absent is what the server sends; a missing required field is not.
    expect(findContractViolation('GET', '/api/v1/vacancies/5', 200, { data: withoutSalary })).toBeNull();
    const { name: _name, ...withoutName } = buildVacancy();
    expect(findContractViolation('GET', '/api/v1/vacancies/5', 200, { data: withoutName })).toMatch(
      /recruiting\.vacancies\.one answers — data\.name/,
    );
  });

  it('holds error answers to the one error shape', () => {
    expect(findContractViolation('GET', '/api/v1/vacancies/5', 404, { message: 'Not found' })).toBeNull();
    expect(findContractViolation('GET', '/api/v1/vacancies/5', 404, { error: 'Not found' })).toMatch(
      /message/,
    );
  });

  it('refuses a route it has no contract for', () => {
    expect(findContractViolation('GET', '/api/v1/nowhere', 200, {})).toMatch(/no contract/);
  });
});
