/**
 * The last answers of the views' bridge queries, kept in the renderer while the session lasts, so a
 * view opened again paints its last answer at once while it asks the core again (`useBridgeQuery`
 * with `showLast`; docs/PERFORMANCE.md, the sales views). Least recently used answers go first.
 */

/** How many answers are kept (a few views' lists; the largest are a few MB each). */
export const answerCacheSize = 16;

/** A least-recently-used map of query key → answer. */
export interface AnswerCache {
  get(key: string): unknown;
  set(key: string, answer: unknown): void;
  /** Forgets every answer (the session ended: the next user must not see them). */
  clear(): void;
}

/** Creates an empty cache of at most `size` answers. */
export function createAnswerCache(size = answerCacheSize): AnswerCache {
  const answers = new Map<string, unknown>();
  return {
    get(key) {
      if (!answers.has(key)) return undefined;
      const answer = answers.get(key);
      answers.delete(key);
      answers.set(key, answer);
      return answer;
    },
    set(key, answer) {
      answers.delete(key);
      answers.set(key, answer);
      while (answers.size > size) answers.delete(answers.keys().next().value as string);
    },
    clear: () => answers.clear(),
  };
}
