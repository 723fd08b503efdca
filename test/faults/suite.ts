/**
 * The fault-injection suite (docs/RELIABILITY.md): every scenario with its trial counts, bounded in
 * `npm test` (test/faults/suite.test.ts) and long in `npm run bench:faults` (test/bench/faults.ts).
 */
import type { FaultScenario } from './scenario';
import { damagedCache } from './scenarios/damaged-cache';
import { killDuringBootstrap } from './scenarios/kill-during-bootstrap';
import { serviceKilled } from './scenarios/service-killed';
import { storageFaults } from './scenarios/storage-faults';
import { hostileService } from './scenarios/hostile-service';
import { serviceReplaced } from './scenarios/service-replaced';
import { twoHosts } from './scenarios/two-hosts';

/** A scenario and how many trials of each of its faults a run makes. */
export interface SuiteEntry {
  scenario: FaultScenario;
  /** Trials per fault in `npm test`. */
  bounded: number;
  /** Trials per fault in `npm run bench:faults`. */
  long: number;
}

/** The suite, in the order it runs. */
export const faultSuite: SuiteEntry[] = [
  { scenario: killDuringBootstrap, bounded: 10, long: 100 },
  { scenario: serviceKilled, bounded: 1, long: 10 },
  { scenario: damagedCache, bounded: 1, long: 5 },
  { scenario: serviceReplaced, bounded: 1, long: 5 },
  { scenario: twoHosts, bounded: 1, long: 5 },
  { scenario: hostileService, bounded: 1, long: 5 },
  { scenario: storageFaults, bounded: 1, long: 5 },
];
