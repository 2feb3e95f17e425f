/** Staff accounts the HR e2e specs sign in with (created by seed-hr-users.ts before the server starts). */
export const HR_OWNER = {
  email: 'hr-owner@e2e.test',
  password: 'e2e-owner-password-123',
  name: 'E2E Owner',
} as const;

/** A recruiter in no team and responsible for no vacancy: sees none of the owner's vacancies. */
export const HR_RECRUITER = {
  email: 'hr-recruiter@e2e.test',
  password: 'e2e-recruiter-password-123',
  name: 'E2E Recruiter',
} as const;
