import { serveBaselineFromParent } from './baseline-server';

// Entry of the baseline child process (forked by startBaselineServer); nothing else runs it.
serveBaselineFromParent().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
