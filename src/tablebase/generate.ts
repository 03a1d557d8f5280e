/**
 * Building a table by retrograde analysis: every position of a material gets its distance to
 * mate in plies (won, lost) or is a draw, under the game's rules without repetition claims or
 * move-count limits (a position nobody can force to mate is a draw, as repeating it would be).
 *
 * The generator walks the game's own legal moves, so it is written once for both games. First
 * every position is set up once: its moves are made, each successor of the same material is
 * numbered, and each capture (or chess promotion) is looked up at once in the table of the
 * material it leads to (built first, or known drawn). Then the analysis runs backwards from the mates in rounds, one ply a round:
 * round k settles every position won in k plies (a move to a position lost in k - 1) and every
 * one lost in k plies (all moves known, each to a position won for the other side, the longest
 * in k - 1). Whatever no round settles is a draw, except in xiangqi, where the perpetual-check
 * rule then decides the draws that one side holds only by checking for ever
 * (perpetual-check.ts).
 */
import { QiengineError } from '../core/errors.js';
import { MAX_MOVES as CHESS_MAX_MOVES } from '../chess/position.js';
import { MAX_MOVES as XIANGQI_MAX_MOVES } from '../xiangqi/position.js';
import { TableIndex } from './indexing.js';
import { canonicalMaterial, capturesFrom, isCanonical, isDeadDraw, materialName, PIECE_LETTERS, type Material, type TablebaseGame } from './material.js';
import { applyPerpetualCheckRule } from './perpetual-check.js';
import { tablebaseRules, type SetupPosition } from './rules.js';
import { DRAW, INVALID, LOST_NOW, codeDistance, codeIsWin, isDecided, isRuleCode, oneFurther, type TableValues } from './values.js';

/** A table being looked up while another is built: the code of a position of its material. */
export interface TableLookup {
  readonly index: TableIndex;
  readonly values: TableValues;
}

/** Progress of a build. */
export interface GenerateProgress {
  material: string;
  /** `setup`: positions set up so far; `round`: the round (ply) just finished. */
  stage: 'setup' | 'round';
  done: number;
  total: number;
}

/** What a built table holds, beside its codes. */
export interface GeneratedTable {
  material: Material;
  index: TableIndex;
  values: TableValues;
  /** The longest win found, in plies. */
  longestWin: number;
  /**
   * How many positions are valid, and how many of those are won for the side to move, lost,
   * drawn; `byRule`: how many of the won and lost are decided by xiangqi's perpetual-check
   * rule rather than by a mate.
   */
  counts: { valid: number; won: number; lost: number; drawn: number; byRule: number };
}

const NO_EXIT = -32768;
/** Still open while the rounds run. */
const UNKNOWN = INVALID - 1;

/**
 * Builds the table of one material. `lookup` gives the finished table of a material one capture
 * or promotion away (canonical), or null where that material is a dead draw.
 * @throws {QiengineError} for a material not written stronger side first, or too large
 */
export function buildTable(material: Material, lookup: (m: Material) => TableLookup | null, onProgress?: (p: GenerateProgress) => void): GeneratedTable {
  if (!isCanonical(material)) throw new QiengineError(`buildTable wants the material with the stronger side first, not ${materialName(material)}`);
  const index = new TableIndex(material);
  const rules = index.rules;
  const size = index.size;
  const codes = new Int16Array(size).fill(INVALID);
  // The best a capture offers each position (one ply further), the longest distance among its
  // captures' values, and the successors of the same material in compressed rows.
  const exitBest = new Int16Array(size).fill(NO_EXIT);
  const exitDist = new Uint16Array(size);
  const rowStart = new Uint32Array(size + 1);
  let succ = new Uint32Array(Math.max(1024, size * 4));
  // A successor that the table holds without some of its state (chess: the en-passant square
  // a double step leaves) is worth at least what the moves of that state give its mover: the
  // best of them, one ply further, or NO_EXIT.
  // Only chess with pawns on both sides has such successors: elsewhere the array stays empty.
  const withFloors = material.game === 'chess' && material.sides[0].includes('P') && material.sides[1].includes('P');
  let succFloor = new Int16Array(withFloors ? succ.length : 0);
  // Xiangqi: which moves to a successor give check, and the captures' best with results by the
  // rule kept (the mate rounds read those as draws), for the perpetual-check rule after them.
  const perpetual = rules.perpetualCheckLoses;
  let givesCheck = new Uint8Array(perpetual ? succ.length : 0);
  const ruleExits = new Int16Array(perpetual ? size : 0);
  let used = 0;
  const name = materialName(material);
  const pos = rules.newPosition();
  const roomForMoves = Math.max(CHESS_MAX_MOVES, XIANGQI_MAX_MOVES);
  const buf = new Int32Array(roomForMoves);
  const buf2 = new Int32Array(roomForMoves);
  const ownKey = rules.materialKeyOf(material.sides);
  let maxExitDist = 0;
  for (let i = 0; i < size; i++) {
    rowStart[i] = used;
    if ((i & 0xffff) === 0 && onProgress) onProgress({ material: name, stage: 'setup', done: i, total: size });
    if (!index.decode(i, pos)) continue;
    const end = pos.generate(buf, 0, false);
    let legal = 0;
    let best = NO_EXIT;
    let ruleBest = NO_EXIT;
    let far = 0;
    for (let m = 0; m < end; m++) {
      if (!pos.make(buf[m]!)) continue;
      legal++;
      if (rules.materialKey(pos as never) === ownKey) {
        if (used === succ.length) {
          const grown = new Uint32Array(succ.length * 2);
          grown.set(succ);
          succ = grown;
          if (withFloors) {
            const floors = new Int16Array(grown.length);
            floors.set(succFloor);
            succFloor = floors;
          }
          if (perpetual) {
            const checks = new Uint8Array(grown.length);
            checks.set(givesCheck);
            givesCheck = checks;
          }
        }
        let floor = NO_EXIT;
        if (rules.hasStateMoves(pos as never)) {
          const e = pos.generate(buf2, 0, false);
          for (let n = 0; n < e; n++) {
            if (!rules.isStateMove(buf2[n]!) || !pos.make(buf2[n]!)) continue;
            const v = oneFurther(-captureValue(pos, material.game, lookup));
            pos.unmake();
            if (v > floor) floor = v;
          }
          const d = codeDistance(floor);
          if (floor !== NO_EXIT && d > maxExitDist) maxExitDist = d;
        }
        if (withFloors) succFloor[used] = floor;
        if (perpetual) givesCheck[used] = pos.inCheck() ? 1 : 0;
        succ[used++] = index.encode(pos);
      } else {
        // A capture or a promotion: the table of the material it leads to answers at once.
        let v = oneFurther(-captureValue(pos, material.game, lookup));
        if (perpetual && v > ruleBest) ruleBest = v;
        if (isRuleCode(v)) v = DRAW;
        if (v > best) best = v;
        const d = codeDistance(v);
        if (d > far) far = d;
      }
      pos.unmake();
    }
    if (legal === 0) {
      codes[i] = pos.inCheck() || rules.stalemateLoses ? LOST_NOW : DRAW;
      continue;
    }
    codes[i] = UNKNOWN;
    exitBest[i] = best;
    if (perpetual) ruleExits[i] = ruleBest;
    exitDist[i] = far;
    if (far > maxExitDist) maxExitDist = far;
  }
  rowStart[size] = used;

  // Rounds: positions still open, compacted each round.
  const open = new Uint32Array(size);
  let openCount = 0;
  for (let i = 0; i < size; i++) if (codes[i] === UNKNOWN) open[openCount++] = i;
  const newIndex = new Uint32Array(openCount);
  const newCode = new Int16Array(openCount);
  let longestWin = 0;
  for (let k = 1; openCount > 0; k++) {
    let settled = 0;
    let keep = 0;
    for (let o = 0; o < openCount; o++) {
      const i = open[o]!;
      let best = exitBest[i]!;
      // The captures count once the farthest of them is within this round's reach.
      let allKnown = best === NO_EXIT || exitDist[i]! <= k;
      if (best !== NO_EXIT && codeDistance(best) > k) best = NO_EXIT;
      let win = best !== NO_EXIT && codeIsWin(best);
      for (let s = rowStart[i]!, e = rowStart[i + 1]!; s < e && !win; s++) {
        let c = codes[succ[s]!]!;
        if (!isDecided(c) || codeDistance(c) > k - 1) {
          allKnown = false;
          continue;
        }
        const floor = withFloors ? succFloor[s]! : NO_EXIT;
        if (floor !== NO_EXIT) {
          if (codeDistance(floor) > k - 1) {
            allKnown = false;
            continue;
          }
          if (floor > c) c = floor;
        }
        const v = oneFurther(-c);
        if (best === NO_EXIT || v > best) best = v;
        if (codeIsWin(v)) win = true;
      }
      if (win || (allKnown && best !== NO_EXIT)) {
        newIndex[settled] = i;
        newCode[settled++] = best;
      } else open[keep++] = i;
    }
    // Settle this round's positions together, so that none counts within its own round.
    for (let n = 0; n < settled; n++) {
      const v = newCode[n]!;
      codes[newIndex[n]!] = v;
      if (codeIsWin(v) && codeDistance(v) > longestWin) longestWin = codeDistance(v);
    }
    openCount = keep;
    if (onProgress) onProgress({ material: name, stage: 'round', done: k, total: 0 });
    if (settled === 0 && k > maxExitDist + 1) break;
  }
  for (let o = 0; o < openCount; o++) codes[open[o]!] = DRAW;
  if (perpetual) applyPerpetualCheckRule({ codes, rowStart, succ, givesCheck, exits: ruleExits, noExit: NO_EXIT });

  let valid = 0;
  let won = 0;
  let lost = 0;
  let drawn = 0;
  let byRule = 0;
  for (let i = 0; i < size; i++) {
    const c = codes[i]!;
    if (c === INVALID) continue;
    valid++;
    if (c === DRAW) drawn++;
    else if (codeIsWin(c)) won++;
    else lost++;
    if (isRuleCode(c)) byRule++;
  }
  return { material, index, values: codes, longestWin, counts: { valid, won, lost, drawn, byRule } };
}

/** The code, for its side to move, of a position reached by a capture. */
function captureValue(pos: SetupPosition, game: TablebaseGame, lookup: (m: Material) => TableLookup | null): number {
  const material = materialOf(pos, game);
  const canonical = canonicalMaterial(material);
  const table = lookup(canonical);
  if (table === null) return DRAW;
  const code = table.values[table.index.encode(pos, canonical !== material)]!;
  return code === INVALID ? DRAW : code;
}

/** The material on a position's board. */
export function materialOf(pos: SetupPosition, game: TablebaseGame): Material {
  const rules = tablebaseRules(game);
  let white = '';
  let black = '';
  for (const l of PIECE_LETTERS[game]) {
    white += l.repeat(rules.countOf(pos as never, 0, l));
    black += l.repeat(rules.countOf(pos as never, 1, l));
  }
  return { game, sides: [white, black] };
}

/** The key of a table in a {@link buildTables} map: the game and the material's name. */
export function tableKey(m: Material): string {
  return `${m.game}:${materialName(m)}`;
}

/**
 * Builds a material's table and, first, every table it reaches by captures that is not already
 * in `built` (each goes into it, under {@link tableKey}). Dead-drawn materials need none.
 */
export function buildTables(material: Material, built: Map<string, GeneratedTable> = new Map(), onProgress?: (p: GenerateProgress) => void): GeneratedTable {
  const m = canonicalMaterial(material);
  const have = built.get(tableKey(m));
  if (have !== undefined) return have;
  for (const sub of capturesFrom(m)) if (!isDeadDraw(sub)) buildTables(sub, built, onProgress);
  const table = buildTable(m, (sub) => (isDeadDraw(sub) ? null : built.get(tableKey(sub))!), onProgress);
  built.set(tableKey(m), table);
  return table;
}
