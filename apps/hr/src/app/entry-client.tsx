import { createRoot } from 'react-dom/client';
import { App } from './app';
import '@kadry/ui/tokens.css';
import './app.css';
import { loadTranslations } from '../lib/i18n';
import { readPageData } from '../lib/page-data';
import { createQueryClient } from './query-client';

// The one entry with side effects: read the page, load the user's texts, mount.
const pageData = readPageData();
document.documentElement.lang = pageData.user.locale;
const container = document.getElementById('root');
if (!container) throw new Error('The /app shell has no #root element');
loadTranslations().then((catalog) => {
  createRoot(container).render(
    <App pageData={pageData} catalog={catalog} queryClient={createQueryClient()} />,
  );
});
