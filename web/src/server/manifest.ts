import { readFile } from 'node:fs/promises';
import * as z from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.looseObject({ file: z.string(), imports: z.array(z.string()).optional() }),
);

/** Vite's build manifest: source module → chunk file and the chunks it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** Read Vite's manifest; an absent or unreadable one gives {} (pages then simply preload nothing). */
export async function readManifest(file: string): Promise<BuildManifest> {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
