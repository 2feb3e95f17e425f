/**
 * The system programs that some test suites drive for real: Chromium (browser tests, Lighthouse),
 * the PostgreSQL server binaries (database tests on PostgreSQL, outage tests) and nginx (the load
 * balancer in front of several server processes). Each is looked for where it is usually installed;
 * `provisionSystemTools` installs what is missing from Debian's packages when this process may
 * (root with apt), and otherwise names the one command that would.
 *
 * Nothing is ever downloaded from a browser vendor: build machines reach only the package registries.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  appendFileSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export type SystemToolName = 'chromium' | 'postgres' | 'nginx';

/** Where a tool was found, or why it was not. */
export type ToolLookup =
  | { isFound: true; path: string; version: string }
  | { isFound: false; reason: string };

type ToolSpec = {
  /** What people call it, in messages. */
  label: string;
  /** The variable that points at an install of one's own (it wins over every usual place). */
  envVariable: string;
  /** The Debian package that provides it. */
  debianPackage: string;
  /** Packages that provide it where `debianPackage` does not exist (Debian 13 dropped nginx-light). */
  fallbackPackages?: readonly string[];
  find(): ToolLookup;
};

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs `file args` and returns its first line of output (stdout, else stderr), or null if it cannot run. */
function firstLineOf(file: string, args: string[]): string | null {
  // spawnSync keeps both streams: `nginx -v` prints its version to stderr and exits 0.
  const result = spawnSync(file, args, { encoding: 'utf8', timeout: 20_000, stdio: 'pipe' });
  if (result.error || result.status !== 0) return null;
  const first = (text: string | null) => text?.split('\n')[0]?.trim() || null;
  return first(result.stdout) ?? first(result.stderr);
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return null;
}

/** Sub-directories of `dir` whose names start with `prefix`, newest version first. */
function versionedDirs(dir: string, prefix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
    .map((name) => path.join(dir, name));
}

function lookupExecutable(candidates: readonly string[], versionArgs: string[]): ToolLookup {
  for (const candidate of candidates) {
    if (!isExecutable(candidate)) continue;
    const version = firstLineOf(candidate, versionArgs);
    if (version) return { isFound: true, path: candidate, version };
  }
  return { isFound: false, reason: `looked in ${candidates.join(', ')}` };
}

function fromVariable(variable: string, check: (value: string) => ToolLookup): ToolLookup | null {
  const value = process.env[variable];
  if (value === undefined || value === '') return null;
  const found = check(value);
  return found.isFound ? found : { isFound: false, reason: `${variable}=${value} is not usable` };
}

/** Chromium or Chrome: the variable, the distribution's paths, then Playwright's browser cache. */
export function findChromium(): ToolLookup {
  const fromEnv = fromVariable('KADRY_CHROMIUM', (file) => lookupExecutable([file], ['--version']));
  if (fromEnv) return fromEnv;
  const playwrightCache =
    process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(homedir(), '.cache/ms-playwright');
  const cached = [
    ...versionedDirs(playwrightCache, 'chromium-').flatMap((dir) => [
      path.join(dir, 'chrome-linux64/chrome'),
      path.join(dir, 'chrome-linux/chrome'),
    ]),
    ...versionedDirs(playwrightCache, 'chromium_headless_shell-').flatMap((dir) => [
      path.join(dir, 'chrome-linux64/headless_shell'),
      path.join(dir, 'chrome-linux/headless_shell'),
      path.join(dir, 'chrome-headless-shell-linux64/chrome-headless-shell'),
    ]),
  ];
  return lookupExecutable(
    [
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome-stable',
      '/usr/bin/google-chrome',
      ...cached,
    ],
    ['--version'],
  );
}

/** A directory holding initdb, pg_ctl and postgres. */
function lookupPostgresBin(dir: string): ToolLookup {
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((name) => !isExecutable(path.join(dir, name)));
  if (missing.length > 0) return { isFound: false, reason: `${dir} lacks ${missing.join(', ')}` };
  const version = firstLineOf(path.join(dir, 'postgres'), ['--version']);
  return version
    ? { isFound: true, path: dir, version }
    : { isFound: false, reason: `${dir}/postgres does not run` };
}

/** The PostgreSQL server binaries (a directory): the variable, Debian's layout, then pg_config. */
export function findPostgres(): ToolLookup {
  const fromEnv = fromVariable('KADRY_PG_BIN', lookupPostgresBin);
  if (fromEnv) return fromEnv;
  const dirs = versionedDirs('/usr/lib/postgresql', '').map((dir) => path.join(dir, 'bin'));
  const pgConfig = onPath('pg_config');
  const configured = pgConfig ? firstLineOf(pgConfig, ['--bindir']) : null;
  for (const dir of [...dirs, ...(configured ? [configured] : []), '/usr/local/pgsql/bin']) {
    const found = lookupPostgresBin(dir);
    if (found.isFound) return found;
  }
  return {
    isFound: false,
    reason: 'no initdb, pg_ctl and postgres in /usr/lib/postgresql/*/bin or pg_config --bindir',
  };
}

export function findNginx(): ToolLookup {
  const fromEnv = fromVariable('KADRY_NGINX', (file) => lookupExecutable([file], ['-v']));
  if (fromEnv) return fromEnv;
  const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];
  const fromPath = onPath('nginx');
  return lookupExecutable(fromPath ? [fromPath, ...candidates] : candidates, ['-v']);
}

export const SYSTEM_TOOLS: Record<SystemToolName, ToolSpec> = {
  chromium: {
    label: 'Chromium',
    envVariable: 'KADRY_CHROMIUM',
    debianPackage: 'chromium',
    find: findChromium,
  },
  postgres: {
    label: 'the PostgreSQL server',
    envVariable: 'KADRY_PG_BIN',
    debianPackage: 'postgresql',
    find: findPostgres,
  },
  nginx: {
    label: 'nginx',
    envVariable: 'KADRY_NGINX',
    debianPackage: 'nginx-light',
    fallbackPackages: ['nginx'],
    find: findNginx,
  },
};

/** Whether this process may install Debian packages itself: root, apt present, not told otherwise. */
export function canInstallPackages(): boolean {
  if (process.env.KADRY_NO_INSTALL === '1') return false;
  return process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get');
}

/** The one command a person runs to install these tools. */
export function installCommandFor(names: readonly SystemToolName[]): string {
  const packages = names.map(packageFor).join(' ');
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages}`;
}

/** What a person reads when a tool is missing and cannot be installed here: one line. */
export function missingToolsLine(names: readonly SystemToolName[], needed: string): string {
  const labels = names.map((name) => SYSTEM_TOOLS[name].label).join(' and ');
  const variables = names.map((name) => `${SYSTEM_TOOLS[name].envVariable}=…`).join(' ');
  const subject = `${labels.charAt(0).toUpperCase()}${labels.slice(1)} ${names.length > 1 ? 'are' : 'is'}`;
  return `${subject} missing (needed by ${needed}): run \`${installCommandFor(names)}\` (or point ${variables} at an install)`;
}

function runLogged(command: string, args: string[], logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString('utf8');
      // Appended, so one file tells the whole story of a provisioning run.
      mkdirSync(path.dirname(logFile), { recursive: true });
      appendFileSync(logFile, `$ ${command} ${args.join(' ')}\n${output}\n`);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} exited with ${code}:\n${output.split('\n').slice(-15).join('\n')}`,
          ),
        );
    });
  });
}

/** apt's package lists are fetched at most once per run. */
let hasUpdatedLists = false;

/** Whether apt knows a package (after `apt-get update`): `apt-cache show` fails for unknown names. */
function isPackageKnown(name: string): boolean {
  try {
    execFileSync('apt-cache', ['show', '--no-all-versions', name], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** The package to install for a tool: its own, or the first fallback this distribution has. */
function packageFor(name: SystemToolName): string {
  const spec = SYSTEM_TOOLS[name];
  const fallbacks = spec.fallbackPackages ?? [];
  if (fallbacks.length === 0 || isPackageKnown(spec.debianPackage)) return spec.debianPackage;
  return fallbacks.find(isPackageKnown) ?? spec.debianPackage;
}

/** Installs the Debian packages of these tools (apt-get update once, then install), quietly. */
export async function installPackages(names: readonly SystemToolName[], logFile: string): Promise<void> {
  if (!hasUpdatedLists) {
    await runLogged('apt-get', ['update', '-qq'], logFile);
    hasUpdatedLists = true;
  }
  const packages = names.map(packageFor);
  await runLogged('apt-get', ['install', '-y', '-qq', ...packages], logFile);
}

export type ProvisionResult = {
  found: Partial<Record<SystemToolName, string>>;
  /** Tools still missing, with the one line that says how to get them. */
  missing: { names: SystemToolName[]; line: string } | null;
};

/**
 * Finds each tool; installs the missing ones when this process may, printing one line of progress;
 * otherwise reports them with the command to run. `needed` says what the missing ones are for.
 */
export async function provisionSystemTools(
  names: readonly SystemToolName[],
  options: { needed: (missing: SystemToolName[]) => string; logFile: string; print: (line: string) => void },
): Promise<ProvisionResult> {
  const found: Partial<Record<SystemToolName, string>> = {};
  let missing: SystemToolName[] = [];
  for (const name of names) {
    const lookup = SYSTEM_TOOLS[name].find();
    if (lookup.isFound) found[name] = lookup.path;
    else missing.push(name);
  }
  if (missing.length > 0 && canInstallPackages()) {
    const packages = missing.map((name) => SYSTEM_TOOLS[name].debianPackage).join(', ');
    const started = Date.now();
    options.print(`Installing ${packages} from Debian's packages for ${options.needed(missing)} (once)…`);
    try {
      await installPackages(missing, options.logFile);
    } catch (error) {
      options.print(`Installing ${packages} failed (log: ${options.logFile}): ${(error as Error).message}`);
    }
    const stillMissing: SystemToolName[] = [];
    for (const name of missing) {
      const lookup = SYSTEM_TOOLS[name].find();
      if (lookup.isFound) found[name] = lookup.path;
      else stillMissing.push(name);
    }
    if (stillMissing.length === 0) {
      options.print(`Installed ${packages} in ${Math.round((Date.now() - started) / 1000)} s.`);
    }
    missing = stillMissing;
  }
  return {
    found,
    missing:
      missing.length > 0
        ? { names: missing, line: missingToolsLine(missing, options.needed(missing)) }
        : null,
  };
}

/** The user PostgreSQL runs as when we are root (it refuses to run as root); null when not root. */
export function postgresRunUser(): { runuser: string; user: string } | { error: string } | null {
  if (process.getuid?.() !== 0) return null;
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(isExecutable);
  if (!runuser)
    return { error: 'running as root, and runuser is missing to start PostgreSQL as another user' };
  const hasPostgresUser = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .some((line) => line.startsWith('postgres:'));
  if (!hasPostgresUser)
    return { error: 'running as root, and there is no postgres user to start PostgreSQL as' };
  return { runuser, user: 'postgres' };
}
