/**
 * Test-only signing material, made with openssl in a temporary folder: a CA standing in for Apple's
 * WWDR, a Pass Type ID certificate signed by it (its key behind a passphrase), and an RSA key for the
 * Google service account (PEM and as a JSON key file). Real crypto, nothing from the network.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import type { AppleWalletConfig, GoogleWalletConfig } from '../../../config';

export const openssl = (dir: string, ...args: string[]): Buffer =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

export type TestWallet = {
  dir: string;
  apple: AppleWalletConfig;
  google: GoogleWalletConfig;
  /** The same service account as a JSON key file. */
  googleFromJson: GoogleWalletConfig;
  /** The WWDR stand-in: what `openssl smime -verify -CAfile` trusts. */
  caPath: string;
  googlePublicKeyPem: string;
};

export function makeTestWallet(): TestWallet {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-wallet-'));
  openssl(
    dir,
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test WWDR CA/O=Wallet test',
  );
  openssl(
    dir,
    'req',
    '-newkey',
    'rsa:2048',
    '-keyout',
    'signer.key',
    '-passout',
    'pass:pass-secret',
    '-out',
    'signer.csr',
    '-subj',
    '/UID=pass.example.rome/CN=Pass Type ID: pass.example.rome/OU=TEAM123456',
  );
  openssl(
    dir,
    'x509',
    '-req',
    '-in',
    'signer.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'signer.pem',
    '-days',
    '2',
  );
  openssl(dir, 'genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'google.key');
  openssl(dir, 'pkey', '-in', 'google.key', '-pubout', '-out', 'google.pub');
  const email = 'wallet@rome-test.iam.gserviceaccount.com';
  writeFileSync(
    path.join(dir, 'google.json'),
    JSON.stringify({
      type: 'service_account',
      client_email: email,
      private_key: readFileSync(path.join(dir, 'google.key'), 'utf8'),
    }),
  );
  return {
    dir,
    caPath: path.join(dir, 'ca.pem'),
    apple: {
      passTypeId: 'pass.example.rome',
      teamId: 'TEAM123456',
      signerCertPath: path.join(dir, 'signer.pem'),
      signerKeyPath: path.join(dir, 'signer.key'),
      signerKeyPassphrase: 'pass-secret',
      wwdrCertPath: path.join(dir, 'ca.pem'),
    },
    google: {
      issuerId: '3388000000012345678',
      classId: 'rome-tickets',
      serviceAccountEmail: email,
      privateKeyPath: path.join(dir, 'google.key'),
    },
    googleFromJson: {
      issuerId: '3388000000012345678',
      classId: '3388000000012345678.rome-tickets',
      keyFilePath: path.join(dir, 'google.json'),
    },
    googlePublicKeyPem: readFileSync(path.join(dir, 'google.pub'), 'utf8'),
  };
}

/** Every file of a zip archive (a .pkpass), by name. */
export async function unzip(zip: Buffer): Promise<Record<string, Buffer>> {
  const open = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);
  const archive = await open(zip, { lazyEntries: true });
  const files: Record<string, Buffer> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          files[entry.fileName] = Buffer.concat(chunks);
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
  return files;
}

/**
 * Checks a pass as Wallet would: every file's SHA-1 in manifest.json, and `signature` a valid detached
 * PKCS#7 signature of manifest.json by a certificate the CA issued. Throws when either fails.
 */
export function verifyPass(files: Record<string, Buffer>, caPath: string): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rome-pkpass-'));
  writeFileSync(path.join(dir, 'manifest.json'), files['manifest.json']);
  writeFileSync(path.join(dir, 'signature'), files.signature);
  openssl(
    dir,
    'smime',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    'signature',
    '-content',
    'manifest.json',
    '-CAfile',
    caPath,
    '-purpose',
    'any',
    '-out',
    path.join(dir, 'verified'),
  );
}
