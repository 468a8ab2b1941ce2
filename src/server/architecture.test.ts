import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The server's imports form no cycle, between files or between folders (ESLint's
// no-restricted-imports keeps plumbing below the features; this keeps the rest one-way). Tests
// are left out: they sit beside the code and start the whole app.

const SERVER = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files of ours a file imports at run time (type-only imports included: they couple too). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s+'(\.[^']+)'/g)].map(
    (match) => match[1]!,
  );
  return specifiers.flatMap((specifier) => {
    const base = path.resolve(path.dirname(file), specifier);
    const found = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
    return found && found.startsWith(SERVER) ? [found] : [];
  });
}

/** Strongly connected components of more than one node (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

const files = sourceFiles(SERVER);
const edges = files.map((file) => [file, importsOf(file)] as const);
const relative = (file: string) => path.relative(SERVER, file);
/** A file's folder under src/server ('.' for the top-level files). */
const folderOf = (file: string) => path.dirname(relative(file)).split(path.sep)[0]!;

it('has no import cycle between the server’s files', () => {
  const graph = new Map(edges.map(([file, imports]) => [relative(file), new Set(imports.map(relative))]));
  expect(cycles(graph)).toEqual([]);
});

it('has no import cycle between the server’s folders', () => {
  const graph = new Map<string, Set<string>>();
  for (const [file, imports] of edges) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    // The top-level files (app.ts, config.ts, errors.ts …) are not a folder of their own.
    for (const target of imports) {
      const to = folderOf(target);
      if (to !== from && to !== '.' && from !== '.') graph.get(from)!.add(to);
    }
  }
  expect(cycles(graph)).toEqual([]);
});
