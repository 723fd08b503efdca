/**
 * The record of a fault-injection run: one line per trial (scenario, what was injected, the outcome
 * and what was lost), summed up as the table `npm run bench:faults` prints and docs/RELIABILITY.md keeps.
 */

/** How a trial ended: `ok` when the app recovered by itself with nothing lost and its data right. */
export type Outcome = 'ok' | 'failed';

/** One trial. `lost` counts local-only items (edits, uploads, downloads) that did not survive: it must be 0. */
export interface Trial {
  scenario: string;
  fault: string;
  outcome: Outcome;
  lost: number;
  /** Wall time of the trial, ms. */
  ms: number;
  detail: string;
}

/** Collects trials. */
export class TrialLog {
  readonly trials: Trial[] = [];

  /** Records one trial. */
  record(trial: Trial): void {
    this.trials.push(trial);
  }

  /** Trials that did not end `ok` or lost something. */
  failures(): Trial[] {
    return this.trials.filter((trial) => trial.outcome !== 'ok' || trial.lost > 0);
  }

  /** Trials of `fault` (any scenario). */
  of(fault: string): Trial[] {
    return this.trials.filter((trial) => trial.fault === fault);
  }

  /** A Markdown table: per scenario and fault, trials run, recovered, failed, local items lost, median time. */
  table(): string {
    const rows = new Map<string, Trial[]>();
    for (const trial of this.trials) {
      const key = `${trial.scenario} | ${trial.fault}`;
      rows.set(key, [...(rows.get(key) ?? []), trial]);
    }
    const lines = [
      '| Scenario | Fault | Trials | Recovered | Failed | Local items lost | Median trial |',
      '|---|---|---|---|---|---|---|',
    ];
    for (const [key, trials] of rows) {
      const ok = trials.filter((trial) => trial.outcome === 'ok').length;
      const lost = trials.reduce((sum, trial) => sum + trial.lost, 0);
      const times = trials.map((trial) => trial.ms).sort((a, b) => a - b);
      const median = times[Math.floor((times.length - 1) / 2)];
      lines.push(
        `| ${key} | ${trials.length} | ${ok} | ${trials.length - ok} | ${lost} | ${(median / 1000).toFixed(1)} s |`,
      );
    }
    const all = this.trials.length;
    const failed = this.failures().length;
    lines.push(
      `| **All** | | **${all}** | **${all - failed}** | **${failed}** | **${this.trials.reduce((sum, t) => sum + t.lost, 0)}** | |`,
    );
    return lines.join('\n');
  }
}
