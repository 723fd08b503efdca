/**
 * `npm run bench:faults`: the fault-injection suite's long run (docs/RELIABILITY.md). Runs every
 * scenario of test/faults/suite.ts with its long trial count (`BRM_FAULT_SCALE` multiplies them,
 * `BRM_FAULT_ONLY` picks scenarios whose name contains it), prints the table of trials and outcomes,
 * and exits 1 when a trial failed or lost anything.
 */
import { runSeed } from '../faults/random';
import { runScenario } from '../faults/run-suite';
import { faultSuite } from '../faults/suite';
import { TrialLog } from '../faults/trials';

const scale = Number(process.env.BRM_FAULT_SCALE ?? 1);
const only = process.env.BRM_FAULT_ONLY?.toLowerCase();
const seed = runSeed();
const log = new TrialLog();
const started = performance.now();
for (const { scenario, long } of faultSuite) {
  if (only && !scenario.name.toLowerCase().includes(only)) continue;
  const trials = Math.max(1, Math.round(long * scale));
  const before = log.trials.length;
  const scenarioStart = performance.now();
  await runScenario(scenario, trials, seed, log);
  const failed = log.trials.slice(before).filter((trial) => trial.outcome !== 'ok' || trial.lost > 0);
  console.log(
    `${scenario.name}: ${log.trials.length - before} trials in ${((performance.now() - scenarioStart) / 1000).toFixed(0)} s, ${failed.length} failed`,
  );
  for (const trial of failed) console.log(`  FAILED ${trial.fault}: ${trial.detail}`);
}
console.log(`\nFault-injection run, seed ${seed}, ${((performance.now() - started) / 60_000).toFixed(1)} min\n`);
console.log(log.table());
process.exit(log.failures().length === 0 ? 0 : 1);
