import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WindowsSignToolManager, type WinPackager } from 'app-builder-lib';
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
function certificate(commonName: string) {
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  const file = path.join(folder, 'cert.pfx');
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
