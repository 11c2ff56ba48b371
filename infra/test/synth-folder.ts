// Vitest global setup of the infra tests: every synth of the run writes its ~300 MB cloud assembly
// under one folder of its own, removed when the run ends (left in /tmp, a few hundred runs filled
// the disk: 378 folders, 110 GB).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SYNTH_FOLDER_ENV = 'AGENCY_SYNTH_TMP';

export default function setup(): () => void {
  const folder = mkdtempSync(path.join(tmpdir(), 'agency-synth-'));
  process.env[SYNTH_FOLDER_ENV] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
