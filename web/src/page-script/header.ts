import {
  groupLabel,
  groupSign,
  headerIsSolid,
  logoFor,
  menuLabel,
  solidThreshold,
} from './header-state';

/**
 * Runs the server-rendered site header (components/header.tsx's markup) without React: solid on
 * scroll with the logo and chat colour swapped, the mobile menu, the Services mega-menu (hover,
 * click, Escape, focus leaving) and each service group's +/− toggle.
 */
export function startHeader(doc: Document, signal?: AbortSignal): void {
  const header = doc.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  const find = <T extends Element>(selector: string) => header.querySelector<T>(selector);
  const nav = find('.site-nav');
  const toggle = find('.nav-toggle');
  const services = find('.site-nav__services');
  const servicesButton = find<HTMLElement>('.site-nav__services-button');
  const logo = find('.site-header__brand img');
  const chat = find('.chat-link');
  const overHero = header.dataset.overHero !== 'false';
  let scrolled = false;
  let menuOpen = false;
  let megaOpen = false;
  // A click right after the pointer opened the menu by hovering must not close it again.
  let openedByHover = false;

  const paint = (): void => {
    const solid = headerIsSolid(scrolled, menuOpen, overHero);
    header.classList.toggle('site-header--solid', solid);
    header.dataset.solid = String(solid);
    const { src, name } = logoFor(solid);
    // Only on a change: setting src again would restart the image's update steps.
    if (logo && logo.getAttribute('data-logo') !== name) {
      logo.setAttribute('src', src);
      logo.setAttribute('data-logo', name);
    }
    chat?.classList.toggle('chat-link--dark', solid);
    nav?.classList.toggle('is-open', menuOpen);
    toggle?.setAttribute('aria-expanded', String(menuOpen));
    toggle?.setAttribute('aria-label', menuLabel(menuOpen));
    services?.classList.toggle('is-open', megaOpen);
    services?.querySelector('.mega-menu')?.classList.toggle('is-open', megaOpen);
    servicesButton?.setAttribute('aria-expanded', String(megaOpen));
  };
  const setMega = (open: boolean): void => {
    megaOpen = open;
    paint();
  };
  const on = (
    target: EventTarget | null | undefined,
    type: string,
    listener: (event: Event) => void,
  ): void => target?.addEventListener(type, listener, { signal, passive: type === 'scroll' });

  const onScroll = (): void => {
    // At the top nothing is read from the layout (the threshold is never below 0).
    const y = window.scrollY;
    const next = y > 0 && y > solidThreshold(header.offsetHeight);
    if (next !== scrolled) {
      scrolled = next;
      paint();
    }
  };
  on(window, 'scroll', onScroll);
  on(window, 'resize', onScroll);
  on(toggle, 'click', () => {
    menuOpen = !menuOpen;
    paint();
  });
  on(services, 'mouseenter', () => {
    if (!megaOpen) openedByHover = true;
    setMega(true);
  });
  on(services, 'mouseleave', () => {
    openedByHover = false;
    setMega(false);
  });
  on(services, 'focusout', (event) => {
    const next = (event as FocusEvent).relatedTarget;
    if (!(next instanceof Node && services?.contains(next))) setMega(false);
  });
  on(servicesButton, 'click', () => {
    if (openedByHover) openedByHover = false;
    else setMega(!megaOpen);
  });
  on(header, 'keydown', (event) => {
    if ((event as KeyboardEvent).key !== 'Escape') return;
    if (megaOpen) {
      setMega(false);
      servicesButton?.focus();
    } else if (menuOpen) {
      menuOpen = false;
      paint();
    }
  });
  on(header, 'click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const groupToggle = target?.closest<HTMLElement>('button.mega-group__toggle');
    if (groupToggle) {
      const expanded = groupToggle.getAttribute('aria-expanded') !== 'true';
      groupToggle.setAttribute('aria-expanded', String(expanded));
      groupToggle.setAttribute('aria-label', groupLabel(expanded, groupToggle.dataset.title ?? ''));
      groupToggle.firstElementChild?.replaceChildren(groupSign(expanded));
      groupToggle.closest('.mega-group')?.classList.toggle('is-expanded', expanded);
    } else if (target?.closest('a[href]') && nav?.contains(target)) {
      // A link followed within the page (#anchor) leaves the menus closed, as a page load would.
      menuOpen = false;
      megaOpen = false;
      paint();
    }
  });
  paint();
  // A page opened part-way down (Back, a reload) gets its solid bar in the first frame: reading
  // the scroll position now would make the browser lay the page out while it starts.
  window.requestAnimationFrame(onScroll);
}
