import { route } from '@kadry/shared/routes';
import { careersSettingsSchema, type StaffCareersSettings } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const careersSettingsResponseSchema = z.object({ data: careersSettingsSchema });

export async function getCareersSettings(signal?: AbortSignal): Promise<StaffCareersSettings> {
  const response = await api.get(route('recruiting.careersSettings'), {
    schema: careersSettingsResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useCareersSettings() {
  return useQuery({ queryKey: ['careers-settings'], queryFn: ({ signal }) => getCareersSettings(signal) });
}
