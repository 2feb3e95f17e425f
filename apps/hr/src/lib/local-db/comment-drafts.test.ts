import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCommentDrafts, taskCommentDraftKey } from './comment-drafts';

// Drafts of unsent comments in the commentDrafts store of the local database hrm (spec §3.2).

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

describe('comment drafts', () => {
  it('keeps a draft for the next page load and forgets it when cleared', async () => {
    const key = taskCommentDraftKey(12);
    await createCommentDrafts().save(key, 'Half a thought');
    // Another instance over the same database: what the page sees after a reload.
    expect(await createCommentDrafts().read(key)).toBe('Half a thought');
    expect(await createCommentDrafts().read(taskCommentDraftKey(13))).toBeNull();
    await createCommentDrafts().clear(key);
    expect(await createCommentDrafts().read(key)).toBeNull();
  });

  it('removes the draft when the text is emptied', async () => {
    const drafts = createCommentDrafts();
    await drafts.save('task:1', 'Something');
    await drafts.save('task:1', '   ');
    expect(await drafts.read('task:1')).toBeNull();
  });

  it('reads nothing and throws nothing when storage fails', async () => {
    const broken = createCommentDrafts({ openDb: () => Promise.reject(new Error('denied')) });
    await expect(broken.save('task:1', 'text')).resolves.toBeUndefined();
    expect(await broken.read('task:1')).toBeNull();
    vi.stubGlobal('indexedDB', undefined);
    const none = createCommentDrafts();
    await expect(none.save('task:1', 'text')).resolves.toBeUndefined();
    expect(await none.read('task:1')).toBeNull();
  });
});
