import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { brand, chatHref } from '../config/site';
import { groupNumber, useSiteSettings } from '../lib/site-settings';
import { safeLinks } from '../lib/safe-links';
import { env } from '../lib/env';
import { ChatIcon, ChevronDown, CloseIcon, MenuIcon } from './icons';
import { blockPageLinks } from '../config/pages';

/** Spec: the bar turns solid once the page has scrolled by the header's height minus 20 px. */
export function solidThreshold(headerHeight: number): number {
  return Math.max(0, headerHeight - 20);
}

/**
 * Fixed site header: logo, main links, services mega-menu, chat link and the mobile menu. Over a
 * dark hero (`overHero`) it starts transparent with light links and turns solid on scroll (spec);
 * over a light page it is solid from the top, so its links always read.
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
  const megaId = useId();
  const navId = useId();

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
  const solid = scrolled || menuOpen || !overHero;
  const site = useSiteSettings();
  const logo = solid ? brand.logo.dark : brand.logo.light;

  return (
    <header
      ref={headerRef}
      className={`site-header${solid ? ' site-header--solid' : ''}`}
      data-solid={solid}
      onKeyDown={onKeyDown}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header__inner container">
        <Link to="/" className="site-header__brand" aria-label={`${site.name} – home`}>
          <img
            src={logo}
            alt={site.name}
            width={brand.logo.width}
            height={brand.logo.height}
            data-logo={solid ? 'dark' : 'light'}
          />
        </Link>

        <nav id={navId} className={`site-nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
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
                aria-controls={megaId}
                onClick={() => {
                  if (openedByHover.current) openedByHover.current = false;
                  else setMegaOpen((o) => !o);
                }}
              >
                Services <ChevronDown />
              </button>
              <div id={megaId} className={`mega-menu${megaOpen ? ' is-open' : ''}`}>
                <div className="mega-menu__inner">
                  {site.serviceGroups.map((group, index) => {
                    const number = groupNumber(index);
                    const listId = `${megaId}-g${number}`;
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
                            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${group.title}`}
                            onClick={() => setExpanded((s) => ({ ...s, [number]: !isExpanded }))}
                          >
                            <span aria-hidden="true">{isExpanded ? '−' : '+'}</span>
                          </button>
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
          aria-controls={navId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? (
            <CloseIcon style={{ height: 45 }} height={45} />
          ) : (
            <MenuIcon style={{ height: 20 }} height={20} />
          )}
        </button>
      </div>
    </header>
  );
}
