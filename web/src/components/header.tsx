import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { brand, chatHref } from '../config/site';
import {
  groupLabel,
  groupListId,
  groupSign,
  headerIsSolid,
  logoFor,
  MEGA_ID,
  MENU_CLOSED_HASH,
  menuLabel,
  NAV_ID,
  solidThreshold,
} from '../page-script/header-state';
import { groupNumber, useSiteSettings } from '../lib/site-settings';
import { safeLinks } from '../lib/safe-links';
import { env } from '../lib/env';
import { ChatIcon, ChevronDown, CloseIcon, MenuIcon } from './icons';
import { blockPageLinks } from '../config/pages';

export { solidThreshold };

/**
 * Fixed site header: logo, main links, services mega-menu, chat link and the mobile menu. Over a
 * dark hero (`overHero`) it starts transparent with light links and turns solid on scroll (spec);
 * over a light page it is solid from the top, so its links always read. On a public page the server
 * HTML is not hydrated: the page script (page-script/header.ts) runs the same markup. Without
 * JavaScript the `<noscript>` links open the mobile menu and its groups as `:target` (shell.css).
 */
export function Header({ overHero = true }: { overHero?: boolean }) {
  const { pathname, hash } = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const servicesButtonRef = useRef<HTMLButtonElement>(null);
  // A click right after the pointer opened the menu by hovering must not close it again.
  const openedByHover = useRef(false);
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [megaOpen, setMegaOpen] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  useEffect(() => {
    const update = (): void => {
      const height = headerRef.current?.offsetHeight ?? 0;
      setScrolled(window.scrollY > solidThreshold(height));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  // Any navigation closes the menus.
  useEffect(() => {
    setMenuOpen(false);
    setMegaOpen(false);
  }, [pathname, hash]);

  const closeMega = useCallback((returnFocus: boolean) => {
    setMegaOpen(false);
    if (returnFocus) servicesButtonRef.current?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    if (e.key !== 'Escape') return;
    if (megaOpen) closeMega(true);
    else if (menuOpen) setMenuOpen(false);
  };

  const onServicesBlur = (e: FocusEvent<HTMLLIElement>): void => {
    if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
    setMegaOpen(false);
  };

  // Transparent with light links only over a dark hero; solid wherever the page behind is light.
  const solid = headerIsSolid(scrolled, menuOpen, overHero);
  const site = useSiteSettings();
  const logo = logoFor(solid);

  return (
    <header
      ref={headerRef}
      className={`site-header${solid ? ' site-header--solid' : ''}`}
      data-solid={solid}
      data-over-hero={overHero}
      onKeyDown={onKeyDown}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner container">
        <Link to="/" className="site-header__brand" aria-label={`${site.name} – home`}>
          <img
            src={logo.src}
            alt={site.name}
            width={brand.logo.width}
            height={brand.logo.height}
            data-logo={logo.name}
          />
        </Link>

        <nav id={NAV_ID} className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
          <ul className="site-nav__list">
            {safeLinks(site.navBefore).map((l) => (
              <li key={l.href}>
                <NavLink to={l.href} end className="site-nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
            <li
              className={`site-nav__services${megaOpen ? ' is-open' : ''}`}
              onMouseEnter={() => {
                if (!megaOpen) openedByHover.current = true;
                setMegaOpen(true);
              }}
              onMouseLeave={() => {
                openedByHover.current = false;
                setMegaOpen(false);
              }}
              onBlur={onServicesBlur}
            >
              <button
                ref={servicesButtonRef}
                type="button"
                className="site-nav__link site-nav__services-button"
                aria-expanded={megaOpen}
                aria-controls={MEGA_ID}
                onClick={() => {
                  if (openedByHover.current) openedByHover.current = false;
                  else setMegaOpen((o) => !o);
                }}
              >
                Services <ChevronDown />
              </button>
              <div id={MEGA_ID} className={`mega-menu${megaOpen ? ' is-open' : ''}`}>
                <div className="mega-menu__inner">
                  {site.serviceGroups.map((group, index) => {
                    const number = groupNumber(index);
                    const listId = groupListId(number);
                    const isExpanded = expanded[number] === true;
                    return (
                      <div key={number} className={`mega-group${isExpanded ? ' is-expanded' : ''}`}>
                        <div className="mega-group__head">
                          <span className="mega-group__title">
                            <span className="mega-group__number">{number}</span> {group.title}
                          </span>
                          <button
                            type="button"
                            className="mega-group__toggle"
                            aria-expanded={isExpanded}
                            aria-controls={listId}
                            aria-label={groupLabel(isExpanded, group.title)}
                            data-title={group.title}
                            onClick={() => setExpanded((s) => ({ ...s, [number]: !isExpanded }))}
                          >
                            <span aria-hidden="true">{groupSign(isExpanded)}</span>
                          </button>
                          <noscript>
                            <a
                              className="mega-group__toggle mega-group__toggle--nojs"
                              href={`#${listId}`}
                              aria-label={groupLabel(false, group.title)}
                            >
                              {groupSign(false)}
                            </a>
                            <a
                              className="mega-group__toggle mega-group__toggle--nojs mega-group__toggle--collapse"
                              href={`#${NAV_ID}`}
                              aria-label={groupLabel(true, group.title)}
                            >
                              {groupSign(true)}
                            </a>
                          </noscript>
                        </div>
                        <ul id={listId} className="mega-group__links">
                          {safeLinks(group.links).map((l) => (
                            <li key={l.label}>
                              <Link to={l.href}>{l.label}</Link>
                            </li>
                          ))}
                        </ul>
                      </div>
                    );
                  })}
                </div>
                <Link to={blockPageLinks.services} className="mega-menu__all">
                  View all services
                </Link>
              </div>
            </li>
            {safeLinks(site.navAfter).map((l) => (
              <li key={l.href}>
                <NavLink to={l.href} className="site-nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <a
          className={`chat-link${solid ? ' chat-link--dark' : ''}`}
          href={chatHref(site.chatNumber, env.VITE_WHATSAPP_NUMBER)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Chat with us on WhatsApp (opens in a new tab)"
        >
          <ChatIcon />
        </a>

        <button
          type="button"
          className="nav-toggle"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          aria-label={menuLabel(menuOpen)}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {/* Both icons, the one shown follows aria-expanded (CSS), so a script need not draw them. */}
          <MenuIcon className="nav-toggle__open" style={{ height: 20 }} height={20} />
          <CloseIcon className="nav-toggle__close" style={{ height: 45 }} height={45} />
        </button>
        <noscript>
          <a
            className="nav-toggle nav-toggle--nojs"
            href={`#${NAV_ID}`}
            aria-label={menuLabel(false)}
          >
            <MenuIcon style={{ height: 20 }} height={20} />
          </a>
          <a
            className="nav-toggle nav-toggle--nojs nav-toggle--nojs-close"
            href={MENU_CLOSED_HASH}
            aria-label={menuLabel(true)}
          >
            <CloseIcon style={{ height: 45 }} height={45} />
          </a>
        </noscript>
      </div>
    </header>
  );
}
