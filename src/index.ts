/**
 * qiengine: xiangqi and chess rules, notation and Zobrist keys in TypeScript.
 * This module only re-exports; see the README for examples.
 */
export { QiengineError, FenError, IllegalMoveError, NotationError, PgnError, ProtocolError, UsageError, BookError, TablebaseError, type FenField, type FenCheck } from './core/errors.js';
export { encodeMove, moveFrom, moveTo, moveFlags, NO_MOVE, type Move } from './core/move.js';
export { RC4 } from './core/rc4.js';
export { joinKey64, keyLo, keyHi, hex32, hex64 } from './core/zobrist.js';
export type { GamePosition } from './core/game.js';

export { Xiangqi, validateXiangqiFen, boardDiagram, type XiangqiMove, type XiangqiPiece, type XiangqiSquarePiece, type XiangqiMovesFilter, type XiangqiHistoryMove, type XiangqiNotation } from './xiangqi/game.js';
export { XiangqiPosition, MAX_MOVES as XIANGQI_MAX_MOVES } from './xiangqi/position.js';
export type { XiangqiEvaluationTerms, XiangqiPatternParts } from './xiangqi/evaluate.js';
export { START_FEN as XIANGQI_START_FEN, readFen as readXiangqiFen, writeFen as writeXiangqiFen, positionFromFen as xiangqiFromFen } from './xiangqi/fen.js';
export { perft as xiangqiPerft, perftDivide as xiangqiPerftDivide } from './xiangqi/perft.js';
export {
  readXiangqiPgn,
  iterateXiangqiPgn,
  writeXiangqiPgn,
  type XiangqiPgnGame,
  type XiangqiPgnMove,
  type XiangqiPgnNode,
  type XiangqiPgnTree,
  type XiangqiPgnWriteOptions,
} from './xiangqi/pgn.js';
export {
  moveToIccs,
  parseIccs,
  squareName as xiangqiSquareName,
  parseSquare as parseXiangqiSquare,
  moveToWxf,
  parseWxf,
  moveToChinese,
  parseChinese,
  parseMoveText as parseXiangqiMove,
  describeMove as describeXiangqiMove,
  type MoveDescription as XiangqiMoveDescription,
} from './xiangqi/notation.js';
export {
  gameStatus as xiangqiStatus,
  repetitionStatus as xiangqiRepetition,
  REP_NONE,
  REP_DRAW,
  REP_SELF_PERPETUAL,
  REP_OPP_PERPETUAL,
  REP_CHASE,
  type XiangqiRules,
  type XiangqiStatus,
  type XiangqiEnd,
} from './xiangqi/rules.js';
export { xiangqiZobristTable } from './xiangqi/zobrist.js';

export { Chess, validateChessFen, chessDiagram, type ChessMove, type ChessPiece, type ChessSquarePiece, type ChessMovesFilter, type ChessHistoryMove, type ChessMoveInput } from './chess/game.js';
export { ChessPosition, MAX_MOVES as CHESS_MAX_MOVES } from './chess/position.js';
export type { ChessEvaluationTerms } from './chess/evaluate.js';
export {
  START_FEN as CHESS_START_FEN,
  readFen as readChessFen,
  writeFen as writeChessFen,
  positionFromFen as chessFromFen,
  readEpd,
  writeEpd,
  type Epd,
} from './chess/fen.js';
export { readEpdOperations, type EpdOperation } from './core/epd.js';
export { perft as chessPerft, perftDivide as chessPerftDivide } from './chess/perft.js';
export { moveToUci, parseUci, moveToSan, parseSan, lineToSan, isLegalMove as isLegalChessMove } from './chess/san.js';
export { readPgn, iteratePgn, writePgn, finalPosition, type PgnGame, type PgnNode, type PgnReadOptions, type PgnWriteOptions } from './chess/pgn.js';
export {
  gameStatus as chessStatus,
  repetitionCount,
  isInsufficientMaterial,
  type ChessStatus,
  type ChessEnd,
  type ChessClaim,
  type ChessColor,
} from './chess/rules.js';
export { polyglotTable, polyglotRandom } from './chess/zobrist.js';

export { pickBookMove, type BookMove, type BookGame, type BuildBookOptions } from './book/book.js';
export {
  PolyglotBook,
  polyglotMove,
  writePolyglotBook,
  buildPolyglotBook,
  POLYGLOT_RECORD_BYTES,
  type PolyglotBookMove,
  type PolyglotRecord,
  type ChessBookPosition,
} from './book/polyglot.js';
export {
  ElephantEyeBook,
  writeElephantEyeBook,
  buildElephantEyeBook,
  mirroredLock,
  ELEPHANTEYE_RECORD_BYTES,
  type ElephantEyeBookMove,
  type ElephantEyeRecord,
  type XiangqiBookPosition,
} from './book/elephanteye.js';
export {
  squareName as chessSquareName,
  parseSquare as parseChessSquare,
  FLAG_CASTLE,
  FLAG_EN_PASSANT,
  FLAG_DOUBLE_PUSH,
  FLAG_PROMOTION_MASK,
  type ChessPieceName,
} from './chess/board.js';

export {
  Search,
  isMateScore,
  mateIn,
  seededRandom,
  MAX_PLY,
  SINGULAR_TESTED,
  SINGULAR_EXTENDED,
  SINGULAR_MULTICUT,
  SINGULAR_REDUCED,
  type SearchInfo,
  type SearchLimits,
  type SearchResult,
  type SearchLine,
} from './search/search.js';
export { TranspositionTable, MATE } from './search/tt.js';
export { REP_NONE as REPETITION_NONE, REP_DRAW as REPETITION_DRAW } from './core/game.js';

export { ProtocolSession, type Variant } from './protocol/session.js';
export { XboardSession } from './protocol/xboard.js';
export { PlaySession, type PlayOptions } from './protocol/play.js';

export {
  Engine,
  DEFAULT_MOVETIME_MS,
  MAX_THREADS,
  RANDOMNESS_MAX,
  type EngineOptions,
  type EngineSearchOptions,
  type EngineAnalysis,
  type EnginePosition,
  type EngineInfo,
  type EngineLine,
  type EngineResult,
  type EngineScore,
  type Clock,
} from './engine/engine.js';
export { openSession, specOf, startFen, type GameKind, type GameSession, type PositionSpec, type XiangqiLineNotation } from './engine/games.js';
export {
  reviewGame,
  annotateChessPgn,
  annotateXiangqiPgn,
  winningChances,
  reviewNag,
  type MoveReview,
  type ReviewNag,
  type ReviewOptions,
} from './engine/annotate.js';
export { readSuite, solveSuite, type SuitePosition, type SuiteOptions, type SuiteResult, type SuiteFound, type SuiteReport } from './engine/suite.js';
export { budgetFor, type TimeBudget } from './engine/time.js';
export { ELO_MIN, ELO_MAX, ELO_LEVELS, skillForElo, SKILL_MIN, SKILL_MAX } from './engine/skill.js';
export { WDL_MODEL, winDrawLoss } from './engine/wdl.js';
export { Tablebases, type TablebasePosition, type TablebaseMove, type TablebasesOptions } from './tablebase/probe.js';
export { writeTableFile, type TableHeader } from './tablebase/file.js';
export { buildTables, buildTable, tableKey, type GeneratedTable, type GenerateProgress } from './tablebase/generate.js';
export { parseMaterial as parseTablebaseMaterial, materialName as tablebaseMaterialName, type Material as TablebaseMaterial, type TablebaseGame } from './tablebase/material.js';
export type { ProbeResult } from './tablebase/values.js';
export { PROBE_MISS, PROBE_WIN, type EndgameProbe } from './core/game.js';
export { openBook, bookGame, bookChoices, chooseBookMove, type OpeningBook, type BookChoice, type BookChoiceOptions } from './engine/book.js';
export { runBench, BENCH_POSITIONS, BENCH_DEPTH, type BenchReport } from './engine/bench.js';
