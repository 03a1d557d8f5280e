// Replaying `qiengine match --out` records (one game per line, JSON with its moves), for the
// scripts that draw positions from them.
import { readFileSync } from 'node:fs';

/**
 * Each game of the record files, replayed: yields `{ game, ply }` after every move that
 * `newGame(record)`'s game accepts, ply counting from 0. A line that is not a record is passed
 * over; a move the game refuses (a record of the other game, or one cut short) ends that game.
 */
export function* replayRecords(files, newGame) {
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      if (!Array.isArray(record.moves)) continue;
      const game = newGame(record);
      for (let ply = 0; ply < record.moves.length; ply++) {
        try {
          game.move(record.moves[ply]);
        } catch {
          break;
        }
        yield { game, ply };
      }
    }
  }
}

/**
 * Whether `pos` is quiet enough for its search score to reflect the static evaluation: the side
 * to move is not in check and has no capture that does not lose material. `moves` is scratch.
 */
export function isQuiet(pos, moves) {
  if (pos.inCheck()) return false;
  const end = pos.generate(moves, 0, true);
  for (let k = 0; k < end; k++) if (!pos.losingCapture(moves[k])) return false;
  return true;
}
