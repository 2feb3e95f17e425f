import { lazy } from 'react';
import { Route } from 'wouter';
import { NotFoundPage, ScreenGuard } from '../../components/layout/screen-guard';

const TasksPage = lazy(() =>
  import('./components/tasks-page').then((module) => ({ default: module.TasksPage })),
);

/**
 * The tasks screen (issue 15): /tasks lists them, /tasks/:id opens one in the modal over the list
 * (one route, so the list stays mounted and focus goes back to the row that opened the task).
 */
export const taskRoutes = (
  <Route path="/tasks/:id?">
    {(params) =>
      params.id === undefined || /^\d{1,12}$/.test(params.id) ? (
        <ScreenGuard screen="tasks">
          <TasksPage openId={params.id === undefined ? undefined : Number(params.id)} />
        </ScreenGuard>
      ) : (
        <NotFoundPage />
      )
    }
  </Route>
);
