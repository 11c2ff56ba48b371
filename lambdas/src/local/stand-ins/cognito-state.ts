import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

/**
 * What the Cognito parity layer remembers beyond cognito-local's user records, kept in its own file
 * (`<dataDir>/cognito-parity/state.json`; not beside the pools, whose folder cognito-local lists as
 * pools) so a restarted `npm start` still refuses a revoked token or a used TOTP code:
 * - the access tokens issued per user (jti → expiry), so GlobalSignOut can revoke them all;
 * - the revoked ones until they expire;
 * - the access tokens each refresh token produced (RevokeToken revokes them with it), and the
 *   `origin_jti` of its sign-in, which every access token it produces carries;
 * - the last TOTP time step accepted per user (a code is good once);
 * - when each temporary password was set (it expires after PASSWORD_POLICY.tempPasswordDays).
 */
const stateSchema = z.object({
  issued: z.record(z.string(), z.record(z.string(), z.number())).default({}),
  revoked: z.record(z.string(), z.number()).default({}),
  /** sha256 of a refresh token → the access tokens it produced (jti → expiry). */
  byRefresh: z.record(z.string(), z.record(z.string(), z.number())).default({}),
  /** sha256 of a refresh token → the origin_jti of its sign-in. */
  origins: z.record(z.string(), z.string()).default({}),
  totpStep: z.record(z.string(), z.number()).default({}),
  tempPasswordAt: z.record(z.string(), z.number()).default({}),
});
type StateData = z.infer<typeof stateSchema>;

const empty = (): StateData => ({
  issued: {},
  revoked: {},
  byRefresh: {},
  origins: {},
  totpStep: {},
  tempPasswordAt: {},
});

const refreshKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Drop the tokens of a jti → expiry map that have expired; true when none is left. */
function dropExpired(tokens: Record<string, number>, nowSeconds: number): boolean {
  for (const [jti, exp] of Object.entries(tokens)) if (exp <= nowSeconds) delete tokens[jti];
  return Object.keys(tokens).length === 0;
}

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
    dropExpired(this.data.revoked, nowSeconds);
    for (const map of [this.data.issued, this.data.byRefresh])
      for (const [key, tokens] of Object.entries(map))
        if (dropExpired(tokens, nowSeconds)) delete map[key];
  }

  /** An access token issued to a user, and the refresh token it came with or from, if any. */
  async recordIssued(
    token: { sub: string; jti: string; exp: number },
    refreshToken: string | undefined,
    nowSeconds: number,
  ): Promise<void> {
    this.prune(nowSeconds);
    const { sub, jti, exp } = token;
    this.data.issued[sub] = { ...this.data.issued[sub], [jti]: exp };
    if (refreshToken) {
      const key = refreshKey(refreshToken);
      this.data.byRefresh[key] = { ...this.data.byRefresh[key], [jti]: exp };
    }
    await this.save();
  }

  /** The origin_jti of a refresh token's sign-in, if it is one we issued. */
  originOf(refreshToken: string): string | undefined {
    return this.data.origins[refreshKey(refreshToken)];
  }

  /** Remember the origin_jti of a new sign-in's refresh token. */
  async recordOrigin(refreshToken: string, originJti: string): Promise<void> {
    this.data.origins[refreshKey(refreshToken)] = originJti;
    await this.save();
  }

  /** Revoke the access tokens a refresh token produced. */
  async revokeRefresh(refreshToken: string, nowSeconds: number): Promise<void> {
    const key = refreshKey(refreshToken);
    Object.assign(this.data.revoked, this.data.byRefresh[key] ?? {});
    delete this.data.byRefresh[key];
    delete this.data.origins[key];
    this.prune(nowSeconds);
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
