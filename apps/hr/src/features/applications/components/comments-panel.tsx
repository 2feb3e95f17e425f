import { formatRelativeTime } from '@kadry/shared/format/relative-time';
import { COMMENT_MAX_LENGTH, type Comment } from '@kadry/shared/schemas/recruiting';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment, useEditComment } from '../api/comments';
import { useComments } from '../api/get-comments';
import { formatDateTime } from './application-history';
import { CommentText } from './comment-text';
import { fromMentionTokens, MentionTextarea, type PickedMention, toMentionTokens } from './mention-textarea';
import './comments.css';

/** "5 minutes ago", with the exact moment in a title and in the machine-readable dateTime. */
export function RelativeTime({ iso }: { iso: string }) {
  const locale = useLocale();
  return (
    <time dateTime={iso} title={formatDateTime(iso, locale)} className="hint">
      {formatRelativeTime(iso, new Date(), locale)}
    </time>
  );
}

/** A comment box's text and the colleagues picked in it. */
function useDraft(initial: { text: string; picked: PickedMention[] } = { text: '', picked: [] }) {
  const [text, setText] = useState(initial.text);
  const [picked, setPicked] = useState<PickedMention[]>(initial.picked);
  return {
    text,
    setText,
    pick: (person: PickedMention) =>
      setPicked((list) => (list.some((p) => p.id === person.id) ? list : [...list, person])),
    /** What to send: picked names as `<@id>`. */
    toSend: () => toMentionTokens(text.trim(), picked),
    reset: () => {
      setText('');
      setPicked([]);
    },
  };
}

function CommentItem({
  applicationId,
  comment,
  isMine,
  canChange,
}: {
  applicationId: number;
  comment: Comment;
  isMine: boolean;
  canChange: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const edit = useEditComment(applicationId);
  const remove = useDeleteComment(applicationId);
  const draft = useDraft(fromMentionTokens(comment.text, comment.mentions));

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (draft.text.trim() === '' || edit.isPending) return;
    edit.mutate(
      { id: comment.id, input: { text: draft.toSend() } },
      {
        onSuccess: () => {
          setIsEditing(false);
          snackbar.success(t('hr.comments.saved'));
        },
        onError: (error) => snackbar.error(getRequestErrorMessage(error)),
      },
    );
  };

  return (
    <li className="comments__item">
      <p className="comments__meta">
        <strong>{comment.author.name}</strong>
        <RelativeTime iso={comment.created_at} />
        {comment.edited_at ? (
          <span
            className="hint"
            title={t('hr.comments.edited_at', { time: formatDateTime(comment.edited_at, locale) })}
          >
            ({t('hr.comments.edited')})
          </span>
        ) : null}
        {comment.is_shared ? null : (
          <span className="chip chip--grey">{t('hr.candidate.comment_private')}</span>
        )}
      </p>
      {isEditing ? (
        <form onSubmit={onSave}>
          <MentionTextarea
            id={`${id}-edit`}
            applicationId={applicationId}
            value={draft.text}
            onChange={draft.setText}
            onPick={draft.pick}
            isPrivate={!comment.is_shared}
            maxLength={COMMENT_MAX_LENGTH}
            label={t('hr.comments.edit_label')}
          />
          <div className="comments__actions">
            <button type="submit" aria-disabled={edit.isPending || draft.text.trim() === ''}>
              {t('hr.comments.save')}
            </button>
            <button type="button" onClick={() => setIsEditing(false)}>
              {t('hr.comments.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <CommentText text={comment.text} mentions={comment.mentions} />
      )}
      {isMine && canChange && !isEditing ? (
        <div className="comments__actions">
          <button type="button" onClick={() => setIsEditing(true)}>
            {t('hr.comments.edit')}
          </button>
          <button type="button" onClick={() => setIsDeleting(true)}>
            {t('hr.comments.delete')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={isDeleting}
        onClose={() => setIsDeleting(false)}
        role="alertdialog"
        title={t('hr.comments.delete_title')}
        confirmLabel={t('hr.comments.delete')}
        cancelLabel={t('hr.comments.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync(comment.id);
          snackbar.success(t('hr.comments.deleted'));
          setIsDeleting(false);
        }}
      >
        <p>{t('hr.comments.delete_confirm')}</p>
      </ConfirmDialog>
    </li>
  );
}

/**
 * An application's comments and the form for a new one. A comment is private to its author unless
 * shared (docs/decisions/011-comment-visibility.md): the "Shared with the team" box appears only to
 * roles with share_comments, and private comments carry a label. "@" mentions a colleague, who is
 * notified; one's own comments can be edited and deleted.
 */
export function CommentsPanel({ applicationId, canChange }: { applicationId: number; canChange: boolean }) {
  const t = useT();
  const id = useId();
  const me = usePageData().user.id;
  const canShare = usePermissions().canDo('Candidate', 'share_comments');
  const comments = useComments(applicationId);
  const add = useAddComment(applicationId);
  const draft = useDraft();
  const [isShared, setIsShared] = useState(false);
  const shared = canShare && isShared;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.text.trim() === '' || add.isPending) return;
    add.mutate(
      { text: draft.toSend(), is_shared: shared },
      {
        onSuccess: () => {
          draft.reset();
          snackbar.success(t('hr.candidate.comment_added'));
        },
        onError: (error) => snackbar.error(getRequestErrorMessage(error)),
      },
    );
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('hr.candidate.comments')}</h2>
      <QueryState
        isPending={comments.isPending}
        isError={comments.isError}
        onRetry={() => comments.refetch()}
      >
        {comments.data?.length === 0 ? <p className="hint">{t('hr.candidate.no_comments')}</p> : null}
        <ul className="comments__list">
          {(comments.data ?? []).map((comment) => (
            <CommentItem
              key={comment.id}
              applicationId={applicationId}
              comment={comment}
              isMine={comment.author.id === me}
              canChange={canChange}
            />
          ))}
        </ul>
      </QueryState>
      {canChange ? (
        <form onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-text`}>{t('hr.candidate.new_comment')}</label>
            <MentionTextarea
              id={`${id}-text`}
              applicationId={applicationId}
              value={draft.text}
              onChange={draft.setText}
              onPick={draft.pick}
              isPrivate={!shared}
              maxLength={COMMENT_MAX_LENGTH}
              describedBy={`${id}-hints`}
            />
            <div id={`${id}-hints`}>
              <p className="hint">{t('hr.comments.mention_hint')}</p>
              {shared ? null : (
                <p className="hint">
                  {t('hr.candidate.comment_private_hint')} {t('hr.comments.mention_private_hint')}
                </p>
              )}
            </div>
          </div>
          {canShare ? (
            <div className="field">
              <label>
                <input
                  type="checkbox"
                  checked={isShared}
                  onChange={(event) => setIsShared(event.target.checked)}
                />{' '}
                {t('hr.candidate.comment_shared')}
              </label>
            </div>
          ) : null}
          <button type="submit" disabled={add.isPending || draft.text.trim() === ''}>
            {t('hr.candidate.add_comment')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
