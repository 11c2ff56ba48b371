/**
 * What the site header shows in each state, shared by the React header (components/header.tsx, the
 * admin and the server render) and the page script that runs it on a public page (header.ts), so
 * both write the same markup. Plain functions: the page script carries no React.
 */
import { brand } from '../config/site';

/** Spec: the bar turns solid once the page has scrolled by the header's height minus 20 px. */
export function solidThreshold(headerHeight: number): number {
  return Math.max(0, headerHeight - 20);
}

/** Solid when scrolled past the threshold, while the mobile menu is open, and always over a light page. */
export const headerIsSolid = (scrolled: boolean, menuOpen: boolean, overHero: boolean): boolean =>
  scrolled || menuOpen || !overHero;

/** The logo that reads on the header: dark on the solid (white) bar, light over a dark hero. */
export const logoFor = (solid: boolean): { src: string; name: 'dark' | 'light' } =>
  solid ? { src: brand.logo.dark, name: 'dark' } : { src: brand.logo.light, name: 'light' };

/** The mobile menu button's label. */
export const menuLabel = (open: boolean): string => (open ? 'Close menu' : 'Open menu');

/** A service group's +/− button: its label and its sign. */
export const groupLabel = (expanded: boolean, title: string): string =>
  `${expanded ? 'Collapse' : 'Expand'} ${title}`;
export const groupSign = (expanded: boolean): string => (expanded ? '−' : '+');

/**
 * Fixed ids (a page has one header): the menu and its groups open as `:target` without JavaScript,
 * so their links need ids known before any script runs.
 */
export const NAV_ID = 'site-nav';
export const MEGA_ID = 'site-nav-services';
export const groupListId = (number: string): string => `${MEGA_ID}-g${number}`;
/** A fragment no element has: following it closes the script-less menu without scrolling. */
export const MENU_CLOSED_HASH = '#menu-closed';
