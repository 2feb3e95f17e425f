import { applicationDetailsSchema, applicationSummarySchema } from '@kadry/shared/schemas/recruiting';
import { z } from 'zod';

// Applications as the server really answers them: the candidate's email and phone are absent (not
// null) for roles without field_email / field_phone, which the shared schemas do not model yet.
const candidateSchema = applicationSummarySchema.shape.candidate.extend({
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

export const clientApplicationSummarySchema = applicationSummarySchema.extend({ candidate: candidateSchema });
export type ClientApplicationSummary = z.infer<typeof clientApplicationSummarySchema>;

export const clientApplicationDetailsSchema = applicationDetailsSchema.extend({ candidate: candidateSchema });
export type ClientApplicationDetails = z.infer<typeof clientApplicationDetailsSchema>;
