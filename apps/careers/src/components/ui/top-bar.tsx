import type { ReactNode } from 'react';

/** Reserved logo box, so the image arriving late cannot shift the page. */
const LOGO_SIZE_PX = 40;

/** The page banner: company logo and name (linking to the list) and the language switcher. */
export function TopBar({
  companyName,
  logoSrc,
  homeUrl,
  children,
}: {
  companyName: string;
  logoSrc: string | null;
  homeUrl: string;
  children?: ReactNode;
}) {
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <a className="top-bar__brand" href={homeUrl}>
          {logoSrc ? (
            <img
              className="top-bar__logo"
              src={logoSrc}
              alt=""
              width={LOGO_SIZE_PX}
              height={LOGO_SIZE_PX}
              decoding="async"
            />
          ) : (
            <span className="top-bar__logo top-bar__logo--initial" aria-hidden="true">
              {companyName.trim().charAt(0).toUpperCase()}
            </span>
          )}
          <span className="top-bar__name">{companyName}</span>
        </a>
        {children}
      </div>
    </header>
  );
}
