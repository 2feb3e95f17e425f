import { lazy } from 'react';
import { Route } from 'wouter';
import { NotFoundPage, ScreenGuard } from '../../components/layout/screen-guard';

const QuestionsPage = lazy(() =>
  import('./components/questions-page').then((module) => ({ default: module.QuestionsPage })),
);
const QuestionPage = lazy(() =>
  import('./components/question-page').then((module) => ({ default: module.QuestionPage })),
);

/** Questions to HR (issue 15): the lists and one question, for app-routes.tsx to put in its <Switch>. */
export const questionRoutes = (
  <>
    <Route path="/questions">
      <ScreenGuard screen="questions">
        <QuestionsPage />
      </ScreenGuard>
    </Route>
    <Route path="/questions/:id">
      {(params) =>
        /^[1-9]\d{0,9}$/.test(params.id) ? (
          <ScreenGuard screen="questions">
            <QuestionPage id={Number(params.id)} />
          </ScreenGuard>
        ) : (
          <NotFoundPage />
        )
      }
    </Route>
  </>
);
