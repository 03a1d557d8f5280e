#!/usr/bin/env node
/**
 * The `qiengine` binary.
 *
 *   qiengine [uci]                 UCI loop on stdin/stdout (the default)
 *   qiengine ucci                  UCCI loop (ElephantEye's dialect)
 *   qiengine perft --game chess|xiangqi [--fen F] --depth N [--divide]
 *   qiengine help
 */
import { createInterface } from 'node:readline';
import { QiengineError, UsageError } from './core/errors.js';
import { ENGINE_NAME, ENGINE_VERSION, ProtocolSession } from './protocol/session.js';
import { Chess } from './chess/game.js';
import { Xiangqi } from './xiangqi/game.js';

const USAGE = `${ENGINE_NAME} ${ENGINE_VERSION}

usage:
  qiengine [uci]        speak UCI on stdin/stdout: chess by default,
                        xiangqi with 'setoption name UCI_Variant value xiangqi'
                        (xiangqi moves in ICCS, ranks 0-9)
  qiengine ucci         speak UCCI (ElephantEye's protocol, xiangqi)
  qiengine perft --game chess|xiangqi [--fen FEN] --depth N [--divide]
                        count the leaves of the legal move tree
  qiengine help         this text`;

function parseFlags(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new UsageError(`unexpected argument '${a}'`);
    const name = a.slice(2);
    if (name === 'divide') {
      flags.set(name, 'true');
      continue;
    }
    const v = args[i + 1];
    if (v === undefined) throw new UsageError(`--${name} needs a value`);
    flags.set(name, v);
    i++;
  }
  return flags;
}

function perftCommand(args: string[]): void {
  const flags = parseFlags(args);
  for (const k of flags.keys()) if (!['game', 'fen', 'depth', 'divide'].includes(k)) throw new UsageError(`unknown option --${k}`);
  const gameName = flags.get('game') ?? 'xiangqi';
  if (gameName !== 'xiangqi' && gameName !== 'chess') throw new UsageError(`--game ${gameName}: expected chess or xiangqi`);
  const depth = Number(flags.get('depth') ?? '');
  if (!Number.isInteger(depth) || depth < 1 || depth > 12) throw new UsageError('--depth must be an integer from 1 to 12');
  const fen = flags.get('fen');
  const game = gameName === 'chess' ? new Chess(fen) : new Xiangqi(fen);
  const t0 = process.hrtime.bigint();
  let total = 0;
  if (flags.has('divide')) {
    for (const { move, nodes } of game.perftDivide(depth)) {
      process.stdout.write(`${move}: ${nodes}\n`);
      total += nodes;
    }
    process.stdout.write('\n');
  } else {
    total = game.perft(depth);
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  process.stdout.write(`Nodes searched: ${total}\n`);
  process.stdout.write(`Time: ${ms.toFixed(0)} ms, ${(total / Math.max(ms, 0.001) / 1000).toFixed(2)} M leaves/s\n`);
}

function protocolLoop(firstLine?: string): void {
  const session = new ProtocolSession((l) => process.stdout.write(l + '\n'));
  if (firstLine !== undefined) session.handle(firstLine);
  const rl = createInterface({ input: process.stdin, terminal: false });
  rl.on('line', (line) => {
    session.handle(line);
    // `quit` may wait behind a search that is being stopped.
    void session.idle().then(() => {
      if (session.finished) process.exit(0);
    });
  });
  rl.on('close', () => void session.idle().then(() => process.exit(0)));
}

function main(argv: string[]): void {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case undefined:
      case 'uci':
        return protocolLoop();
      case 'ucci':
        return protocolLoop('ucci');
      case 'perft':
        return perftCommand(rest);
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE + '\n');
        return;
      case '--version':
        process.stdout.write(ENGINE_VERSION + '\n');
        return;
      default:
        throw new UsageError(`unknown command '${cmd}'`);
    }
  } catch (e) {
    if (e instanceof QiengineError) {
      // Usage mistakes get the usage text; bad input (a FEN, a move) only its message.
      process.stderr.write(e instanceof UsageError ? `qiengine: ${e.message}\n\n${USAGE}\n` : `qiengine: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw e;
  }
}

main(process.argv.slice(2));
