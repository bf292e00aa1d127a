import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A frame in a file, as V8 writes it: `    at name (file:///var/task/index.mjs:1:2345)`,
 * `    at file:///var/task/index.mjs:1:2345`, or `    at async file:///…` for an anonymous one.
 */
const FILE_FRAME = /^(?<at>\s+at )(?<keyword>async |new )?(?:(?<name>.+?) \()?(?<file>file:\/\/[^()]+?):(?<line>\d+):(?<column>\d+)\)?$/;
/** Any frame V8 writes: a location in parentheses or alone, `native`, `<anonymous>` or `index N`. */
const ANY_FRAME = /^\s+at (?:.+ \()?(?:\S+:\d+:\d+|native|<anonymous>|index \d+)\)?$/;
const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=(\S+)\s*$/;

/** A mapping as `findEntry` returns it: Node documents its `name`, which @types/node does not list. */
type NamedSourceMapping = SourceMapping & { readonly name?: string };

/** The source map of each file met so far; undefined for a file without one that can be read. */
const sourceMaps = new Map<string, SourceMap | undefined>();

/**
 * The frames of a crash's stack, without its message (a message may quote what a visitor sent,
 * over several lines), each frame in a bundle pointed back at the source it was built from, in
 * the form Node gives it with `--enable-source-maps`.
 *
 * Node maps them itself with that flag, but it then reads and parses the map of every module at
 * import, a fifth of a bundle's import time on every cold start; here a map is read when a crash is
 * logged, once per file. The stack is only text by then, so a function is named as Node names it
 * when it cannot look at the enclosing function: by the name its caller, in the same file, used.
 * It never throws: it runs while a crash is being answered.
 */
export function stackFrames(error: unknown): string | undefined {
  const frames = framesOf(error);
  if (frames === undefined) return undefined;
  const mapped = frames.map(mappedFrame);
  return frames
    .map((frame, index) => {
      const here = mapped[index];
      if (here === undefined) return frame;
      const caller = mapped[index + 1];
      const name = (caller?.file === here.file ? caller.calleeName : undefined) ?? here.functionName ?? '<anonymous>';
      return `${here.at}${here.keyword}${here.typePrefix}${name} (${here.source})`;
    })
    .join('\n');
}

/**
 * The frame lines of a stack. V8 heads it with the error as `Error.prototype.toString` writes it
 * when the stack is first read; if that head cannot be told, the frames are the lines at its end
 * that all read as frames, so that no line of a message can pass for one.
 */
function framesOf(error: unknown): string[] | undefined {
  try {
    const stack = (error as { stack?: unknown } | null | undefined)?.stack;
    if (typeof stack !== 'string') return undefined;
    const head = `${Error.prototype.toString.call(error)}\n`;
    if (stack.startsWith(head)) return stack.slice(head.length).split('\n');
    const lines = stack.split('\n');
    let first = lines.length;
    while (first > 0 && ANY_FRAME.test(lines[first - 1]!)) first--;
    return lines.slice(first);
  } catch {
    return undefined;
  }
}

interface MappedFrame {
  /** The frame's indent and `at `. */
  readonly at: string;
  readonly file: string;
  /** `async `, `new ` or nothing. */
  readonly keyword: string;
  /** The receiver's type and a dot, for a method: `Object.`. */
  readonly typePrefix: string;
  /** The function as the stack names it, without its type and alias. */
  readonly functionName: string | undefined;
  /** `path:line:column` in the original source. */
  readonly source: string;
  /** The name the map gives the symbol at this call site: the function called from here. */
  readonly calleeName: string | undefined;
}

/** A frame pointed at its source; undefined for one in no file with a readable map, or that cannot be mapped. */
function mappedFrame(frame: string): MappedFrame | undefined {
  try {
    const groups = FILE_FRAME.exec(frame)?.groups;
    if (groups === undefined) return undefined;
    const map = sourceMapOf(groups.file!);
    if (map === undefined) return undefined;
    const found = map.findEntry(Number(groups.line) - 1, Number(groups.column) - 1);
    // A location before the map's first mapping has no entry.
    if (!('originalSource' in found)) return undefined;
    const entry: NamedSourceMapping = found;
    // V8 writes a method as `Type.name [as alias]`; Node keeps the type and drops the alias.
    const printed = groups.name?.replace(/ \[as [^\]]+\]$/, '');
    const dot = printed?.indexOf('.') ?? -1;
    return {
      at: groups.at!,
      file: groups.file!,
      keyword: groups.keyword ?? '',
      typePrefix: printed === undefined || dot < 0 ? '' : printed.slice(0, dot + 1),
      functionName: printed === undefined ? undefined : printed.slice(dot + 1),
      source: `${sourcePath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
      calleeName: entry.name,
    };
  } catch {
    return undefined;
  }
}

/** A source as Node writes it in a mapped stack: a file by its path. */
function sourcePath(source: string): string {
  return source.startsWith('file://') ? fileURLToPath(source) : source;
}

function sourceMapOf(file: string): SourceMap | undefined {
  if (!sourceMaps.has(file)) sourceMaps.set(file, readSourceMap(file));
  return sourceMaps.get(file);
}

/** The map a file names, its sources made absolute against where it is, as Node does. */
function readSourceMap(file: string): SourceMap | undefined {
  try {
    const comment = SOURCE_MAP_COMMENT.exec(readFileSync(fileURLToPath(file), 'utf8'));
    if (comment === null) return undefined;
    const url = new URL(comment[1]!, file);
    if (url.protocol !== 'file:') return undefined;
    const payload = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as SourceMapPayload;
    const sources = payload.sources.map((source) => new URL(`${payload.sourceRoot ?? ''}${source}`, url).href);
    return new SourceMap({ ...payload, sources, sourceRoot: '' });
  } catch {
    return undefined;
  }
}
