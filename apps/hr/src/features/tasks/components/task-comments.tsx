import {
  TASK_COMMENT_FILES_MAX,
  TASK_COMMENT_MAX_LENGTH,
  type Task,
  type TaskComment,
} from '@kadry/shared/schemas/tasks';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { commentDrafts, taskCommentDraftKey } from '../../../lib/local-db/comment-drafts';
import {
  type CommentChange,
  useCreateComment,
  useDeleteComment,
  useTaskComments,
  useUpdateComment,
} from '../api/task-comments';
import { RatingField, RatingStars } from './rating-field';
import { areFilesSendable, StoredFiles, TaskFilesField } from './task-files-field';
import { useMomentFormat } from './task-format';

type Announce = (message: string) => void;

/** A moment as relative time, with the exact time in a tooltip and for assistive technology. */
export function Moment({ iso }: { iso: string }) {
  const format = useMomentFormat();
  const exact = format.exact(iso);
  return (
    <time dateTime={iso} title={exact}>
      {format.relative(iso)}
    </time>
  );
}

/**
 * A task's comments (spec §2.4, §3.2): oldest first, each with its writer, relative time (exact in
 * the tooltip), rating, text and files; the writer edits (`comment_type` 1) or deletes their own.
 * Below, the form for a new one, whose unsent text is kept as a draft in the local database.
 */
export function TaskComments({ task, onAnnounce }: { task: Task; onAnnounce: Announce }) {
  const t = useT();
  const headingId = useId();
  const comments = useTaskComments(task.id);
  return (
    <section className="task-comments" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {t('hr.tasks.comments.title', { count: comments.data?.length ?? task.comments_count })}
      </h3>
      {comments.isError ? (
        <div role="alert">
          <p>{t('hr.tasks.comments.load_failed')}</p>
          <button type="button" onClick={() => comments.refetch()}>
            {t('hr.common.retry')}
          </button>
        </div>
      ) : comments.data === undefined ? (
        <p role="status">{t('hr.common.loading')}</p>
      ) : comments.data.length === 0 ? (
        <p className="task-comments__empty">{t('hr.tasks.comments.empty')}</p>
      ) : (
        <ol className="task-comments__list">
          {comments.data.map((comment) => (
            <li key={comment.id}>
              <CommentItem
                taskId={task.id}
                comment={comment}
                canShare={task.can.share_comments}
                onAnnounce={onAnnounce}
              />
            </li>
          ))}
        </ol>
      )}
      {task.can.comment ? <NewCommentForm task={task} onAnnounce={onAnnounce} /> : null}
    </section>
  );
}

function CommentItem({
  taskId,
  comment,
  canShare,
  onAnnounce,
}: {
  taskId: number;
  comment: TaskComment;
  canShare: boolean;
  onAnnounce: Announce;
}) {
  const t = useT();
  const headingId = useId();
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteComment(taskId);
  const editRef = useRef<HTMLButtonElement>(null);
  return (
    <article className="task-comment" aria-labelledby={headingId}>
      <header className="task-comment__head">
        <h4 id={headingId} className="task-comment__author">
          {comment.author?.name ?? t('hr.tasks.comments.former_user')}
        </h4>
        <span className="task-comment__meta">
          <Moment iso={comment.created_at} />
          {comment.edited ? ` · ${t('hr.tasks.comments.edited')}` : null}
          {comment.comment_type === 2 ? ` · ${t('hr.tasks.comments.resolution_note')}` : null}
          {comment.is_shared ? ` · ${t('hr.tasks.comments.shared')}` : null}
        </span>
      </header>
      {isEditing ? (
        <EditCommentForm
          taskId={taskId}
          comment={comment}
          canShare={canShare}
          onDone={(message) => {
            setIsEditing(false);
            if (message) onAnnounce(message);
            // Back to the button that opened the form, which is there again.
            window.setTimeout(() => editRef.current?.focus(), 0);
          }}
        />
      ) : (
        <>
          {comment.rating !== null ? <RatingStars rating={comment.rating} /> : null}
          {comment.text ? <p className="task-comment__text">{comment.text}</p> : null}
          <StoredFiles files={comment.files} />
          {comment.can.update || comment.can.delete ? (
            <div className="task-comment__actions">
              {comment.can.update ? (
                <button type="button" ref={editRef} onClick={() => setIsEditing(true)}>
                  {t('hr.tasks.comments.edit')}
                </button>
              ) : null}
              {comment.can.delete ? (
                <button type="button" className="danger" onClick={() => setIsConfirming(true)}>
                  {t('hr.tasks.comments.delete')}
                </button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        role="alertdialog"
        title={t('hr.tasks.comments.delete_title')}
        confirmLabel={t('hr.tasks.comments.delete')}
        cancelLabel={t('hr.tasks.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync(comment.id);
          setIsConfirming(false);
          onAnnounce(t('hr.tasks.comments.deleted'));
        }}
      >
        <p>{t('hr.tasks.comments.delete_text')}</p>
      </ConfirmDialog>
    </article>
  );
}

/** Whether a comment says anything: text, a rating or a file (the server refuses an empty one). */
function isEmptyComment(text: string, rating: number | null, fileCount: number): boolean {
  return text.trim() === '' && rating === null && fileCount === 0;
}

function EditCommentForm({
  taskId,
  comment,
  canShare,
  onDone,
}: {
  taskId: number;
  comment: TaskComment;
  /** Whether the writer may share: then the comment can be made shared or private again. */
  canShare: boolean;
  onDone: (message: string | null) => void;
}) {
  const t = useT();
  const id = useId();
  const update = useUpdateComment(taskId);
  const [text, setText] = useState(comment.text);
  const [rating, setRating] = useState(comment.rating);
  const [removed, setRemoved] = useState<number[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [isShared, setIsShared] = useState(comment.is_shared);
  const [error, setError] = useState<string | null>(null);
  const kept = comment.files.length - removed.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!areFilesSendable(files, kept, TASK_COMMENT_FILES_MAX))
      return setError(t('hr.tasks.files.fix_first'));
    if (isEmptyComment(text, rating, kept + files.length))
      return setError(t('hr.tasks.comments.empty_comment'));
    setError(null);
    const change: CommentChange = {
      text,
      rating,
      removedFileIds: removed,
      files,
      ...(canShare && isShared !== comment.is_shared ? { isShared } : {}),
    };
    try {
      await update.mutateAsync({ id: comment.id, change });
      onDone(t('hr.tasks.comments.updated'));
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    }
  };

  return (
    <form className="task-comment__form" onSubmit={submit} aria-label={t('hr.tasks.comments.edit_label')}>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('hr.tasks.comments.text')}</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={TASK_COMMENT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <RatingField value={rating} onChange={setRating} />
      <TaskFilesField
        label={t('hr.tasks.comments.files')}
        stored={comment.files}
        removedIds={removed}
        onToggleStored={(fileId) =>
          setRemoved((current) =>
            current.includes(fileId) ? current.filter((other) => other !== fileId) : [...current, fileId],
          )
        }
        files={files}
        onChange={setFiles}
        maxFiles={TASK_COMMENT_FILES_MAX}
      />
      {canShare ? (
        <label className="task-form__check">
          <input type="checkbox" checked={isShared} onChange={(event) => setIsShared(event.target.checked)} />
          {t('hr.tasks.comments.share')}
        </label>
      ) : null}
      <FormError message={error} />
      <div className="task-comment__actions">
        <button type="submit" className="primary" aria-disabled={update.isPending}>
          {t('hr.common.save')}
        </button>
        <button type="button" onClick={() => onDone(null)}>
          {t('hr.tasks.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * A new comment: text, rating, files and (for who may) sharing. The text is kept as a draft in the
 * local database as it is typed, comes back after a reload, and is cleared once the comment is sent.
 */
function NewCommentForm({ task, onAnnounce }: { task: Task; onAnnounce: Announce }) {
  const t = useT();
  const id = useId();
  const create = useCreateComment(task.id);
  const draftKey = taskCommentDraftKey(task.id);
  const [text, setText] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [isShared, setIsShared] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isDraftRestored, setIsDraftRestored] = useState(false);
  // Typing before the stored draft arrives wins over it.
  const hasTyped = useRef(false);

  useEffect(() => {
    let isCurrent = true;
    commentDrafts.read(draftKey).then((draft) => {
      if (!isCurrent) return;
      if (draft !== null && !hasTyped.current) {
        setText(draft);
        setIsDraftRestored(true);
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [draftKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!areFilesSendable(files, 0, TASK_COMMENT_FILES_MAX)) return setError(t('hr.tasks.files.fix_first'));
    if (isEmptyComment(text, rating, files.length)) return setError(t('hr.tasks.comments.empty_comment'));
    setError(null);
    try {
      await create.mutateAsync({ text, rating, isShared, files });
      hasTyped.current = false;
      await commentDrafts.clear(draftKey);
      setText('');
      setRating(null);
      setFiles([]);
      setIsShared(false);
      setIsDraftRestored(false);
      onAnnounce(t('hr.tasks.comments.sent'));
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    }
  };

  return (
    <form
      className="task-comment__form task-comments__new"
      onSubmit={submit}
      aria-label={t('hr.tasks.comments.new_label')}
    >
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('hr.tasks.comments.your_comment')}</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={TASK_COMMENT_MAX_LENGTH}
          value={text}
          aria-describedby={isDraftRestored ? `${id}-draft` : undefined}
          onChange={(event) => {
            hasTyped.current = true;
            setText(event.target.value);
            // Written at once (IndexedDB keeps the writes in order): a reload right after typing keeps it.
            void commentDrafts.save(draftKey, event.target.value);
          }}
        />
        {isDraftRestored ? (
          <p className="hint" id={`${id}-draft`}>
            {t('hr.tasks.comments.draft_restored')}
          </p>
        ) : null}
      </div>
      <RatingField value={rating} onChange={setRating} />
      <TaskFilesField
        label={t('hr.tasks.comments.files')}
        files={files}
        onChange={setFiles}
        maxFiles={TASK_COMMENT_FILES_MAX}
      />
      {task.can.share_comments ? (
        <label className="task-form__check">
          <input type="checkbox" checked={isShared} onChange={(event) => setIsShared(event.target.checked)} />
          {t('hr.tasks.comments.share')}
        </label>
      ) : null}
      <FormError message={error} />
      <div className="task-comment__actions">
        <button type="submit" className="primary" aria-disabled={create.isPending}>
          {t('hr.tasks.comments.send')}
        </button>
      </div>
    </form>
  );
}
