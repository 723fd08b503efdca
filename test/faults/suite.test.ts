/**
 * The fault-injection suite with bounded counts (docs/RELIABILITY.md): every scenario of
 * test/faults/suite.ts; each must end with every trial recovered and nothing local-only lost. The
 * seed is printed so a failing run can be repeated (`BRM_FAULT_SEED`).
 */
import { describe, expect, it } from 'vitest';
import { runSeed } from './random';
import { runScenario } from './run-suite';
import { faultSuite } from './suite';
import { TrialLog } from './trials';

describe('fault injection', () => {
  for (const { scenario, bounded } of faultSuite) {
    it(`${scenario.name}: every trial recovers and loses nothing`, async () => {
      const seed = runSeed();
      const log = new TrialLog();
      await runScenario(scenario, bounded, seed, log);
      console.log(`${scenario.name} (seed ${seed})\n${log.table()}`);
      expect(log.failures()).toEqual([]);
      expect(log.trials.length).toBeGreaterThanOrEqual(bounded);
    });
  }
});
