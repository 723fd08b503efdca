/**
 * Keychains (docs/ARCHITECTURE.md): the OS keychain through keytar (service name `brm-desktop`) when
 * a Secret Service / Keychain / Credential Manager answers a probe, else an in-memory keychain
 * (kind 'memory': secrets last until the app quits, and the user signs in on every launch).
 */
import type { Keychain } from './platform';

/** The service name entries are stored under in the OS keychain. */
export const keychainService = 'brm-desktop';

/** How long the probe may take before the OS keychain counts as unavailable, ms. */
const probeTimeoutMs = 3000;
/** The account the probe writes and removes again. */
const probeAccount = 'keychain-probe';

/** An in-memory keychain (kind 'memory'). */
export function createMemoryKeychain(): Keychain {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    get: async (account) => secrets.get(account) ?? null,
    set: async (account, secret) => void secrets.set(account, secret),
    remove: async (account) => secrets.delete(account),
  };
}

type Keytar = typeof import('keytar');

async function loadKeytar(): Promise<Keytar | null> {
  try {
    const module = (await import('keytar')) as Keytar & { default?: Keytar };
    return module.default ?? module;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * Returns the OS keychain when keytar loads and a probe write succeeds, else the in-memory one.
 * Never throws.
 */
export async function createKeychain(): Promise<Keychain> {
  const keytar = await loadKeytar();
  if (!keytar) return createMemoryKeychain();
  try {
    // A write, not just a read: a Secret Service without an unlocked default collection answers
    // reads but refuses writes.
    await withTimeout(
      keytar
        .setPassword(keychainService, probeAccount, 'probe')
        .then(() => keytar.deletePassword(keychainService, probeAccount)),
      probeTimeoutMs,
    );
  } catch {
    return createMemoryKeychain();
  }
  return {
    kind: 'os',
    get: (account) => keytar.getPassword(keychainService, account),
    set: (account, secret) => keytar.setPassword(keychainService, account, secret),
    remove: (account) => keytar.deletePassword(keychainService, account),
  };
}
