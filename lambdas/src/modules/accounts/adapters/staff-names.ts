import { staffNames } from '../domain/team';
import { DynamoAccountStore } from '../../../platform/staff/account-store';

// The account records every staff call already reads (its caller's), by key: no other grant needed.
const accounts = new DynamoAccountStore();

type Named<T, K extends string> = T & { [P in `${K}_name`]: string | null };

/**
 * The one place staff ids become names: each record's `<key>` (an account's sub, as records keep
 * who changed them) answered beside it as `<key>_name`, the person's display name, else their
 * e-mail, else null (an id no account record knows). Every presenter that returns `updated_by` or
 * `saved_by` (pages, page revisions, site settings, who else is editing) goes through here.
 */
export async function withStaffNames<T extends object, K extends string>(
  items: readonly T[],
  key: K & keyof T,
): Promise<Named<T, K>[]> {
  const ids = items.map((item) => {
    const id: unknown = item[key];
    return typeof id === 'string' ? id : null;
  });
  const names = await staffNames(accounts, ids);
  return items.map(
    (item, i) =>
      ({ ...item, [`${key}_name`]: (ids[i] && names.get(ids[i])) || null }) as Named<T, K>,
  );
}

/** One record with its `<key>_name`. */
export async function withStaffName<T extends object, K extends string>(
  item: T,
  key: K & keyof T,
): Promise<Named<T, K>> {
  const [named] = await withStaffNames([item], key);
  return named as Named<T, K>;
}
