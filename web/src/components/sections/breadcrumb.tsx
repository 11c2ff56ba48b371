import { Link } from 'react-router';
import './breadcrumb.css';

export interface Crumb {
  name: string;
  path: string;
}

/** Trail of links; the last entry is the current page (aria-current, not a link). */
export function Breadcrumb({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={['breadcrumb', className].filter(Boolean).join(' ')}>
      <ol>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <li key={item.path} aria-current="page">
              {item.name}
            </li>
          ) : (
            <li key={item.path}>
              <Link to={item.path}>{item.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
