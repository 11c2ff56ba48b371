import type { MouseEvent, ReactNode } from 'react';
import { isSitePath, safeHref } from '@agency/shared';
import { scrollToElement } from '../../lib/scroll';
import './sections.css';

/** What a section button does: go to a page, or scroll smoothly to an element of this page (the enquiry form). */
export type SectionAction = (
  { label: string; href: string } | { label: string; scrollTo: string }
) & {
  /** Words for screen readers and crawlers that make a short label ("Learn more") say where it goes. */
  context?: string;
};

function Label({ action }: { action: SectionAction }) {
  return (
    <>
      {action.label}
      {action.context && <span className="visually-hidden"> {action.context}</span>}
    </>
  );
}

interface ScrollLinkProps {
  targetId: string;
  className?: string;
  children: ReactNode;
}

/**
 * An in-page link: a plain `#id` anchor without JavaScript; with it, a 1000 ms eased scroll, the hash
 * cleared afterwards and keyboard focus moved to the target so the next Tab lands inside the form.
 */
export function ScrollLink({ targetId, className, children }: ScrollLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    void scrollToElement(targetId).then(() => {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    });
  };
  return (
    <a href={`#${targetId}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** Renders a {@link SectionAction}: a link for site paths, scroll link for in-page targets. */
export function ActionLink({
  action,
  className = 'btn',
}: {
  action: SectionAction;
  className?: string;
}) {
  if ('scrollTo' in action) {
    return (
      <ScrollLink targetId={action.scrollTo} className={className}>
        <Label action={action} />
      </ScrollLink>
    );
  }
  const href = safeHref(action.href);
  // A link stored before the API's rules (another site posing as a path, a script) goes nowhere.
  if (href === undefined)
    return (
      <span className={className}>
        <Label action={action} />
      </span>
    );
  // A site path is a page load like any other link: public pages are documents (islands), and
  // the next one is usually prerendered already (Speculation Rules).
  if (isSitePath(href)) {
    return (
      <a href={href} className={className}>
        <Label action={action} />
      </a>
    );
  }
  return (
    <a href={href} className={className} rel="noopener noreferrer">
      <Label action={action} />
    </a>
  );
}
