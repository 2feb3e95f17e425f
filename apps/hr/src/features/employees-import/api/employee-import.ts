import { route } from '@kadry/shared/routes';
import {
  type EmployeeImport,
  employeeImportResponseSchema,
  employeeImportRowsResponseSchema,
} from '@kadry/shared/schemas/employee-import';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

// The employee import's calls: upload (with progress), the dry run's rows, confirmation; the
// template and the error file are plain downloads (links).

export const TEMPLATE_URL = route('employee.import.template');

export function errorFileUrl(id: number): string {
  return route('employee.import.errors', id);
}

function readCsrfToken(): string {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

/**
 * Uploads the file for a dry run (`POST employee.import` → 201), reporting the share sent (0–100).
 * XMLHttpRequest, not fetch: only it reports upload progress. Fails with an ApiError as the client does.
 */
export function uploadEmployeeImport(
  file: File,
  onProgress: (percent: number) => void,
): Promise<EmployeeImport> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', route('employee.import'));
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('x-requested-with', 'XMLHttpRequest');
    request.setRequestHeader('x-csrf-token', readCsrfToken());
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = request.responseText;
      }
      if (request.status === 201) {
        const parsed = employeeImportResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data.data);
        else reject(parsed.error);
        return;
      }
      reject(new ApiError({ status: request.status, statusText: request.statusText, body, response: null }));
    });
    request.addEventListener('error', () =>
      reject(new ApiError({ status: 0, statusText: '', body: null, response: null })),
    );
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export function useUploadEmployeeImport(onProgress: (percent: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadEmployeeImport(file, onProgress) });
}

/** The dry run's rows (`GET employee.import.rows`), all or only those with errors. */
export function useEmployeeImportRows(id: number | null, query: { page: number; only: 'all' | 'errors' }) {
  return useQuery({
    queryKey: ['employee-import-rows', id, query],
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const response = await api.get(route('employee.import.rows', id ?? 0), {
        params: { page: query.page, per_page: 50, only: query.only },
        schema: employeeImportRowsResponseSchema,
        signal,
      });
      return response.data;
    },
  });
}

/** Imports the checked file (`POST employee.import.confirm`). */
export function useConfirmEmployeeImport() {
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await api.post(route('employee.import.confirm', id), undefined, {
        schema: employeeImportResponseSchema,
      });
      return response.data.data;
    },
  });
}

/** Drops a checked import that will not be confirmed (`DELETE employee.import.one` → 204). */
export function useDiscardEmployeeImport() {
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('employee.import.one', id));
    },
  });
}
