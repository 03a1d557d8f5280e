import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withResultsSection, writeResultsSection } from '../../bench/results-file.mjs';

const PLACE = { heading: 'Search' };

describe('bench results file', () => {
  it('replaces only the named table and keeps the notes around it', () => {
    const text = [
      '# Results',
      'notes before',
      '<!-- search:start -->',
      'old table',
      'old line 2',
      '<!-- search:end -->',
      'notes after',
      '<!-- other:start -->',
      'other table',
      '<!-- other:end -->',
      '',
    ].join('\n');
    const out = withResultsSection(text, 'search', ['new table'], PLACE);
    expect(out).toBe(text.replace('old table\nold line 2', 'new table'));
    // Written again with the same lines, the text does not change.
    expect(withResultsSection(out, 'search', ['new table'], PLACE)).toBe(out);
  });

  it('takes the lines literally, dollar signs included', () => {
    const text = '<!-- t:start -->\nx\n<!-- t:end -->\n';
    expect(withResultsSection(text, 't', ['cost $& and $1 and $$'], PLACE)).toBe('<!-- t:start -->\ncost $& and $1 and $$\n<!-- t:end -->\n');
  });

  it('adds a missing table after the named text, or else at the end under its heading', () => {
    const text = '# Results\n\n<!-- search:start -->\ns\n<!-- search:end -->\n\n## Later\n';
    expect(withResultsSection(text, 'xq', ['x'], { heading: 'XQ', after: '<!-- search:end -->' })).toBe(
      '# Results\n\n<!-- search:start -->\ns\n<!-- search:end -->\n\n<!-- xq:start -->\nx\n<!-- xq:end -->\n\n## Later\n',
    );
    expect(withResultsSection(text, 'xq', ['x'], { heading: 'XQ', after: '<!-- absent -->' })).toBe(`${text}\n## XQ\n\n<!-- xq:start -->\nx\n<!-- xq:end -->\n`);
  });

  it('leaves a start marker without its end alone and adds a whole pair', () => {
    const text = '<!-- t:start -->\norphan\n';
    const out = withResultsSection(text, 't', ['x'], PLACE);
    expect(out).toBe('<!-- t:start -->\norphan\n\n## Search\n\n<!-- t:start -->\nx\n<!-- t:end -->\n');
  });

  it('writes the file, creating it when missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qiengine-results-'));
    try {
      const file = join(dir, 'RESULTS.md');
      writeResultsSection('t', ['one'], PLACE, file);
      expect(readFileSync(file, 'utf8')).toBe('# Benchmark results\n\n## Search\n\n<!-- t:start -->\none\n<!-- t:end -->\n');
      writeFileSync(file, readFileSync(file, 'utf8') + 'kept\n');
      writeResultsSection('t', ['two'], PLACE, file);
      expect(readFileSync(file, 'utf8')).toBe('# Benchmark results\n\n## Search\n\n<!-- t:start -->\ntwo\n<!-- t:end -->\nkept\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
