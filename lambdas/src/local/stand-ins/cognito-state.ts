import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

/**
 * What the Cognito parity layer remembers beyond cognito-local's user records, kept in its own file
 * (`<dataDir>/cognito-parity/state.json`; not beside the pools, whose folder cognito-local lists as
 * pools) so a restarted `npm start` still refuses a revoked token or a used TOTP code:
 * - the access tokens issued per user (jti → expiry), so GlobalSignOut can revoke them all;
 * - the revoked ones until they expire;
 * - the last TOTP time step accepted per user (a code is good once);
 * - when each temporary password was set (it expires after PASSWORD_POLICY.tempPasswordDays).
 */
const stateSchema = z.object({
  issued: z.record(z.string(), z.record(z.string(), z.number())).default({}),
  revoked: z.record(z.string(), z.number()).default({}),
  totpStep: z.record(z.string(), z.number()).default({}),
  tempPasswordAt: z.record(z.string(), z.number()).default({}),
});
type StateData = z.infer<typeof stateSchema>;

const empty = (): StateData => ({ issued: {}, revoked: {}, totpStep: {}, tempPasswordAt: {} });

export class ParityState {
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly data: StateData,
  ) {}

  /** Load the state of a data folder (an unreadable or missing file starts empty). */
  static async open(dir: string): Promise<ParityState> {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'state.json');
    let data = empty();
    try {
      const parsed = stateSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
      if (parsed.success) data = parsed.data;
    } catch {
      // first start
    }
    return new ParityState(file, data);
  }

  /** Writes are queued so two changes never interleave in the file. */
  private save(): Promise<void> {
    const text = JSON.stringify(this.data);
    this.saving = this.saving.then(() => writeFile(this.file, text));
    return this.saving;
  }

  /** Forget tokens that have expired anyway (epoch seconds). */
  private prune(nowSeconds: number): void {
    for (const [jti, exp] of Object.entries(this.data.revoked))
      if (exp <= nowSeconds) delete this.data.revoked[jti];
    for (const [sub, tokens] of Object.entries(this.data.issued)) {
      for (const [jti, exp] of Object.entries(tokens)) if (exp <= nowSeconds) delete tokens[jti];
      if (Object.keys(tokens).length === 0) delete this.data.issued[sub];
    }
  }

  async recordIssued(sub: string, jti: string, exp: number, nowSeconds: number): Promise<void> {
    this.prune(nowSeconds);
    this.data.issued[sub] = { ...this.data.issued[sub], [jti]: exp };
    await this.save();
  }

  /** Revoke every access token issued to the user so far. */
  async revokeAll(sub: string, nowSeconds: number): Promise<void> {
    Object.assign(this.data.revoked, this.data.issued[sub] ?? {});
    delete this.data.issued[sub];
    this.prune(nowSeconds);
    await this.save();
  }

  isRevoked(jti: string): boolean {
    return jti in this.data.revoked;
  }

  lastTotpStep(sub: string): number | undefined {
    return this.data.totpStep[sub];
  }

  async acceptTotpStep(sub: string, step: number): Promise<void> {
    this.data.totpStep[sub] = Math.max(step, this.data.totpStep[sub] ?? step);
    await this.save();
  }

  tempPasswordSetAt(username: string): number | undefined {
    return this.data.tempPasswordAt[username];
  }

  async setTempPassword(username: string, atMs: number): Promise<void> {
    this.data.tempPasswordAt[username] = atMs;
    await this.save();
  }
}
