/**
 * State machines of the contract's resources (the state schemas' tables in `api/openapi.yaml`): a table
 * of the moves each action may make, and one check that refuses an illegal move with 409.
 */
import { stateConflict } from './problem';

/** For each action, the states it may start from and the state it leads to. */
export type TransitionTable<S extends string, A extends string> = Record<A, { from: readonly S[]; to: S }>;

/**
 * The state `action` leads to from `current`. Throws a 409 problem naming the current state when the
 * table does not allow the move. `what` and `id` name the record in the problem's detail.
 */
export function nextState<S extends string, A extends string>(
  table: TransitionTable<S, A>,
  action: A,
  current: S,
  what: string,
  id: string,
): S {
  const move = table[action];
  if (!move.from.includes(current)) throw stateConflict(what, id, current, action);
  return move.to;
}
