import { route } from '@kadry/shared/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Uploads the careers-site logo (multipart field `logo`); the settings are read again afterwards. */
async function uploadLogo(file: File): Promise<void> {
  const body = new FormData();
  body.append('logo', file);
  await api.post(route('recruiting.careersSettings.logo'), body);
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['careers-settings'] }),
  });
}
