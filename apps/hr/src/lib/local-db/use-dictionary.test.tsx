import 'fake-indexeddb/auto';
import type { AppPageData } from '@kadry/shared/schemas/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { buildPageData, mockFetch, type RecordedCall } from '../../test/render-app';
import { PageDataProvider } from '../page-data';
import { createLocalCache } from './local-cache';
import { useDictionary } from './use-dictionary';

const GENDER = '/api/v1/dictionaries/gender';
const answer = {
  data: [
    { id: 1, code: 'male', name: 'Male', meta: {}, position: 0 },
    { id: 2, code: 'female', name: 'Female', meta: {}, position: 1 },
  ],
};

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

function readGender(pageData: AppPageData, cache: ReturnType<typeof createLocalCache>) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <PageDataProvider value={pageData}>{children}</PageDataProvider>
    </QueryClientProvider>
  );
  return renderHook(() => useDictionary('gender', cache), { wrapper });
}

const gets = (calls: RecordedCall[]) => calls.filter((call) => call.url.pathname === GENDER).length;

describe('useDictionary', () => {
  it('reads the network once, then the local cache until its dictionary version moves', async () => {
    const { calls } = mockFetch([{ path: GENDER, body: answer }]);
    const cache = createLocalCache();
    const first = readGender(buildPageData(), cache);
    await waitFor(() =>
      expect(first.result.current.data?.map((entry) => entry.name)).toEqual(['Male', 'Female']),
    );
    first.unmount();
    // The next page load, same page data: no request.
    const second = readGender(buildPageData(), cache);
    await waitFor(() => expect(second.result.current.isSuccess).toBe(true));
    expect(gets(calls)).toBe(1);
    second.unmount();
    // The company renamed an entry: the page data carries a new version for `sex`.
    const third = readGender(
      buildPageData({ dictionaryUpdatedAt: { sex: '2031-03-11T00:00:00.000Z' } }),
      cache,
    );
    await waitFor(() => expect(third.result.current.isSuccess).toBe(true));
    expect(gets(calls)).toBe(2);
  });
});
