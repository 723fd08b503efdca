/**
 * Runs scenarios of the fault-injection suite, each in a fresh folder, with a seeded random source
 * (`BRM_FAULT_SEED` repeats a run), collecting every trial in one TrialLog.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from './random';
import type { FaultScenario } from './scenario';
import type { TrialLog } from './trials';

/** Runs `scenario` with `trials` trials per fault, recording into `log`; its folder is removed afterwards. */
export async function runScenario(scenario: FaultScenario, trials: number, seed: number, log: TrialLog): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'brm-fault-'));
  try {
    await scenario.run({ workDir, random: seededRandom(seed), log }, trials);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
