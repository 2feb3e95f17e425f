import { route } from '@kadry/shared/routes';
import {
  type CareersSettingsInput,
  careersSettingsResponseSchema,
  type StaffCareersSettings,
} from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

async function updateCareersSettings(input: CareersSettingsInput): Promise<StaffCareersSettings> {
  const response = await api.put(route('recruiting.careersSettings'), input, {
    schema: careersSettingsResponseSchema,
  });
  return response.data.data;
}

export function useUpdateCareersSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCareersSettings,
    onSuccess: (settings) => queryClient.setQueryData(['careers-settings'], settings),
  });
}
