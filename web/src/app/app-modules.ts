/**
 * The `#app-modules` list: the app's files, which the boot script loads on pages that run the app
 * (the admin). Its own module so the build config and the server read it without the boot script.
 */
export const APP_MODULES_ID = 'app-modules';

/** The module list of an `#app-modules` script's text; empty when it is not a JSON list. */
export function parseModuleList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
