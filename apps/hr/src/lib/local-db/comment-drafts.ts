import { type CommentDraft, type LocalDb, openLocalDb } from './local-db';

/**
 * Drafts of comments not sent yet (spec §3.2: the `commentDrafts` store of the local database hrm),
 * one per task, so a half-written comment survives a reload. Storage errors read as "no draft" and a
 * failed write is ignored (spec §8): losing a draft never blocks writing or sending a comment.
 */
export type CommentDrafts = {
  read(key: string): Promise<string | null>;
  /** Keeps `text` under `key`; an empty text removes the draft. */
  save(key: string, text: string): Promise<void>;
  clear(key: string): Promise<void>;
};

/** The draft key of a new comment on a task. */
export function taskCommentDraftKey(taskId: number): string {
  return `task:${taskId}`;
}

export function createCommentDrafts(
  deps: { openDb?: () => Promise<LocalDb | null>; now?: () => number } = {},
): CommentDrafts {
  const open = deps.openDb ?? openLocalDb;
  const now = deps.now ?? Date.now;
  let db: Promise<LocalDb | null> | null = null;
  const getDb = async (): Promise<LocalDb | null> => {
    db ??= open().catch(() => null);
    const opened = await db;
    // A failed open is tried again next time.
    if (!opened) db = null;
    return opened;
  };

  const clear = async (key: string) => {
    try {
      await (await getDb())?.delete('commentDrafts', key);
    } catch {
      // Nothing stored is the same as nothing to clear.
    }
  };

  return {
    async read(key) {
      try {
        const draft = await (await getDb())?.get('commentDrafts', key);
        return draft && typeof draft.text === 'string' && draft.text !== '' ? draft.text : null;
      } catch {
        return null;
      }
    },
    async save(key, text) {
      if (text.trim() === '') return clear(key);
      try {
        const draft: CommentDraft = { key, text, savedAt: now() };
        await (await getDb())?.put('commentDrafts', draft);
      } catch {
        // Full or denied storage: the draft lives only as long as the page.
      }
    },
    clear,
  };
}

/** The app's drafts. Creating them opens nothing. */
export const commentDrafts = createCommentDrafts();
