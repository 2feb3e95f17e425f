import '@kadry/ui/tokens.css';
import './styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CareersApp } from './careers-app';
import { readInitialData, readPageData } from './page-data';

const root = document.getElementById('root');
if (root) {
  hydrateRoot(
    root,
    <StrictMode>
      <CareersApp
        pageData={readPageData(document)}
        initialData={readInitialData(document)}
        location={{ pathname: window.location.pathname, search: window.location.search }}
      />
    </StrictMode>,
  );
}
