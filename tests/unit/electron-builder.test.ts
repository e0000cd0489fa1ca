import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { WindowsSignToolManager, WinPackager } from 'app-builder-lib';
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget';
import { getConfig } from 'app-builder-lib/out/util/config/config';
import { PROJECT_ROOT } from '../../server/project-root';

/**
 * The publisher name electron-builder writes into the Windows app's
 * `app-update.yml`, computed by electron-builder itself from our
 * electron-builder.yml. electron-updater installs a downloaded update only
 * when it is signed by exactly that name, so the name must come from the
 * certificate the build is signed with, and be absent from unsigned builds.
 */

const folder = mkdtempSync(path.join(tmpdir(), 'forge-builder-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** What electron-builder reads for the Windows build: our `win` section and the signing certificate. */
async function publisherName(certificate: { file: string; password: string } | null) {
  const config = await getConfig(PROJECT_ROOT, null, null);
  const packager = {
    platformSpecificBuildOptions: config.win ?? {},
    getCscLink: () => certificate?.file ?? null,
    getCscPassword: () => certificate?.password ?? '',
    projectDir: PROJECT_ROOT,
    info: { tempDirManager: null },
  } as unknown as WinPackager;
  return new WindowsSignToolManager(packager).computedPublisherName.value;
}

/** A self-signed code-signing certificate (.pfx) issued to `commonName`. */
let certificates = 0;
function certificate(commonName: string) {
  const name = path.join(folder, `cert-${++certificates}`);
  const key = `${name}.key.pem`;
  const cert = `${name}.pem`;
  const file = `${name}.pfx`;
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    'extendedKeyUsage=codeSigning',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-out',
    file,
    '-passout',
    'pass:secret',
  ]);
  return { file, password: 'secret' };
}

describe('electron-builder.yml: the publisher Windows updates must be signed by', () => {
  it('names none for an unsigned build, so its updates install', async () => {
    expect(await publisherName(null)).toBeNull();
  });

  it("is the signing certificate's own name, whatever the certificate is called", async () => {
    expect(await publisherName(certificate('Forge Industrial Lda'))).toEqual([
      'Forge Industrial Lda',
    ]);
  });
});

/**
 * The release workflow's signing step (.github/workflows/release.yml): its
 * `env:`, expression by variable name. The one step that runs electron-builder.
 */
function releaseSigningEnv(): Record<string, string> {
  const workflow = readFileSync(path.join(PROJECT_ROOT, '.github/workflows/release.yml'), 'utf8');
  const steps = workflow
    .split(/^\s*- (?=name:|uses:)/m)
    .filter((s) => s.includes('electron-builder --publish'));
  expect(steps).toHaveLength(1);
  const env = /^( +)env:\n((?:\1 +[A-Z_]+: .*\n)+)/m.exec(steps[0]!);
  expect(env).not.toBeNull();
  return Object.fromEntries(
    env![2]!
      .trim()
      .split('\n')
      .map((line) => /^\s*([A-Z_]+): (.*)$/.exec(line)!.slice(1, 3) as [string, string]),
  );
}

/**
 * The value GitHub gives `expression` on a runner of `os` (`runner.os`: Linux,
 * Windows, macOS): only the two forms the signing step may use.
 */
function onRunner(expression: string, os: string, secrets: Record<string, string>): string {
  const everywhere = /^\$\{\{ secrets\.(\w+) \}\}$/.exec(expression);
  if (everywhere) return secrets[everywhere[1]!] ?? '';
  const one = /^\$\{\{ runner\.os == '(\w+)' && secrets\.(\w+) \|\| '' \}\}$/.exec(expression);
  if (one) return one[1] === os ? (secrets[one[2]!] ?? '') : '';
  throw new Error(`not an expression this test reads: ${expression}`);
}

/** The signing step's environment on a runner of `os`, empty values unset as its script does. */
function runnerEnv(os: string, secrets: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(releaseSigningEnv())
      .map(([name, expression]) => [name, onRunner(expression, os, secrets)] as const)
      .filter(([, value]) => value !== ''),
  );
}

/** The publisher electron-builder's Windows packager signs with, given that environment. */
async function windowsPublisherIn(env: Record<string, string>) {
  for (const name of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'])
    vi.stubEnv(name, env[name]);
  const config = await getConfig(PROJECT_ROOT, null, null);
  // The real WinPackager's choice of certificate and password, without a build around it.
  const packager = Object.assign(Object.create(WinPackager.prototype) as WinPackager, {
    info: { config, projectDir: PROJECT_ROOT, tempDirManager: null },
    platformSpecificBuildOptions: config.win ?? {},
  });
  return new WindowsSignToolManager(packager).computedPublisherName.value;
}

describe("release.yml: each runner signs with its own platform's certificate", () => {
  afterEach(() => vi.unstubAllEnvs());
  const mac = certificate('Developer ID Application: Forge Industrial');
  const macSecrets = {
    CSC_LINK: mac.file,
    CSC_KEY_PASSWORD: mac.password,
    APPLE_ID: 'it@forge-industrial.example',
    APPLE_APP_SPECIFIC_PASSWORD: 'app-password',
    APPLE_TEAM_ID: 'TEAM123456',
  };

  it('leaves Windows unsigned when only the macOS secrets are set', async () => {
    // Not the macOS certificate's name, which installed copies would then demand of updates.
    expect(await windowsPublisherIn(runnerEnv('Windows', macSecrets))).toBeNull();
    expect(runnerEnv('Windows', macSecrets)).toEqual({});
  });

  it('signs Windows with the Windows certificate alone', async () => {
    const windows = certificate('Forge Industrial Lda');
    const secrets = {
      ...macSecrets,
      WIN_CSC_LINK: windows.file,
      WIN_CSC_KEY_PASSWORD: windows.password,
    };
    expect(Object.keys(runnerEnv('Windows', secrets)).sort()).toEqual([
      'WIN_CSC_KEY_PASSWORD',
      'WIN_CSC_LINK',
    ]);
    expect(await windowsPublisherIn(runnerEnv('Windows', secrets))).toEqual([
      'Forge Industrial Lda',
    ]);
  });

  it('gives macOS its certificate and notarisation, no Windows one; Linux none', () => {
    const secrets = { ...macSecrets, WIN_CSC_LINK: 'windows.pfx', WIN_CSC_KEY_PASSWORD: 'pw' };
    expect(runnerEnv('macOS', secrets)).toEqual(macSecrets);
    expect(runnerEnv('Linux', secrets)).toEqual({});
  });
});

describe('electron-builder.yml: the .deb', () => {
  it("depends on all of electron-builder's default packages and the app's own", async () => {
    // `deb.depends` replaces electron-builder's list rather than adding to it.
    const defaults = (
      FpmTarget.prototype as unknown as { getDefaultDepends(target: string): string[] }
    ).getDefaultDepends('deb');
    expect(defaults).toContain('libgtk-3-0');
    const depends = (await getConfig(PROJECT_ROOT, null, null)).deb?.depends ?? defaults;
    expect(depends).toEqual(
      expect.arrayContaining([...defaults, 'libnotify4', 'libxtst6', 'libnss3']),
    );
  });
});
