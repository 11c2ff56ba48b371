import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** A list's filters by query name; the page address carries them. */
export type AddressFilters<N extends string> = Partial<Record<N, string>>;

/** The part of a zod schema the address is checked with. */
interface Rule {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

/**
 * The filters and page of a list address. The address is outside input (typed, bookmarked), so
 * each value goes through the API's own rule and one it would refuse is left out, not sent.
 */
export function addressQuery<N extends string>(
  params: URLSearchParams,
  names: readonly N[],
  shape: Record<N | 'page', Rule>,
): { filters: AddressFilters<N>; page: number } {
  const filters: AddressFilters<N> = {};
  for (const name of names) {
    const parsed = shape[name].safeParse(params.get(name) ?? undefined);
    if (parsed.success && typeof parsed.data === 'string' && parsed.data)
      filters[name] = parsed.data;
  }
  const page = shape.page.safeParse(params.get('page') ?? undefined);
  return { filters, page: page.success && typeof page.data === 'number' ? page.data : 1 };
}

/**
 * A list's filters and page kept in the address, so reload, Back and a shared link keep them.
 * New filters go back to page 1.
 */
export function useAddressFilters<N extends string>(
  names: readonly N[],
  shape: Record<N | 'page', Rule>,
) {
  const [params, setParams] = useSearchParams();
  const { filters, page } = addressQuery(params, names, shape);
  const show = (f: AddressFilters<N>, p: number): void => {
    const entries = Object.entries<string | undefined>(f).filter(
      (e): e is [string, string] => e[1] !== undefined,
    );
    const next = new URLSearchParams(p > 1 ? [...entries, ['page', String(p)]] : entries);
    // Leaving a field unchanged is no new page of history.
    if (next.toString() !== params.toString()) setParams(next);
  };
  return {
    filters,
    page,
    applyFilters: (f: AddressFilters<N>) => show(f, 1),
    setPage: (p: number) => show(filters, p),
  };
}

/** Applies the form at once, from one of its fields (a chosen option, a date left). */
export type ApplyNow = (e: { currentTarget: { form: HTMLFormElement | null } }) => void;

/**
 * A list's filter form with its Filter and Clear buttons. Its fields follow the address (so Back
 * shows the filters of that page) without being re-created, which would lose the focus; typed text
 * applies on Enter or "Filter", a field given `applyNow` at once.
 */
export function FilterForm<N extends string>({
  label,
  names,
  filters,
  onApply,
  children,
}: {
  label: string;
  names: readonly N[];
  filters: AddressFilters<N>;
  onApply: (f: AddressFilters<N>) => void;
  children: (applyNow: ApplyNow) => ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const shown = names.map((name) => filters[name] ?? '');
  const shownKey = JSON.stringify(shown);
  useEffect(() => {
    const values: unknown = JSON.parse(shownKey);
    names.forEach((name, i) => {
      const field = formRef.current?.elements.namedItem(name);
      const value = Array.isArray(values) ? values[i] : '';
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement)
        field.value = typeof value === 'string' ? value : '';
    });
  }, [names, shownKey]);
  const apply = (form: HTMLFormElement): void => {
    const data = new FormData(form);
    const next: AddressFilters<N> = {};
    for (const name of names) {
      const value = data.get(name);
      if (typeof value === 'string' && value.trim() !== '') next[name] = value.trim();
    }
    onApply(next);
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>): void => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  const applyNow: ApplyNow = (e) => {
    if (e.currentTarget.form) apply(e.currentTarget.form);
  };
  return (
    <form
      ref={formRef}
      className="lead-filters"
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
    >
      {children(applyNow)}
      <div className="lead-filters__actions">
        <button type="submit" className="btn btn--primary">
          Filter
        </button>
        <button type="button" className="btn btn--outline" onClick={() => onApply({})}>
          Clear
        </button>
      </div>
    </form>
  );
}

/** A filter chosen from a list, applied at once: "All …" (no filter) first, then the `children` options. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  onChange,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  all: string;
  onChange: ApplyNow;
  children: ReactNode;
}) {
  return (
    <div className="lead-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value ?? ''} onChange={onChange}>
        <option value="">{all}</option>
        {children}
      </select>
    </div>
  );
}

/** A filter typed as text (`type="search"`), applied on Enter or the form's button. */
export function FilterSearch({
  id,
  name,
  label,
  placeholder,
  maxLength,
  value,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  maxLength: number;
  value: string | undefined;
}) {
  return (
    <div className="lead-filters__field lead-filters__field--search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="search"
        placeholder={placeholder}
        maxLength={maxLength}
        defaultValue={value ?? ''}
      />
    </div>
  );
}
