import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionFromFen, writeFen, START_FEN } from '../../src/chess/fen.js';
import { LAZY_MARGIN, PHASE_TOTAL, PHASE_WEIGHT, PST_EG, PST_MG, TEMPO_EG, TEMPO_MG } from '../../src/chess/evaluate-weights.js';
import type { ChessPosition } from '../../src/chess/position.js';
import { expectLazyOnTheRightSide, randomPlayout } from '../helpers/playout.js';

/** The same position with the colours exchanged (ranks reversed, cases and rights swapped). */
function colourFlip(fen: string): string {
  const [board, side, castling, ep, half, full] = fen.split(' ');
  const swap = (s: string) => s.replace(/[a-zA-Z]/g, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
  const rights = castling === '-' ? '-' : [...swap(castling!)].sort().join('');
  const epFlip = ep === '-' ? '-' : ep![0]! + String(9 - Number(ep![1]));
  return `${swap(board!.split('/').reverse().join('/'))} ${side === 'w' ? 'b' : 'w'} ${rights} ${epFlip} ${half} ${full}`;
}
const full = (p: ChessPosition) => p.evaluate(-30000, 30000);
const score = (fen: string) => full(positionFromFen(fen));

describe('chess evaluation', () => {
  it('is colour-symmetric on random playouts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        randomPlayout(positionFromFen(START_FEN), seed, 80, (p) => {
          const fen = writeFen(p as ChessPosition);
          expect(score(colourFlip(fen))).toBe(full(p as ChessPosition));
        });
      }),
      { numRuns: 40 },
    );
  });

  it('a lazy answer lies outside the window on the same side as the full score', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: -800, max: 800 }), fc.integer({ min: 1, max: 400 }), (seed, alpha, width) => {
        randomPlayout(positionFromFen(START_FEN), seed, 80, (p) => {
          const pos = p as ChessPosition;
          const fresh = full(pos);
          expectLazyOnTheRightSide(pos.evaluate(alpha, alpha + width), fresh, alpha, width, LAZY_MARGIN);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('the start position is level but for the tempo', () => {
    // The position is its own mirror image, so all that is left at full phase is the tempo.
    expect(TEMPO_MG).toBeGreaterThan(0);
    expect(score(START_FEN)).toBe(TEMPO_MG);
  });

  it('a passed pawn is worth more the further it has run', () => {
    const base = '4k3/8/8/8/8/8/8/4K3 w - - 0 1';
    const on = (sq: string) => score(base.replace('8/8/8/8/8/8', sq));
    expect(on('8/8/8/8/8/P7')).toBeLessThan(on('8/8/8/P7/8/8'));
    expect(on('8/8/8/P7/8/8')).toBeLessThan(on('8/P7/8/8/8/8'));
  });

  it('an isolated, doubled pawn pair is worse than a healthy one', () => {
    const healthy = score('4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1');
    const doubled = score('4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1');
    expect(healthy - doubled).toBeGreaterThan(30);
  });

  it('the bishop pair counts', () => {
    const pair = score('4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1');
    const mixed = score('4k3/8/8/8/8/8/8/2N1KB2 w - - 0 1');
    expect(pair).toBeGreaterThan(mixed + 20);
  });

  it('a king stripped of its pawn shield is less safe', () => {
    const shielded = score('r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1');
    const stripped = score('r2q1rk1/ppp2ppp/8/8/8/8/PPPPP3/R2Q1RK1 w - - 0 1');
    expect(shielded).toBeGreaterThan(stripped + 20);
  });

  it('a lone minor piece without pawns is scored as nearly drawn', () => {
    expect(Math.abs(score('4k3/8/8/8/8/8/8/3NK3 w - - 0 1'))).toBeLessThan(60);
    expect(score('4k3/8/8/8/8/8/8/3RK3 w - - 0 1')).toBeGreaterThan(400);
  });
  it('its terms add up to the score, and the piece-square part is the tables blended by the phase', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), (seed) => {
        randomPlayout(positionFromFen(START_FEN), seed, 120, (p) => {
          const pos = p as ChessPosition;
          const t = pos.evaluationTerms();
          expect(t.score).toBe(full(pos));
          let mg = 0;
          let eg = 0;
          let phase = 0;
          for (let sq = 0; sq < 128; sq++) {
            const pc = sq & 0x88 ? 0 : pos.board[sq]!;
            if (pc === 0) continue;
            const sign = pc & 8 ? 1 : -1;
            mg += sign * PST_MG[(pc << 7) | sq]!;
            eg += sign * PST_EG[(pc << 7) | sq]!;
            phase += PHASE_WEIGHT[pc & 7]!;
          }
          phase = Math.min(phase, PHASE_TOTAL);
          expect(t.phase).toBe(phase);
          expect(t.pieceSquare).toBeCloseTo((mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL, 9);
          expect(t.tempo).toBeCloseTo((TEMPO_MG * phase + TEMPO_EG * (PHASE_TOTAL - phase)) / PHASE_TOTAL, 9);
          // Without a pawnless side the score is the sum, less the final rounding to an integer.
          if (pos.count[1 | 8] === 0 || pos.count[1 | 16] === 0) return;
          const white = t.pieceSquare + t.patterns + (pos.sideToMove === 0 ? t.tempo : -t.tempo);
          expect(Math.abs((pos.sideToMove === 0 ? white : -white) - t.score)).toBeLessThan(1);
          checked++;
        });
      }),
      { numRuns: 20 },
    );
    expect(checked).toBeGreaterThan(1000);
  });
});
