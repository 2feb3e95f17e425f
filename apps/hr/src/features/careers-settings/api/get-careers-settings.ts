import { route } from '@kadry/shared/routes';
import { careersSettingsResponseSchema, type StaffCareersSettings } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

async function getCareersSettings(signal?: AbortSignal): Promise<StaffCareersSettings> {
  const response = await api.get(route('recruiting.careersSettings'), {
    schema: careersSettingsResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useCareersSettings() {
  return useQuery({ queryKey: ['careers-settings'], queryFn: ({ signal }) => getCareersSettings(signal) });
}
