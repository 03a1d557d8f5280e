// What varied play (the `randomness` search option) costs and what it changes: on opening
// positions of both games (bench/openings, played out), each searched to DEPTH by a fresh
// search with no bonus and then with bonuses of up to R centipawns (seeds 1..SEEDS), it counts
// how often the move differs from the plain search's, and prices each move played by searching
// it alone to the same depth: its score against the plain search's best (the cost, in
// centipawns, by the search's own scores). Prints a Markdown table for bench/RESULTS.md.
//
//   node bench/randomness.mjs [--depth 8] [--count 30] [--seeds 3]
import { readFileSync } from 'node:fs';
import { flagValue as arg, measuredOn } from './measure.mjs';

const depth = Number(arg('--depth', '8'));
const count = Number(arg('--count', '30'));
const seeds = Number(arg('--seeds', '3'));
const { Search, Xiangqi, Chess, TranspositionTable } = await import(new URL('../dist/index.js', import.meta.url).href);

/** The first `count` opening lines of a game's file, played out, as positions to search. */
function openings(file, Game) {
  return readFileSync(new URL(`./openings/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .slice(0, count)
    .map((l) => {
      const g = new Game();
      for (const m of l.trim().split(/\s+/)) g.move(m);
      return g.position;
    });
}

const search = (pos, limits) => new Search(new TranspositionTable(16)).run(pos, { depth, ...limits });
// 1 cp shows how often the tree alone (its windows shifted by a point) picks another move.
const LEVELS = [1, 10, 20, 40, 80, 160];
console.log(`${measuredOn()}; ${count} opening positions a game, depth ${depth}, seeds 1-${seeds}`);
console.log('');
console.log('| game | randomness (cp) | searches | another move than without | mean cost (cp) | largest cost (cp) |');
console.log('|---|---|---|---|---|---|');
for (const [name, file, Game] of [['xiangqi', 'xiangqi-400.txt', Xiangqi], ['chess', 'chess-300.txt', Chess]]) {
  const positions = openings(file, Game);
  const plain = positions.map((pos) => search(pos, {}));
  for (const r of LEVELS) {
    let n = 0, other = 0, cost = 0, worst = 0;
    for (let i = 0; i < positions.length; i++) {
      for (let seed = 1; seed <= seeds; seed++) {
        const res = search(positions[i], { randomness: r, randomSeed: seed });
        n++;
        if (res.bestMove === plain[i].bestMove) continue;
        other++;
        const alone = search(positions[i], { rootMoves: [res.bestMove] }).score;
        const c = Math.max(0, plain[i].score - alone);
        cost += c;
        worst = Math.max(worst, c);
      }
    }
    console.log(`| ${name} | ${r} | ${n} | ${((100 * other) / n).toFixed(0)}% | ${(cost / n).toFixed(1)} | ${worst} |`);
  }
}
