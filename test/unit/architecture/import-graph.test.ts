import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FUNCTION_NAMES } from '../../../lambdas/routes.js';

const LAMBDAS = fileURLToPath(new URL('../../../lambdas/', import.meta.url));
const LIB = fileURLToPath(new URL('../../../lib/', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/', import.meta.url));

/** Relative specifiers of static imports, re-exports, side-effect and dynamic imports. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** A folder is one node; a file at the top (config.ts, routes.ts) is a node of its own. */
function nodeOf(pathFromRoot: string): string {
  const [first, ...rest] = pathFromRoot.split(posix.sep);
  return rest.length === 0 ? (first as string) : `${first}/`;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => path.split(sep).join(posix.sep));
}

/** The edges between the nodes of one folder (lambdas/, lib/, bin/): which node imports which, for every relative import inside it. */
function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = nodeOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = relative(root, join(root, dirname(file), specifier as string)).split(sep).join(posix.sep);
      if (target.startsWith('..')) continue;
      const to = nodeOf(target.replace(/\.js$/, '.ts'));
      if (to !== from) targets.add(to);
    }
  }
  return graph;
}

/** One cycle of the graph as the path around it (first node repeated at the end), or undefined. */
function findCycle(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    const onPath = path.indexOf(node);
    if (onPath !== -1) return [...path.slice(onPath), node];
    if (done.has(node)) return undefined;
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle !== undefined) return cycle;
    }
    path.pop();
    done.add(node);
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

describe('the folders of lambdas/ import one way', () => {
  const graph = folderGraph(LAMBDAS);

  it('reads the imports it checks', () => {
    expect(graph.get('contact/')).toEqual(expect.any(Set));
    expect([...(graph.get('contact/') ?? [])]).toEqual(expect.arrayContaining(['inquiry/', 'http/', 'config.ts']));
    expect([...(graph.get('config.ts') ?? [])].sort()).toEqual(['inquiry/', 'mail-words/', 'time-zone.ts']);
  });

  it('has no cycle between folders', () => {
    expect(findCycle(graph)?.join(' -> ')).toBeUndefined();
  });

  it('has no import from one handler folder into another', () => {
    expect(importsBetween(graph, HANDLER_FOLDERS, HANDLER_FOLDERS)).toEqual([]);
  });

  it('has no import from a shared module into a handler folder', () => {
    const shared = new Set([...graph.keys()].filter((node) => !HANDLER_FOLDERS.has(node)));
    expect(importsBetween(graph, shared, HANDLER_FOLDERS)).toEqual([]);
  });
});

describe('the folders of lib/ import one way', () => {
  const graph = folderGraph(LIB);

  it('reads the imports it checks', () => {
    expect([...(graph.get('site-stack.ts') ?? [])]).toEqual(expect.arrayContaining(['edge/', 'api/', 'settings/', 'mail/']));
    expect([...(graph.get('settings/') ?? [])]).toEqual(expect.arrayContaining(['edge/', 'pages/']));
  });

  it('has no cycle between folders', () => {
    expect(findCycle(graph)?.join(' -> ')).toBeUndefined();
  });
});

describe('the folders of bin/ import one way', () => {
  const graph = folderGraph(BIN);

  it('reads the imports it checks', () => {
    expect([...(graph.get('verify/') ?? [])]).toEqual(expect.arrayContaining(['inbox/', 'local/', 'aws-failure.ts']));
    expect([...(graph.get('inbox/') ?? [])]).toEqual(expect.arrayContaining(['local-tables.ts']));
  });

  it('has no cycle between folders: what two commands share lives in a module of its own', () => {
    expect(findCycle(graph)?.join(' -> ')).toBeUndefined();
  });
});

/** The functions custom resources run at deploys (lib/keys/, lib/mail/), each a handler folder too. */
const DEPLOY_TIME_HANDLERS = ['deployment-keys', 'sender-identity'];

/** One folder per function (the route table's handlers, the worker, the deploy-time keepers): what each Lambda function is built from. */
const HANDLER_FOLDERS: ReadonlySet<string> = new Set([...FUNCTION_NAMES, ...DEPLOY_TIME_HANDLERS].map((name) => `${name}/`));

/** Every edge from a node of `from` to a node of `to`, as `a -> b`. */
function importsBetween(graph: ReadonlyMap<string, ReadonlySet<string>>, from: ReadonlySet<string>, to: ReadonlySet<string>): string[] {
  return [...graph]
    .filter(([node]) => from.has(node))
    .flatMap(([node, targets]) => [...targets].filter((target) => to.has(target)).map((target) => `${node} -> ${target}`))
    .sort();
}

describe('importsBetween', () => {
  it('names the edges from one set of nodes into another, and only those', () => {
    const graph = new Map([
      ['contact/', new Set(['page/', 'http/'])],
      ['page/', new Set(['inquiry/'])],
      ['http/', new Set(['contact/'])],
    ]);

    expect(importsBetween(graph, new Set(['contact/', 'page/']), new Set(['contact/', 'page/']))).toEqual(['contact/ -> page/']);
    expect(importsBetween(graph, new Set(['http/', 'inquiry/']), new Set(['contact/', 'page/']))).toEqual(['http/ -> contact/']);
  });
});

describe('findCycle', () => {
  it('names the nodes around a cycle, and nothing for a graph without one', () => {
    const edges = (entries: Record<string, string[]>) =>
      new Map(Object.entries(entries).map(([node, targets]) => [node, new Set(targets)]));

    expect(findCycle(edges({ 'contact/': ['page/'], 'page/': ['inquiry/'], 'inquiry/': [] }))).toBeUndefined();
    expect(findCycle(edges({ 'config.ts': ['contact/'], 'contact/': ['config.ts'] }))).toEqual([
      'config.ts',
      'contact/',
      'config.ts',
    ]);
  });
});
