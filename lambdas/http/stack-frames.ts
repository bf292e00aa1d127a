import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapping } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * `    at name (file:///var/task/index.mjs:1:2345)` or `    at file:///var/task/index.mjs:1:2345`:
 * a frame in a file, as its indent and `at `, its function's name, its file, line and column.
 */
const FILE_FRAME = /^(\s+at )(?:(.+?) \()?(file:\/\/[^()]+?):(\d+):(\d+)\)?$/;
const SOURCE_MAP_COMMENT = /\/\/# sourceMappingURL=(\S+)\s*$/;
/** What V8 writes before a function's name, and keeps when the name is mapped. */
const NAME_KEYWORD = /^(?:async |new )/;

/** A mapping as `findEntry` returns it: Node documents its `name`, which @types/node does not list. */
type NamedSourceMapping = SourceMapping & { readonly name?: string };

interface BundleSourceMap {
  readonly map: SourceMap;
  /** Where the map is: its sources are relative to it. */
  readonly url: string;
}

/** The source map of each file met so far; undefined for a file without one. */
const sourceMaps = new Map<string, BundleSourceMap | undefined>();

/**
 * The frames of an error's stack, without its message (a message may quote what a visitor sent,
 * over several lines), each frame in a bundle pointed back at the source it was built from.
 *
 * Node would map them itself with `--enable-source-maps`, but it then reads and parses the map of
 * every module at import, a fifth of a bundle's import time on every cold start; here a map is read
 * when a crash is logged, once per file. The stack is only text by then, so a function is named as
 * Node names it when it has no better: by the name its caller, in the same file, called it by.
 */
export function stackFrames(error: Error | null | undefined): string | undefined {
  const frames = error?.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames === undefined) return undefined;
  const mapped = frames.map(mappedFrame);
  return frames
    .map((frame, index) => {
      const here = mapped[index];
      if (here === undefined) return frame;
      const caller = mapped[index + 1];
      const name =
        caller?.file === here.file && caller.calleeName !== undefined
          ? `${NAME_KEYWORD.exec(here.name ?? '')?.[0] ?? ''}${caller.calleeName}`
          : here.name;
      return name === undefined ? `${here.at}${here.source}` : `${here.at}${name} (${here.source})`;
    })
    .join('\n');
}

interface MappedFrame {
  /** The frame's indent and `at `. */
  readonly at: string;
  readonly file: string;
  /** The frame's function as the stack names it, a keyword kept. */
  readonly name: string | undefined;
  /** `path:line:column` in the original source. */
  readonly source: string;
  /** The name the map gives the symbol at this call site: the function called from here. */
  readonly calleeName: string | undefined;
}

function mappedFrame(frame: string): MappedFrame | undefined {
  const match = FILE_FRAME.exec(frame);
  if (match === null) return undefined;
  const [, at, name, file, line, column] = match as unknown as [string, string, string | undefined, string, string, string];
  const sourceMap = sourceMapOf(file);
  if (sourceMap === undefined) return undefined;
  const found = sourceMap.map.findEntry(Number(line) - 1, Number(column) - 1);
  // A location before the map's first mapping has no entry.
  if (!('originalSource' in found)) return undefined;
  const entry: NamedSourceMapping = found;
  return {
    at,
    file,
    name,
    source: `${sourcePath(new URL(entry.originalSource, sourceMap.url))}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
    calleeName: entry.name,
  };
}

/** A source as Node writes it in a mapped stack: a file by its path. */
function sourcePath(url: URL): string {
  return url.protocol === 'file:' ? fileURLToPath(url) : url.href;
}

function sourceMapOf(file: string): BundleSourceMap | undefined {
  if (!sourceMaps.has(file)) sourceMaps.set(file, readSourceMap(file));
  return sourceMaps.get(file);
}

/** A crash is being logged: a file or map that cannot be read leaves its frames as they are. */
function readSourceMap(file: string): BundleSourceMap | undefined {
  try {
    const comment = SOURCE_MAP_COMMENT.exec(readFileSync(fileURLToPath(file), 'utf8'));
    if (comment === null) return undefined;
    const url = new URL(comment[1]!, file);
    if (url.protocol !== 'file:') return undefined;
    return { map: new SourceMap(JSON.parse(readFileSync(fileURLToPath(url), 'utf8'))), url: url.href };
  } catch {
    return undefined;
  }
}
