/**
 * The columns and delimiter chosen in the Export dialog: every column of the export
 * (`exportColumns`, preload/contract/export-templates.ts) in the order the file will give them,
 * which of them are kept, and the field delimiter. A template fills them; choosing another export
 * starts again from that export's own columns.
 */
import { useCallback, useMemo, useState } from 'react';
import {
  type ExportDelimiter,
  type ExportTarget,
  type ExportTemplateItem,
  exportColumns,
} from '../../../../preload/contract';

/** The dialog's choices and what changes them. */
export interface ExportChoices {
  /** Every column of the export, in output order. */
  order: readonly string[];
  /** The kept columns. */
  chosen: ReadonlySet<string>;
  delimiter: ExportDelimiter;
  /** The kept columns in output order. */
  columns: string[];
  /** True when the choices are the service's own file: every column in its order, a comma. */
  isServiceFile: boolean;
  toggle(name: string): void;
  /** Moves a column one place up (-1) or down (+1). */
  move(name: string, by: -1 | 1): void;
  setDelimiter(delimiter: ExportDelimiter): void;
  /** Every column in the service's order, a comma. */
  reset(): void;
  /** The template's columns first in its order (the others after, not kept) and its delimiter. */
  apply(template: ExportTemplateItem): void;
}

interface State {
  target: ExportTarget;
  order: string[];
  chosen: Set<string>;
  delimiter: ExportDelimiter;
}

const fresh = (target: ExportTarget): State => ({
  target,
  order: [...exportColumns[target]],
  chosen: new Set(exportColumns[target]),
  delimiter: ',',
});

/** The choices for `target`'s export, starting with the service's own file. */
export function useExportChoices(target: ExportTarget): ExportChoices {
  let [state, setState] = useState<State>(() => fresh(target));
  if (state.target !== target) {
    // Another export was chosen: start again from its own columns (state adjusted while rendering).
    state = fresh(target);
    setState(state);
  }

  const toggle = useCallback((name: string) => {
    setState((s) => {
      const chosen = new Set(s.chosen);
      if (chosen.has(name)) chosen.delete(name);
      else chosen.add(name);
      return { ...s, chosen };
    });
  }, []);

  const move = useCallback((name: string, by: -1 | 1) => {
    setState((s) => {
      const from = s.order.indexOf(name);
      const to = from + by;
      if (from < 0 || to < 0 || to >= s.order.length) return s;
      const order = [...s.order];
      [order[from], order[to]] = [order[to], order[from]];
      return { ...s, order };
    });
  }, []);

  const setDelimiter = useCallback((delimiter: ExportDelimiter) => setState((s) => ({ ...s, delimiter })), []);
  const reset = useCallback(() => setState((s) => fresh(s.target)), []);
  const apply = useCallback((template: ExportTemplateItem) => {
    const all = exportColumns[template.target];
    const kept = template.columns.filter((name) => all.includes(name));
    setState({
      target: template.target,
      order: [...kept, ...all.filter((name) => !kept.includes(name))],
      chosen: new Set(kept),
      delimiter: template.delimiter,
    });
  }, []);

  return useMemo(() => {
    const { order, chosen, delimiter } = state;
    const columns = order.filter((name) => chosen.has(name));
    const all = exportColumns[state.target];
    const isServiceFile =
      delimiter === ',' && columns.length === all.length && columns.every((name, i) => name === all[i]);
    return { order, chosen, delimiter, columns, isServiceFile, toggle, move, setDelimiter, reset, apply };
  }, [state, toggle, move, setDelimiter, reset, apply]);
}

/** A column's header name in words: `postalCode` → "Postal code", `companyIds` → "Company ids". */
export function columnWords(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
