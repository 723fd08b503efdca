/**
 * The shape of a fault-injection scenario (docs/RELIABILITY.md). A scenario injects one kind of
 * fault, or a few related ones, `trials` times, and records every trial in the run's TrialLog; the
 * tests in this folder run each scenario with bounded counts (`npm test`), and
 * `npm run bench:faults` runs them all with the long counts and prints the table.
 */
import type { TrialLog } from './trials';

/** What a scenario gets from the runner. */
export interface TrialContext {
  /** A fresh folder of the scenario's own; removed after the run. */
  workDir: string;
  /** Seeded numbers in [0, 1), so a run can be repeated from its printed seed. */
  random: () => number;
  log: TrialLog;
}

/** One scenario of the suite. */
export interface FaultScenario {
  /** The scenario's name in the table ("Service killed during a transfer"). */
  name: string;
  /** Runs `trials` trials of each of the scenario's faults, recording each in `ctx.log`; never throws for a failed trial. */
  run(ctx: TrialContext, trials: number): Promise<void>;
}

/** What a trial that held found: the items of local-only data that did not survive (0 unless lost) and a short note. */
export interface TrialResult {
  lost?: number;
  detail?: string;
}

/**
 * Runs `check` as one trial of `fault` in `scenario` and records it: `ok` when it resolves (with
 * what it reports lost), `failed` with the error's message when it throws (an `assert` that did not
 * hold, a timeout).
 */
export async function runTrial(
  log: TrialLog,
  scenario: string,
  fault: string,
  check: () => Promise<TrialResult | undefined>,
): Promise<void> {
  const started = performance.now();
  try {
    const result = (await check()) ?? {};
    const lost = result.lost ?? 0;
    log.record({
      scenario,
      fault,
      outcome: lost === 0 ? 'ok' : 'failed',
      lost,
      ms: performance.now() - started,
      detail: result.detail ?? '',
    });
  } catch (err) {
    log.record({
      scenario,
      fault,
      outcome: 'failed',
      lost: 0,
      ms: performance.now() - started,
      detail: err instanceof Error ? err.message.split('\n').slice(0, 6).join(' ') : String(err),
    });
  }
}
