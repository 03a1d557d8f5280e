// Types for bench/results-file.mjs, so the tests can import it under strict TypeScript.
export declare const RESULTS_FILE: string;
export declare function withResultsSection(text: string, name: string, lines: readonly string[], place: { heading: string; after?: string }): string;
export declare function writeResultsSection(name: string, lines: readonly string[], place: { heading: string; after?: string }, file?: string): void;
