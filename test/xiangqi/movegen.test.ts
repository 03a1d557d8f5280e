import { describe, expect, it } from 'vitest';
import { parseIccs, Xiangqi, type XiangqiPosition } from '../../src/index.js';
import { randomPlayout } from '../helpers/playout.js';

/** Legal ICCS moves starting from `from`, sorted. */
function movesFrom(fen: string, from: string): string[] {
  return new Xiangqi(fen).moves().filter((m) => m.startsWith(from)).sort();
}

describe('xiangqi piece movement', () => {
  it('horse legs: a blocked leg removes both moves on that side', () => {
    // Red horse on e4 with a black pawn on e5 (its forward leg).
    expect(movesFrom('3k5/9/9/9/4p4/4N4/9/9/9/5K3 w', 'e4')).toEqual(['e4c3', 'e4c5', 'e4d2', 'e4f2', 'e4g3', 'e4g5'].sort());
  });
  it('elephants: eyes block, and they never cross the river', () => {
    expect(movesFrom('3k5/9/9/9/9/9/9/9/9/4K1B2 w', 'g0')).toEqual(['g0e2', 'g0i2']);
    expect(movesFrom('3k5/9/9/9/9/2B6/9/9/9/4K4 w', 'c4')).toEqual(['c4a2', 'c4e2']);
    expect(movesFrom('3k5/9/9/9/9/9/9/9/7p1/4K1B2 w', 'g0')).toEqual(['g0e2']);
  });
  it('advisors and king stay in the palace', () => {
    expect(movesFrom('3k5/9/9/9/9/9/9/9/9/3AK4 w', 'd0')).toEqual(['d0e1']);
    expect(movesFrom('3k5/9/9/9/9/9/9/5K3/9/9 w', 'f2')).toEqual(['f2e2', 'f2f1']);
  });
  it('cannons need exactly one screen to capture, and slide like rooks otherwise', () => {
    const m = movesFrom('3k5/9/9/9/4r4/9/4p4/9/4C4/5K3 w', 'e1');
    expect(m).toContain('e1e5'); // over the pawn on e3, capturing the rook
    expect(m).not.toContain('e1e3'); // cannot capture without a screen
    expect(m).toContain('e1e2');
    expect(m).toContain('e1e0');
    expect(m).not.toContain('e1e4');
  });
  it('pawns move sideways only after crossing the river, and never back', () => {
    expect(movesFrom('3k5/9/9/9/9/9/4P4/9/9/5K3 w', 'e3')).toEqual(['e3e4']);
    expect(movesFrom('3k5/9/9/9/4P4/9/9/9/9/5K3 w', 'e5')).toEqual(['e5d5', 'e5e6', 'e5f5']);
    expect(movesFrom('3k5/4P4/9/9/9/9/9/9/9/5K3 w', 'e8')).toEqual(['e8d8', 'e8e9', 'e8f8']);
  });
  it('the flying general: a move that opens the file between the kings is illegal', () => {
    // The red horse on e4 is the only piece between the kings: every horse move leaves the file.
    const g = new Xiangqi('4k4/9/9/9/9/4N4/9/9/9/4K4 w');
    expect(g.moves().filter((m) => m.startsWith('e4'))).toEqual([]);
    // With a second piece on the file the horse is free.
    expect(new Xiangqi('4k4/4a4/9/9/9/4N4/9/9/9/4K4 w').moves().filter((m) => m.startsWith('e4')).length).toBe(8);
    // And a king may not step onto the open file of the other king.
    expect(new Xiangqi('4k4/9/9/9/9/9/9/9/9/3K5 w').moves()).not.toContain('d0e0');
  });
  it('moving a piece between a cannon and the king (as a screen) is illegal', () => {
    // Black cannon on e9 faces the red king on e0 across an empty file; the red rook on a4 may not stop on e4.
    const g = new Xiangqi('3kc4/9/9/9/9/R8/9/9/9/4K4 w');
    expect(g.moves()).not.toContain('a4e4');
    expect(g.moves()).toContain('a4d4');
  });
  it('a horse check is blocked by its leg, and unblocked when the leg moves away', () => {
    // The black horse on d2 reaches the red king on e0 through its leg d1, where a red horse stands.
    const g = new Xiangqi('3k5/9/9/9/9/9/9/3n5/3N5/4K4 w');
    expect(g.inCheck()).toBe(false);
    expect(g.moves().filter((m) => m.startsWith('d1'))).toEqual([]); // pinned as the horse's leg
    expect(g.moves().length).toBeGreaterThan(0);
  });
  it('inCheck, isLegal and verbose moves', () => {
    const g = new Xiangqi('4k4/9/9/9/9/9/9/9/4r4/3K5 w');
    expect(g.inCheck()).toBe(false);
    const g2 = new Xiangqi('3k5/9/9/9/9/9/9/9/9/4K3r w');
    expect(g2.inCheck()).toBe(true);
    expect(g2.moves().sort()).toEqual(['e0e1']);
    const v = new Xiangqi().moves({ verbose: true }).find((m) => m.iccs === 'h2e2')!;
    expect(v).toMatchObject({ from: 'h2', to: 'e2', wxf: 'C2.5', chinese: '炮二平五', piece: 'cannon', color: 'red', check: false });
    expect(new Xiangqi().isLegal(v.move)).toBe(true);
    expect(new Xiangqi().isLegal(parseIccs('h2g3'))).toBe(false);
    expect(new Xiangqi().isLegal(parseIccs('h2h8'))).toBe(false); // a cannon cannot jump to an empty point
  });

  it('losingCapture: a capture loses material when a clearly dearer piece takes a guarded one', () => {
    const losing = (fen: string, iccs: string) => new Xiangqi(fen).position.losingCapture(parseIccs(iccs));
    // A rook takes a pawn that a horse guards (leg d4 empty), then with the leg blocked.
    expect(losing('4k4/9/9/9/R3p4/9/3n5/9/9/4K4 w', 'a5e5')).toBe(true);
    expect(losing('4k4/9/9/9/R3p4/3p5/3n5/9/9/4K4 w', 'a5e5')).toBe(false);
    // Guarded by an advisor inside the palace; by an elephant, unless its eye is blocked.
    expect(losing('4k4/4a4/R2n5/9/9/9/9/9/9/5K3 w', 'a7d7')).toBe(true);
    expect(losing('2b1k4/9/R3n4/9/9/9/9/9/9/5K3 w', 'a7e7')).toBe(true);
    expect(losing('2b1k4/3P5/R3n4/9/9/9/9/9/9/5K3 w', 'a7e7')).toBe(false);
    // Guarded by a cannon over one screen, not over two.
    expect(losing('3kc4/9/9/4P4/4n4/9/9/4R4/9/5K3 w', 'e2e5')).toBe(true);
    expect(losing('3kc4/4P4/9/4P4/4n4/9/9/4R4/9/5K3 w', 'e2e5')).toBe(false);
    // The capturer's own square is empty afterwards: a rook behind it along the line takes back.
    expect(losing('4k4/9/9/9/r1Rn5/9/9/9/9/5K3 w', 'c5d5')).toBe(true);
    // Cheaper (or equal) capturers never lose, and a quiet move is not a losing capture.
    expect(losing('4k4/9/9/9/4r4/4P4/9/9/9/5K3 w', 'e4e5')).toBe(false);
    expect(losing('4k4/9/9/9/R3p4/9/3n5/9/9/4K4 w', 'a5b5')).toBe(false);
  });

  it('losingQuiet: a quiet move loses when its piece stands undefended or cheaply attacked', () => {
    const losing = (fen: string, iccs: string) => {
      const g = new Xiangqi(fen);
      const before = g.fen();
      const answer = g.position.losingQuiet(parseIccs(iccs));
      expect(g.fen()).toBe(before); // the board is borrowed, and given back
      return answer;
    };
    // A rook steps in front of an unmoved black pawn (which takes forward only), or beside it.
    expect(losing('3k5/9/9/9/p8/9/9/9/9/R3K4 w', 'a0a4')).toBe(true);
    expect(losing('3k5/9/9/9/p8/9/9/9/9/R3K4 w', 'a0a3')).toBe(false);
    // A horse onto the black rook's file: lost if nothing guards it, kept when the red rook
    // behind it does (the attacker is no cheaper), while that rook itself hangs on c1 and c3.
    expect(losing('3k5/9/9/9/9/2r6/9/9/9/1H2K4 w', 'b0c2')).toBe(true);
    expect(losing('3k5/9/9/9/9/2r6/9/9/9/1HR1K4 w', 'b0c2')).toBe(false);
    expect(losing('3k5/9/9/9/9/2r6/9/9/9/1HR1K4 w', 'c0c3')).toBe(true);
    // A rook where a horse takes it, guarded or not; a cannon takes it over the king's screen
    // even though the king guards d0.
    expect(losing('3k5/9/9/9/9/9/9/2n6/9/1R1AK4 w', 'b0b4')).toBe(true);
    expect(losing('3k5/9/9/9/9/9/9/H1n6/9/1R1AK4 w', 'b0b4')).toBe(true);
    expect(losing('3k5/9/9/9/9/9/9/9/9/1R2K1c2 w', 'b0d0')).toBe(true);
    expect(losing('3k5/9/9/9/9/9/9/9/9/1R2K4 w', 'b0d0')).toBe(false);
    // The piece is looked at on its new point: an advisor does not guard itself from the
    // point it left; the king beside its new point does.
    expect(losing('3k5/9/9/9/4r4/9/9/9/9/3A1K3 w', 'd0e1')).toBe(true);
    expect(losing('5k3/9/9/9/4r4/9/9/9/3K5/5A3 w', 'f0e1')).toBe(false);
    // Kings, pawns and captures are never judged (the rook takes the pawn it would face).
    expect(losing('3k5/9/9/9/p8/9/9/9/9/R3K4 w', 'e0e1')).toBe(false);
    expect(losing('3k5/9/9/9/p8/p8/9/9/9/R3K4 w', 'a0a4')).toBe(false);
  });

  it('checkerHangs: after a check, whether the side to move can take the moved piece for nothing', () => {
    const hangs = (fen: string, iccs?: string) => {
      const g = new Xiangqi(fen);
      if (iccs !== undefined) g.move(iccs);
      expect(g.inCheck()).toBe(true);
      return g.position.checkerHangs();
    };
    // A rook checks from e4, where a black horse (leg d5 empty) takes it; not if a red pawn
    // guards e4, nor if the horse's leg is blocked, nor with no horse at all.
    expect(hangs('4k4/9/9/3n5/9/R8/9/9/9/3K5 w', 'a4e4')).toBe(true);
    expect(hangs('4k4/9/9/3n5/9/R8/4P4/9/9/3K5 w', 'a4e4')).toBe(false);
    expect(hangs('4k4/9/9/3n5/3P5/R8/9/9/9/3K5 w', 'a4e4')).toBe(false);
    expect(hangs('4k4/9/9/9/9/R8/9/9/9/3K5 w', 'a4e4')).toBe(false);
    // Next to the king: the king takes it, unless a red horse guards the square.
    expect(hangs('4k4/R8/9/9/9/9/9/9/9/3K5 w', 'a8e8')).toBe(true);
    expect(hangs('4k4/R8/9/3N5/9/9/9/9/9/3K5 w', 'a8e8')).toBe(false);
    // In check at the root, no move has been made: nothing to judge.
    expect(hangs('4k4/9/9/9/4R4/9/9/9/9/3K5 b')).toBe(false);
  });

  it('after make, the check flag (decided from geometry alone for most moves) agrees with a full attack test', () => {
    let decided = 0;
    let checks = 0;
    let moves = 0;
    for (let seed = 1; seed <= 40; seed++) {
      randomPlayout(new Xiangqi().position, seed, 100, (p) => {
        const pos = p as XiangqiPosition;
        const buf = new Int32Array(256);
        const end = pos.generate(buf, 0, false);
        for (let i = 0; i < end; i++) {
          if (!pos.make(buf[i]!)) continue;
          moves++;
          // make() leaves the flag unknown (2) unless geometry decided it.
          if (pos.histCheck[pos.ply] === 0) decided++;
          const side = pos.sideToMove;
          const truth = pos.kingAttacked(pos.pieceSquare[16 << side]!, side);
          if (truth) checks++;
          expect(pos.inCheck()).toBe(truth);
          pos.unmake();
        }
      });
    }
    // Both ways of answering occur, and so do checks, or the test proves nothing.
    expect(decided).toBeGreaterThan(moves / 3);
    expect(decided).toBeLessThan(moves);
    expect(checks).toBeGreaterThan(500);
  });

  it('make() accepts exactly the moves the board-only legality test accepts, in check or not', () => {
    let refused = 0;
    let accepted = 0;
    let inCheck = 0;
    for (let seed = 1; seed <= 40; seed++) {
      randomPlayout(new Xiangqi().position, seed, 100, (p) => {
        const pos = p as XiangqiPosition;
        const checked = pos.inCheck();
        if (checked) inCheck++;
        const buf = new Int32Array(256);
        // Every pseudo-legal move, in check too (generate leaves out what cannot answer a check).
        const end = pos.generatePseudoLegal(buf, 0, false);
        for (let i = 0; i < end; i++) {
          const m = buf[i]!;
          const safe = pos.isSafe(m, checked);
          const made = pos.make(m);
          if (made) pos.unmake();
          expect(made).toBe(safe);
          if (made) accepted++;
          else refused++;
        }
      });
    }
    expect(refused).toBeGreaterThan(500);
    expect(accepted).toBeGreaterThan(50_000);
    expect(inCheck).toBeGreaterThan(50);
  });
});

describe('xiangqi moves in check', () => {
  /** The moves of `gen` as an array. */
  const list = (gen: (buf: Int32Array) => number): number[] => {
    const buf = new Int32Array(256);
    return Array.from(buf.subarray(0, gen(buf)));
  };

  it('generate leaves out only illegal moves, keeps the generator order, and agrees with its capture and quiet passes', () => {
    let positions = 0;
    let dropped = 0;
    let kept = 0;
    for (let seed = 1; seed <= 200; seed++) {
      randomPlayout(new Xiangqi().position, seed, 150, (p) => {
        const pos = p as XiangqiPosition;
        if (!pos.inCheck()) return;
        positions++;
        const all = list((b) => pos.generatePseudoLegal(b, 0, false));
        const moves = list((b) => pos.generate(b, 0, false));
        const keep = new Set(moves);
        expect(moves).toEqual(all.filter((m) => keep.has(m)));
        for (const m of all) {
          const legal = pos.make(m);
          if (legal) pos.unmake();
          if (keep.has(m)) kept++;
          else {
            dropped++;
            expect(legal, `${m.toString(16)} is legal but was left out`).toBe(false);
          }
        }
        const captures = list((b) => pos.generate(b, 0, true));
        expect(captures).toEqual(moves.filter((m) => pos.board[(m >>> 8) & 0xff] !== 0));
        expect(list((b) => pos.generateQuiets(b, 0))).toEqual(moves.filter((m) => pos.board[(m >>> 8) & 0xff] === 0));
      });
    }
    expect(positions).toBeGreaterThan(500);
    // Most moves of a side in check cannot answer it.
    expect(dropped).toBeGreaterThan(kept);
  });

  /** The legal moves of `fen` that generate lists, as ICCS, sorted. */
  const answers = (fen: string): string[] => new Xiangqi(fen).moves().sort();
  /** The legal moves found by trying every pseudo-legal move on the board. */
  const legalByTrial = (fen: string): string[] => {
    const g = new Xiangqi(fen);
    const pos = g.position;
    return list((b) => pos.generatePseudoLegal(b, 0, false))
      .filter((m) => {
        const ok = pos.make(m);
        if (ok) pos.unmake();
        return ok;
      })
      .map((m) => g.moves({ verbose: true }).find((v) => v.move === m)!.iccs)
      .sort();
  };

  it('a cannon check may be answered by moving the screen away, or by a second screen', () => {
    // Black cannon e9, red horse e4 as the screen, red king e0; the horse's moves all leave the file.
    const fen = '3kc4/9/9/9/9/4N4/9/9/9/4K4 w';
    expect(new Xiangqi(fen).inCheck()).toBe(true);
    const moves = answers(fen);
    expect(moves).toEqual(legalByTrial(fen));
    expect(moves).toContain('e4c5');
    // A rook stepping onto the file between the screen and the king adds a second screen.
    const fen2 = '4ck3/9/9/9/9/4N4/R8/9/9/4K4 w';
    expect(new Xiangqi(fen2).inCheck()).toBe(true);
    expect(answers(fen2)).toContain('a3e3');
    expect(answers(fen2)).toEqual(legalByTrial(fen2));
  });

  it('a horse check may be answered on its leg, and a double check by one move between', () => {
    // Black horse d2 checks the red king e0 through its leg d1; the red rook may block there.
    const fen = '3k5/9/9/9/9/9/9/3n5/R8/4K4 w';
    expect(new Xiangqi(fen).inCheck()).toBe(true);
    expect(answers(fen)).toContain('a1d1');
    expect(answers(fen)).toEqual(legalByTrial(fen));
    // A black rook on e5 checks the red king on e0, and the black cannon behind it on e9 uses it
    // as a screen: a red piece between e1 and e4 blocks both at once.
    const fen2 = '3kc4/9/9/9/4r4/9/9/9/R8/4K4 w';
    expect(new Xiangqi(fen2).inCheck()).toBe(true);
    expect(answers(fen2)).toContain('a1e1');
    expect(answers(fen2)).toEqual(legalByTrial(fen2));
  });
});

describe('xiangqi attackedBy', () => {
  it('answers, for every piece of the other side but the king, whether the side to move has a capture on it', () => {
    let attacked = 0;
    let safe = 0;
    const buf = new Int32Array(256);
    for (let seed = 1; seed <= 40; seed++) {
      randomPlayout(new Xiangqi().position.clone(), seed, 100, (gp) => {
        const pos = gp as XiangqiPosition;
        const by = pos.sideToMove;
        const end = pos.generatePseudoLegal(buf, 0, true);
        const targets = new Set(Array.from(buf.subarray(0, end), (m) => (m >>> 8) & 0xff));
        for (let id = 16 << (by ^ 1), last = id + 15, king = id; id <= last; id++) {
          const sq = pos.pieceSquare[id]!;
          if (sq === 0 || id === king) continue;
          const a = pos.attackedBy(sq, by);
          expect(a).toBe(targets.has(sq));
          if (a) attacked++;
          else safe++;
        }
      });
    }
    expect(attacked).toBeGreaterThan(1_000);
    expect(safe).toBeGreaterThan(10_000);
  });
});
