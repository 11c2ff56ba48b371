/**
 * `<dataDir>/local-config.json`: what provisioning generates once and a restart must reuse (the
 * user pool's and app client's ids, which cognito-local invents, and the captcha signing key), so
 * a restart of `npm start` finds the same pool, with its accounts, and signs with the same key.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

const localConfig = z.object({
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  captchaHmacKey: z.string().min(32),
});

/** The generated ids and key kept across restarts. */
export type LocalConfig = z.infer<typeof localConfig>;

const configFile = (dataDir: string): string => path.join(dataDir, 'local-config.json');

/** What an earlier start saved; a missing, unreadable or invalid file or field counts as absent. */
export async function readLocalConfig(dataDir: string): Promise<Partial<LocalConfig>> {
  let text: string;
  try {
    text = await readFile(configFile(dataDir), 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = localConfig.partial().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Save the config for the next start, replacing the file. */
export async function writeLocalConfig(dataDir: string, config: LocalConfig): Promise<void> {
  await writeFile(configFile(dataDir), `${JSON.stringify(config, null, 2)}\n`);
}
