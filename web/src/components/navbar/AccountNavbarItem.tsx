import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import { useThemeConfig } from '@docusaurus/theme-common';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { signOutUser, useAuth } from '@site/src/lib/auth';
import NavbarNavLink from '@theme/NavbarItem/NavbarNavLink';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import styles from './AccountNavbarItem.module.css';
import WorkspaceSwitcher from './WorkspaceSwitcher';

/** The account menu's links: the code manager, rules and GS1 items first, then the seed's order; Logout follows them. */
export const ACCOUNT_LINKS = [
  { to: '/codes', label: 'Codes' },
  { to: '/rules', label: 'Rules' },
  { to: '/gs1', label: 'GS1 items' },
  { to: '/subscriptions', label: 'Subscriptions' },
  { to: '/api-keys', label: 'API keys' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/hosts', label: 'Hostnames' },
  { to: '/analytics', label: 'Analytics' },
] as const;

/**
 * The account links the phone menu adds: the navbar's own links are already listed above it there,
 * so each page is named once.
 */
function usePhoneMenuAccountLinks(): (typeof ACCOUNT_LINKS)[number][] {
  const { navbar } = useThemeConfig();
  const inNavbar = new Set(navbar.items.map((item) => item.to).filter(Boolean));
  return ACCOUNT_LINKS.filter((link) => !inNavbar.has(link.to));
}

function useLogout(): () => void {
  const history = useHistory();
  return () => {
    signOutUser()
      .then(() => history.push('/'))
      .catch((error: unknown) => console.error('Logout failed', error));
  };
}

function Avatar({ photoURL, name }: { photoURL: string | null; name: string }) {
  const fallback = useBaseUrl('/img/default-avatar.svg');
  const [src, setSrc] = useState(photoURL || fallback);
  return (
    <img
      className={styles.avatar}
      src={src}
      alt={name}
      width={28}
      height={28}
      referrerPolicy="no-referrer"
      onError={() => setSrc(fallback)}
    />
  );
}

/** Login when signed out; when signed in, an avatar that opens the account menu. */
export default function AccountNavbarItem({
  mobile = false,
  onClick,
}: {
  mobile?: boolean;
  position?: 'left' | 'right';
  /** In the phone menu, the theme passes the function that closes it. */
  onClick?: () => void;
}) {
  const auth = useAuth();
  const logout = useLogout();
  const phoneLinks = usePhoneMenuAccountLinks();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !menuRef.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (auth.status === 'loading') {
    return mobile ? null : <span className={clsx('navbar__item', styles.placeholder)} aria-hidden="true" />;
  }
  if (auth.status === 'signedOut') {
    const link = (
      <NavbarNavLink
        className={mobile ? 'menu__link' : 'navbar__item navbar__link'}
        to="/login"
        label="Login"
        onClick={onClick}
      />
    );
    return mobile ? <li className="menu__list-item">{link}</li> : link;
  }

  const name = auth.user.displayName || auth.user.email || 'Your account';
  if (mobile) {
    return (
      <li className="menu__list-item">
        <div className={clsx('menu__link', styles.mobileHeader)}>
          <Avatar photoURL={auth.user.photoURL} name={name} />
          <span>{name}</span>
        </div>
        <ul className="menu__list">
          <WorkspaceSwitcher mobile onDone={() => onClick?.()} />
          {phoneLinks.map((item) => (
            <li className="menu__list-item" key={item.to}>
              <Link className="menu__link" to={item.to} onClick={onClick}>
                {item.label}
              </Link>
            </li>
          ))}
          <li className="menu__list-item">
            <button
              type="button"
              className={clsx('menu__link', styles.logoutButton)}
              onClick={() => {
                // Close the menu too: on / itself, going to / changes no page that would close it.
                onClick?.();
                logout();
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      </li>
    );
  }

  return (
    <div
      className={clsx('navbar__item dropdown dropdown--hoverable dropdown--right', open && 'dropdown--show')}
      ref={menuRef}
    >
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="true"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar photoURL={auth.user.photoURL} name={name} />
      </button>
      <ul className={clsx('dropdown__menu', styles.menu)}>
        <li className={styles.identity}>
          <strong>{auth.user.displayName || 'Signed in'}</strong>
          {auth.user.email && <span>{auth.user.email}</span>}
        </li>
        <WorkspaceSwitcher onDone={() => setOpen(false)} />
        {ACCOUNT_LINKS.map((item) => (
          <li key={item.to}>
            <Link className="dropdown__link" to={item.to} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={clsx('dropdown__link', styles.logoutButton)}
            onClick={() => {
              setOpen(false);
              logout();
            }}
          >
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
