// store.ts: the board's state in one place. Changes go through update(),
// which hands the new state to every subscriber (the board view, the move
// list, the controls); nothing else writes the state, and the views only
// read it: clicks become actions (board.ts, the modes), actions update the
// store, the store redraws.

/** Store holds a state of type S and tells subscribers of each change. */
export class Store<S extends object> {
  private current: S;
  private readonly listeners: ((next: S, prev: S) => void)[] = [];

  constructor(initial: S) {
    this.current = initial;
  }

  /** state is the state now (read it; change it with update). */
  get state(): Readonly<S> {
    return this.current;
  }

  /** update merges patch into a new state and tells the subscribers. */
  update(patch: Partial<S>): void {
    const prev = this.current;
    this.current = { ...prev, ...patch };
    for (const l of this.listeners) l(this.current, prev);
  }

  /** subscribe calls fn after every update with the new and old state. */
  subscribe(fn: (next: S, prev: S) => void): void {
    this.listeners.push(fn);
  }
}
