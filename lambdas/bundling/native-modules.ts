/**
 * Native modules shipped beside a bundle: a package with native code (sharp) cannot be bundled by
 * esbuild, so it goes into the bundle folder's `node_modules/` with its runtime dependencies and
 * its prebuilt binaries for the function's processor. The development machine is x64 and the
 * function runs on arm64, so the arm64 builds are not installed here: they are fetched from the
 * npm registry at exactly the versions package-lock.json pins, checked against the lockfile's
 * integrity hash, and cached under `node_modules/.cache/`. Nothing of the machine's own platform
 * (the x64 builds in the repository's node_modules) is ever copied.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as z from 'zod';
import { LAMBDAS_ROOT } from './functions';

const run = promisify(execFile);

/** The repository root: its package-lock.json pins every version, its node_modules holds them. */
export const REPO_ROOT = path.resolve(LAMBDAS_ROOT, '..');
/** Where fetched platform packages are kept between builds (verified again on every use). */
export const NATIVE_CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'lambda-native');

const manifest = z.object({
  name: z.string(),
  version: z.string(),
  dependencies: z.record(z.string(), z.string()).default({}),
  optionalDependencies: z.record(z.string(), z.string()).default({}),
});

const lockEntry = z.object({
  version: z.string(),
  integrity: z.string().optional(),
  os: z.array(z.string()).optional(),
  cpu: z.array(z.string()).optional(),
  libc: z.array(z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).default({}),
});
type LockEntry = z.infer<typeof lockEntry>;
const lockfile = z.object({ packages: z.record(z.string(), z.unknown()) });

/** The platform a function runs on: Lambda is Linux with glibc. */
export interface Platform {
  os: 'linux';
  cpu: 'arm64' | 'x64';
  libc: 'glibc';
}

/** An installed package, found the way Node finds it from `fromDir`. */
async function installedPackage(name: string, fromDir: string) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) {
      const pkg = manifest.parse(
        JSON.parse(await readFile(path.join(candidate, 'package.json'), 'utf8')),
      );
      return { dir: candidate, pkg };
    }
    if (path.dirname(dir) === dir)
      throw new Error(`${name} is not installed (needed from ${fromDir}): run \`npm ci\``);
  }
}

/**
 * A package and everything it needs at run time (`dependencies`, not the optional platform
 * builds), as installed: name → folder. One version per name, since they are laid out flat.
 */
async function runtimeClosure(
  name: string,
  fromDir: string,
  found = new Map<string, { dir: string; version: string }>(),
) {
  const { dir, pkg } = await installedPackage(name, fromDir);
  const seen = found.get(name);
  if (seen) {
    if (seen.version !== pkg.version)
      throw new Error(
        `${name} is needed at ${seen.version} and ${pkg.version}: cannot ship both flat`,
      );
    return found;
  }
  found.set(name, { dir, version: pkg.version });
  for (const dep of Object.keys(pkg.dependencies)) await runtimeClosure(dep, dir, found);
  return found;
}

const matches = (values: string[] | undefined, value: string) =>
  values === undefined || values.includes(value);

/**
 * The platform packages of `name` for `platform`, as package-lock.json pins them: its optional
 * dependencies built for that os, cpu and libc, and theirs (sharp → @img/sharp-linux-arm64 →
 * @img/sharp-libvips-linux-arm64).
 */
export async function platformPackages(
  name: string,
  platform: Platform,
  lockFile = path.join(REPO_ROOT, 'package-lock.json'),
): Promise<(LockEntry & { name: string; integrity: string })[]> {
  const packages = lockfile.parse(JSON.parse(await readFile(lockFile, 'utf8'))).packages;
  const entry = (pkg: string) => {
    const raw = packages[`node_modules/${pkg}`];
    if (raw === undefined) throw new Error(`${pkg} is not in ${lockFile}`);
    return lockEntry.parse(raw);
  };
  const chosen: (LockEntry & { name: string; integrity: string })[] = [];
  const visit = (pkg: string) => {
    for (const dep of Object.keys(entry(pkg).optionalDependencies)) {
      const e = entry(dep);
      if (!matches(e.os, platform.os) || !matches(e.cpu, platform.cpu)) continue;
      if (!matches(e.libc, platform.libc)) continue;
      if (!e.integrity) throw new Error(`${dep} has no integrity hash in ${lockFile}`);
      if (chosen.some((c) => c.name === dep)) continue;
      chosen.push({ ...e, name: dep, integrity: e.integrity });
      visit(dep);
    }
  };
  visit(name);
  if (chosen.length === 0)
    throw new Error(
      `${name} has no package built for ${platform.os}-${platform.cpu} in ${lockFile}`,
    );
  return chosen;
}

/** `sha512-<base64>` of a file, the form of package-lock.json's `integrity`. */
async function integrityOf(file: string): Promise<string> {
  return `sha512-${createHash('sha512')
    .update(await readFile(file))
    .digest('base64')}`;
}

/**
 * The registry tarball of `name@version`, fetched once with npm's own client (`npm pack`, which
 * runs no scripts) and refused unless its sha512 is the lockfile's.
 */
export async function fetchTarball(
  name: string,
  version: string,
  integrity: string,
  cache = NATIVE_CACHE,
): Promise<string> {
  if (!integrity.startsWith('sha512-'))
    throw new Error(`${name}@${version}: the lockfile's integrity is not a sha512 hash`);
  const file = path.join(cache, `${name.replace('/', '__')}-${version}.tgz`);
  if (existsSync(file)) {
    if ((await integrityOf(file)) === integrity) return file;
    await rm(file); // damaged or tampered with: fetch it again
  }
  await mkdir(cache, { recursive: true });
  const scratch = await mkdtemp(path.join(cache, 'fetch-'));
  try {
    const { stdout } = await run(
      'npm',
      ['pack', `${name}@${version}`, '--pack-destination', scratch, '--json', '--silent'],
      { cwd: scratch, maxBuffer: 16 * 1024 * 1024 },
    );
    const packed = z.array(z.object({ filename: z.string() })).parse(JSON.parse(stdout))[0];
    if (!packed) throw new Error(`npm pack ${name}@${version} wrote nothing`);
    const fetched = path.join(scratch, packed.filename);
    const actual = await integrityOf(fetched);
    if (actual !== integrity)
      throw new Error(
        `${name}@${version} from the registry does not match package-lock.json (got ${actual}, pinned ${integrity})`,
      );
    await rename(fetched, file);
    return file;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** What shipping the native modules put into a bundle folder. */
export interface ShippedModules {
  /** Packages copied as installed (the modules and their runtime dependencies), name@version. */
  copied: string[];
  /** Platform packages unpacked from the registry, name@version. */
  fetched: string[];
}

/**
 * Put `modules` into `<dir>/node_modules/`: each as installed with its runtime dependencies, then
 * its platform packages for `platform` from the registry (npm tarballs hold one `package/` folder).
 */
/** Copy packages of files read at run time (no code, no platform builds) into `<dir>/node_modules/`. */
export async function shipDataPackages(modules: readonly string[], dir: string): Promise<string[]> {
  const closure = new Map<string, { dir: string; version: string }>();
  for (const name of modules) await runtimeClosure(name, LAMBDAS_ROOT, closure);
  for (const [name, pkg] of closure)
    await cp(pkg.dir, path.join(dir, 'node_modules', name), { recursive: true, dereference: true });
  return [...closure].map(([name, pkg]) => `${name}@${pkg.version}`);
}

export async function shipNativeModules(
  modules: readonly string[],
  dir: string,
  platform: Platform,
): Promise<ShippedModules> {
  const target = path.join(dir, 'node_modules');
  const closure = new Map<string, { dir: string; version: string }>();
  for (const name of modules) await runtimeClosure(name, LAMBDAS_ROOT, closure);
  for (const [name, pkg] of closure)
    await cp(pkg.dir, path.join(target, name), { recursive: true, dereference: true });

  const fetched: string[] = [];
  for (const name of modules)
    for (const pkg of await platformPackages(name, platform)) {
      const tarball = await fetchTarball(pkg.name, pkg.version, pkg.integrity);
      const into = path.join(target, pkg.name);
      await rm(into, { recursive: true, force: true });
      await mkdir(into, { recursive: true });
      await run('tar', ['-xzf', tarball, '-C', into, '--strip-components=1', '--no-same-owner']);
      fetched.push(`${pkg.name}@${pkg.version}`);
    }
  return { copied: [...closure].map(([name, pkg]) => `${name}@${pkg.version}`), fetched };
}
