/**
 * What the protocol sessions share: a line in, replies out through a callback, searches that
 * run while more lines arrive, and the state the CLI's loop watches (done, thinking, idle).
 */

/** A running search of a session: `done` settles once it has answered. */
export interface Pending {
  done: Promise<void>;
}

/** A text protocol session (UCI/UCCI or xboard), fed one line at a time. */
export abstract class LineSession<T extends Pending> {
  /** The running search, if any. */
  protected thinking: T | null = null;
  /** Set by the protocol's quit command. */
  protected quit = false;

  /** Handles one line. Never throws: failures become the protocol's error replies. */
  abstract handle(raw: string): void;

  /** Whether the protocol's quit command has been received. */
  get finished(): boolean {
    return this.quit;
  }

  /** Whether a search is running. */
  get busy(): boolean {
    return this.thinking !== null;
  }

  /** Resolves once no search is running and every waiting line has been handled. */
  async idle(): Promise<void> {
    while (this.thinking !== null) await this.thinking.done;
  }
}
