import { route } from '@kadry/shared/routes';
import {
  TASK_COMMENT_TYPES,
  type TaskComment,
  taskCommentListResponseSchema,
  taskCommentResponseSchema,
} from '@kadry/shared/schemas/tasks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tasksKeys } from './get-tasks';

/** `GET profile.events.comments`: the comments the reader sees, oldest first. */
export function useTaskComments(taskId: number) {
  return useQuery({
    queryKey: tasksKeys.comments(taskId),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('profile.events.comments', taskId), {
          schema: taskCommentListResponseSchema,
          signal,
        })
      ).data.data,
  });
}

export type NewComment = { text: string; rating: number | null; isShared: boolean; files: readonly File[] };

/** The multipart body of a new comment (spec §7.2): text, rating, `attached_files[i]`. */
export function buildCommentFormData(comment: NewComment): FormData {
  const body = new FormData();
  body.append('text', comment.text.trim());
  body.append('rating', comment.rating === null ? '' : String(comment.rating));
  if (comment.isShared) body.append('is_shared', '1');
  comment.files.forEach((file, index) => {
    body.append(`attached_files[${index}]`, file, file.name);
  });
  return body;
}

export type CommentChange = {
  text: string;
  rating: number | null;
  removedFileIds: readonly number[];
  files: readonly File[];
  /** Shared or private again (only for who may share; absent = unchanged). */
  isShared?: boolean | undefined;
};

/**
 * The multipart body of a comment edit (spec §4, §7.2): `comment_type` 1, text, rating, the stored
 * files to drop as `removed_files[i]`, new ones as `attached_files[i]` (`_method=PUT` is the client's).
 */
export function buildCommentEditFormData(change: CommentChange): FormData {
  const body = new FormData();
  body.append('comment_type', String(TASK_COMMENT_TYPES.comment));
  body.append('text', change.text.trim());
  body.append('rating', change.rating === null ? '' : String(change.rating));
  if (change.isShared !== undefined) body.append('is_shared', change.isShared ? '1' : '0');
  change.removedFileIds.forEach((id, index) => {
    body.append(`removed_files[${index}]`, String(id));
  });
  change.files.forEach((file, index) => {
    body.append(`attached_files[${index}]`, file, file.name);
  });
  return body;
}

/** After any change to the comments: the list, and the task's comment count. */
function useRefreshComments(taskId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: tasksKeys.comments(taskId) }),
      client.invalidateQueries({ queryKey: tasksKeys.one(taskId) }),
    ]);
}

/** `POST profile.events.comments` (multipart). */
export function useCreateComment(taskId: number) {
  const refresh = useRefreshComments(taskId);
  return useMutation({
    mutationFn: async (comment: NewComment): Promise<TaskComment> =>
      (
        await api.post(route('profile.events.comments', taskId), buildCommentFormData(comment), {
          schema: taskCommentResponseSchema,
        })
      ).data.data,
    onSuccess: refresh,
  });
}

/** `POST profile.events.comment` with `_method=PUT` and `comment_type` 1: the writer's edit. */
export function useUpdateComment(taskId: number) {
  const refresh = useRefreshComments(taskId);
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: CommentChange }): Promise<TaskComment> =>
      (
        await api.put(
          route('profile.events.comment', { id: taskId, commentId: id }),
          buildCommentEditFormData(change),
          { schema: taskCommentResponseSchema },
        )
      ).data.data,
    onSuccess: refresh,
  });
}

/** `DELETE profile.events.comment`. */
export function useDeleteComment(taskId: number) {
  const refresh = useRefreshComments(taskId);
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('profile.events.comment', { id: taskId, commentId: id }));
    },
    onSuccess: refresh,
  });
}
