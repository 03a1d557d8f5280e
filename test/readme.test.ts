import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Runs every ```ts block of the README against the source, and checks each `// =>` comment
// against what the line before it printed.
const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(`${root}README.md`, 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const dir = `${root}test/.readme/`;

describe('README examples', () => {
  mkdirSync(dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('has examples', () => expect(blocks.length).toBeGreaterThanOrEqual(4));
  blocks.forEach((code, i) => {
    it(`example ${i + 1} runs and prints what it says`, async () => {
      const expected = [...code.matchAll(/\/\/ => (.*)$/gm)].map((m) => m[1]!.trim());
      const file = `${dir}example-${i + 1}.ts`;
      writeFileSync(file, code.replaceAll("from 'qiengine'", `from '${root}src/index.js'`));
      const printed: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(format(...args)));
      try {
        await import(pathToFileURL(file).href);
      } finally {
        spy.mockRestore();
      }
      expect(printed).toEqual(expected);
    });
  });
});
