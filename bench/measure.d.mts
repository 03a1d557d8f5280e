// Types for bench/measure.mjs, so the tests can import it under strict TypeScript.
export declare function bestTime<T>(fn: () => T, check?: (answer: T) => void, runs?: number): number;
export declare function measuredOn(): string;
export declare function flagValue(name: string, fallback: string): string;
