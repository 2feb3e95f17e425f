/** Where the 'Powered by Kadry' credit points: the project's home. */
const POWERED_BY_URL = 'https://github.com/kadry-hr/kadry';

/** rel of footer links (spec §2.1): search engines may follow them only when indexing is on. */
function getFooterLinkRel(indexing: boolean): string {
  return indexing ? 'noopener' : 'nofollow noopener';
}

/** The page footer with 'All vacancies' and the 'Powered by Kadry' credit. */
export function SiteFooter({
  listUrl,
  indexing,
  allVacanciesLabel,
  poweredByLabel,
}: {
  listUrl: string;
  indexing: boolean;
  allVacanciesLabel: string;
  poweredByLabel: string;
}) {
  const rel = getFooterLinkRel(indexing);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <a className="site-footer__link" href={listUrl} rel={rel}>
          {allVacanciesLabel}
        </a>
        <a className="site-footer__credit" href={POWERED_BY_URL} rel={rel} target="_blank">
          {poweredByLabel} <strong>Kadry</strong>
        </a>
      </div>
    </footer>
  );
}
