/** A protocol session as the tests drive it: lines in, the replies they got back. */
export interface LineDriver {
  /** Lines answered at once. */
  send: (...lines: string[]) => string[];
  /** Lines answered once every search they start has answered. */
  think: (...lines: string[]) => Promise<string[]>;
}

/** Drives a session whose replies go to `out`. */
export function driver(s: { handle(line: string): void; idle(): Promise<void> }, out: string[]): LineDriver {
  return {
    send: (...lines) => {
      out.length = 0;
      for (const l of lines) s.handle(l);
      return [...out];
    },
    think: async (...lines) => {
      out.length = 0;
      for (const l of lines) s.handle(l);
      await s.idle();
      return [...out];
    },
  };
}
