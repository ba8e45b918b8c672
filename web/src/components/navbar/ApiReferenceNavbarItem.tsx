import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import NavbarNavLink from '@theme/NavbarItem/NavbarNavLink';
import clsx from 'clsx';

/** The interactive API reference lives on the API host: `${apiBase}/docs` from runtime config. */
export default function ApiReferenceNavbarItem({
  label = 'API reference',
  mobile = false,
  position: _position,
  className,
}: {
  label?: string;
  mobile?: boolean;
  position?: 'left' | 'right';
  className?: string;
}) {
  const config = useRuntimeConfig();
  // Before the settings arrive, the same-origin reference (pathname:// keeps it out of the SPA router).
  const href = config ? `${config.apiBase}/docs` : 'pathname:///api/docs';
  // A narrow desktop navbar shows the first word only ("API"); the rest stays in the link's name.
  const [first, ...rest] = label.split(' ');
  const shown =
    mobile || rest.length === 0 ? (
      label
    ) : (
      <>
        {first}
        <span className="rq-navbar-wide-only"> {rest.join(' ')}</span>
      </>
    );
  const link = (
    <NavbarNavLink
      className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', className)}
      href={href}
      label={shown}
    />
  );
  return mobile ? <li className="menu__list-item">{link}</li> : link;
}
