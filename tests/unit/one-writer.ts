// Finds every D1 statement sent outside the one writer (worker/lib/d1-batch.ts, docs/decisions/268), for
// one-writer.test.ts. The sources are parsed by the TypeScript compiler (TypeScript 7's API: the native compiler
// parses them and answers the syntax trees), and calls are matched by the name they reach, not by their SQL text:
// - a D1 method (`batch`, `prepare`, `exec`) reached by any route: `x.batch`, `x?.batch`, `x['batch']`, a key
//   folded from constants (`'bat' + 'ch'`, a const holding it), a destructuring `{ batch }` / `{ batch: b }`,
//   the name handed to a call (`Reflect.get(db, 'batch')`). A reference is enough: `const b = db.batch; b(...)`
//   and `db.batch.call(db, ...)` are named at the reference. `exec` on a regular expression is not D1's.
// - a drizzle write executed on its own: a builder `.insert(t)`, `.update(t)`, `.delete(t)` on a table from
//   schema/ (also under a const alias), or raw SQL through drizzle (`.run(sql…)`, `.all(sqlOf(…))`), whose chain
//   is awaited, ended by `.run()` / `.all()` / `.get()` / `.values()` / `.execute()` / `.then()`, returned from an
//   async function, handed to Promise.all and its kin, or kept in a variable that is then awaited or so ended.
//   Such a builder is fine as an item of the writer's batch, which is where it belongs.
import { API } from 'typescript/unstable/sync';
import { createVirtualFileSystem } from 'typescript/unstable/fs';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';

export const D1_METHODS = new Set(['batch', 'prepare', 'exec']);
const WRITE_BUILDERS = new Set(['insert', 'update', 'delete']);
const RAW_RUNNERS = new Set(['run', 'all', 'get', 'values']);
const EXECUTORS = new Set(['run', 'all', 'get', 'values', 'execute', 'then', 'catch', 'finally']);
const PROMISE_COMBINATORS = new Set(['all', 'allSettled', 'race', 'any']);

export type Finding = { line: number; what: string };

type N = Node & Record<string, any>;

/** Parses `files` (path → source) with the TypeScript compiler and hands the syntax trees to `visit`. */
export function withSyntaxTrees<T>(files: Record<string, string>, visit: (trees: Record<string, SourceFile>) => T): T {
  const root = '/v';
  const names = Object.keys(files);
  const fs = createVirtualFileSystem({
    [`${root}/tsconfig.json`]: JSON.stringify({
      compilerOptions: { noLib: true, noResolve: true, types: [], allowJs: false },
      files: names,
    }),
    ...Object.fromEntries(names.map((n) => [`${root}/${n}`, files[n] ?? ''])),
  });
  const api = new API({ cwd: root, fs });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [`${root}/tsconfig.json`] });
    const program = snapshot.getProject(`${root}/tsconfig.json`)?.program;
    if (!program) throw new Error('the compiler opened no project');
    const trees: Record<string, SourceFile> = {};
    for (const n of names) {
      const sf = program.getSourceFile(`${root}/${n}`);
      if (!sf) throw new Error(`the compiler did not read ${n}`);
      trees[n] = sf;
    }
    return visit(trees);
  } finally {
    api.close();
  }
}

const walk = (node: Node, f: (n: N) => void) => {
  f(node as N);
  node.forEachChild((c) => {
    walk(c, f);
    return undefined;
  });
};

const unwrap = (n: N): N => {
  let x = n;
  while (
    x.kind === SyntaxKind.ParenthesizedExpression ||
    x.kind === SyntaxKind.NonNullExpression ||
    x.kind === SyntaxKind.AsExpression ||
    x.kind === SyntaxKind.SatisfiesExpression ||
    x.kind === SyntaxKind.TypeAssertionExpression
  )
    x = x.expression;
  return x;
};

export type ScanOptions = {
  /** names of functions whose own D1 calls are allowed (the binding wrappers) */
  allowedIn?: ReadonlySet<string>;
  /** names of functions, in any file, that return a drizzle write builder (`audit()`): a call is a builder */
  builderFunctions?: ReadonlySet<string>;
};

/** What one file does outside the writer, and the names of its functions that return a write builder. */
export function analyse(sf: SourceFile, opts: ScanOptions = {}): { findings: Finding[]; returnsBuilder: string[] } {
  const allowedIn = opts.allowedIn ?? new Set<string>();
  const builderFunctions = opts.builderFunctions ?? new Set<string>();
  const text = sf.text;
  const lineOf = (n: Node) => text.slice(0, n.getStart(sf)).split('\n').length;
  // every `x = <initializer>` by name (scopes ignored: a name that ever holds a thing is taken to hold it)
  const inits = new Map<string, N[]>();
  // names of tables: imported from schema/ (any alias), or a const holding one
  const tables = new Set<string>();
  walk(sf, (n) => {
    if (n.kind === SyntaxKind.VariableDeclaration && n.name.kind === SyntaxKind.Identifier && n.initializer) {
      inits.set(n.name.text, [...(inits.get(n.name.text) ?? []), n.initializer]);
    }
    if (n.kind === SyntaxKind.ImportDeclaration && /(^|\/)schema(\/|$)/.test(n.moduleSpecifier?.text ?? '')) {
      walk(n, (m) => {
        if (m.kind === SyntaxKind.ImportSpecifier) tables.add(m.name.text);
        if (m.kind === SyntaxKind.NamespaceImport) tables.add(m.name.text);
      });
    }
  });
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, values] of inits) {
      if (!tables.has(name) && values.some((v) => isTable(v))) {
        tables.add(name);
        grew = true;
      }
    }
  }
  function isTable(e: N): boolean {
    const x = unwrap(e);
    if (x.kind === SyntaxKind.Identifier) return tables.has(x.text);
    // schema.orders
    if (x.kind === SyntaxKind.PropertyAccessExpression) return isTable(x.expression);
    return false;
  }

  /** The constant string an expression always is, or null. */
  function constant(e: N, seen = new Set<string>()): string | null {
    const x = unwrap(e);
    if (x.kind === SyntaxKind.StringLiteral || x.kind === SyntaxKind.NoSubstitutionTemplateLiteral) return x.text;
    if (x.kind === SyntaxKind.BinaryExpression && x.operatorToken.kind === SyntaxKind.PlusToken) {
      const [a, b] = [constant(x.left, seen), constant(x.right, seen)];
      return a !== null && b !== null ? a + b : null;
    }
    if (x.kind === SyntaxKind.TemplateExpression) {
      let s = x.head.text;
      for (const span of x.templateSpans) {
        const v = constant(span.expression, seen);
        if (v === null) return null;
        s += v + span.literal.text;
      }
      return s;
    }
    if (x.kind === SyntaxKind.Identifier && !seen.has(x.text)) {
      seen.add(x.text);
      for (const v of inits.get(x.text) ?? []) {
        const c = constant(v, seen);
        if (c !== null) return c;
      }
    }
    return null;
  }

  const isRegExp = (e: N): boolean => {
    const x = unwrap(e);
    if (x.kind === SyntaxKind.RegularExpressionLiteral) return true;
    if (x.kind === SyntaxKind.NewExpression && unwrap(x.expression).text === 'RegExp') return true;
    if (x.kind === SyntaxKind.Identifier) return (inits.get(x.text) ?? []).some((v) => isRegExp(v));
    return false;
  };

  /** The member name a property or element access reaches, when it is known. */
  const memberName = (n: N): string | null => {
    if (n.kind === SyntaxKind.PropertyAccessExpression) return n.name.text;
    if (n.kind === SyntaxKind.ElementAccessExpression) return constant(n.argumentExpression);
    return null;
  };

  const enclosingFunctions = (n: N): N[] => {
    const out: N[] = [];
    for (let p = n.parent as N | undefined; p; p = p.parent as N | undefined) {
      if (
        p.kind === SyntaxKind.FunctionDeclaration ||
        p.kind === SyntaxKind.FunctionExpression ||
        p.kind === SyntaxKind.ArrowFunction ||
        p.kind === SyntaxKind.MethodDeclaration
      )
        out.push(p);
    }
    return out;
  };
  const allowed = (n: N) => enclosingFunctions(n).some((f) => f.name && allowedIn.has(f.name.text));
  const isAsync = (f: N | undefined) =>
    !!f && ((f.modifiers ?? []) as N[]).some((m) => m.kind === SyntaxKind.AsyncKeyword);

  /** The outermost expression of a chain `a.b(...).c(...)` that starts at `n`, and a method in it that runs it. */
  const chainTop = (start: N): { top: N; lastCall: string | null } => {
    let n = start;
    // the method that runs it, if the chain calls one (`values(row)` builds an insert; `values()` runs a query)
    let lastCall: string | null = null;
    for (;;) {
      const p = n.parent as N;
      if (!p) break;
      if (
        (p.kind === SyntaxKind.PropertyAccessExpression || p.kind === SyntaxKind.ElementAccessExpression) &&
        p.expression === n
      ) {
        n = p;
        continue;
      }
      if (p.kind === SyntaxKind.CallExpression && p.expression === n) {
        const name = memberName(n);
        if (name && EXECUTORS.has(name) && !(name === 'values' && p.arguments.length > 0)) lastCall = name;
        n = p;
        continue;
      }
      if (
        (p.kind === SyntaxKind.ParenthesizedExpression ||
          p.kind === SyntaxKind.NonNullExpression ||
          p.kind === SyntaxKind.AsExpression ||
          p.kind === SyntaxKind.SatisfiesExpression) &&
        p.expression === n
      ) {
        n = p;
        continue;
      }
      break;
    }
    return { top: n, lastCall };
  };

  /** How a value at `top` gets executed on its own, or null when it is only built (for a batch). */
  function executedBy(top: N, lastCall: string | null): string | null {
    if (lastCall) return `.${lastCall}()`;
    const p = top.parent as N;
    if (!p) return null;
    if (p.kind === SyntaxKind.AwaitExpression) return 'await';
    if (p.kind === SyntaxKind.YieldExpression) return 'yield';
    if (p.kind === SyntaxKind.ReturnStatement || (p.kind === SyntaxKind.ArrowFunction && p.body === top)) {
      return isAsync(enclosingFunctions(top)[0]) ? 'returned from an async function' : null;
    }
    // Promise.all([write, ...])
    let arr: N | undefined;
    if (p.kind === SyntaxKind.ArrayLiteralExpression) arr = p;
    if (p.kind === SyntaxKind.SpreadElement && (p.parent as N)?.kind === SyntaxKind.ArrayLiteralExpression)
      arr = p.parent as N;
    const call = (arr ?? top).parent as N | undefined;
    if (call?.kind === SyntaxKind.CallExpression && call.expression !== (arr ?? top)) {
      const callee = unwrap(call.expression);
      const name = memberName(callee);
      if (name && PROMISE_COMBINATORS.has(name) && unwrap(callee.expression).text === 'Promise')
        return `Promise.${name}`;
    }
    return null;
  }

  const found: Finding[] = [];
  const add = (n: N, what: string) => {
    if (!allowed(n)) found.push({ line: lineOf(n), what });
  };
  // names that hold a builder: `const q = db.update(t)...` is a write once `q` is awaited
  const heldBuilders = new Map<string, string>();
  const builders: { node: N; what: string }[] = [];

  walk(sf, (n) => {
    // 1. a D1 method reached by name
    if (n.kind === SyntaxKind.PropertyAccessExpression || n.kind === SyntaxKind.ElementAccessExpression) {
      const name = memberName(n);
      if (name && D1_METHODS.has(name) && !(name === 'exec' && isRegExp(n.expression))) {
        add(n, `D1 ${name}`);
      }
    }
    if (n.kind === SyntaxKind.BindingElement && (n.parent as N)?.kind === SyntaxKind.ObjectBindingPattern) {
      const key = n.propertyName ?? n.name;
      const name =
        key.kind === SyntaxKind.Identifier
          ? key.text
          : key.kind === SyntaxKind.ComputedPropertyName
            ? constant(key.expression)
            : constant(key);
      if (name && D1_METHODS.has(name)) add(n, `D1 ${name}`);
    }
    if (n.kind === SyntaxKind.CallExpression) {
      for (const a of n.arguments as N[]) {
        const c = constant(a);
        if (c && D1_METHODS.has(c)) add(a, `D1 ${c}`);
      }
      // 2. a drizzle write builder, or raw SQL through drizzle
      const name = memberName(unwrap(n.expression));
      const first = (n.arguments as N[])[0];
      let what: string | null = null;
      if (name && WRITE_BUILDERS.has(name) && n.arguments.length === 1 && first && isTable(first)) what = name;
      if (name && RAW_RUNNERS.has(name) && n.arguments.length === 1 && first && isSql(first)) what = `${name}(sql)`;
      const callee = unwrap(n.expression);
      const fn = callee.kind === SyntaxKind.Identifier ? callee.text : name;
      if (fn && builderFunctions.has(fn)) what = `${fn}()`;
      if (what) builders.push({ node: n, what });
    }
  });
  function isSql(e: N): boolean {
    const x = unwrap(e);
    if (x.kind === SyntaxKind.TaggedTemplateExpression) return unwrap(x.tag).text === 'sql';
    if (x.kind === SyntaxKind.CallExpression) {
      const callee = unwrap(x.expression);
      if (callee.kind === SyntaxKind.Identifier) return callee.text === 'sqlOf';
      return unwrap(callee.expression ?? callee).text === 'sql'; // sql.raw(...), sql.join(...)
    }
    return false;
  }
  const returnsBuilder = new Set<string>();
  for (const b of builders) {
    const { top, lastCall } = chainTop(b.node);
    const how = executedBy(top, lastCall);
    if (how) add(b.node, `drizzle ${b.what} on its own (${how})`);
    const p = top.parent as N;
    // a function handing the builder to its caller, who may await it
    if (
      !lastCall &&
      (p?.kind === SyntaxKind.ReturnStatement || (p?.kind === SyntaxKind.ArrowFunction && p.body === top))
    ) {
      const f = enclosingFunctions(top)[0];
      const holder = f?.parent as N | undefined;
      const name = f?.name?.text ?? (holder?.kind === SyntaxKind.VariableDeclaration ? holder.name?.text : undefined);
      if (name) returnsBuilder.add(name);
    }
    if (p?.kind === SyntaxKind.VariableDeclaration && p.initializer === top && p.name.kind === SyntaxKind.Identifier)
      heldBuilders.set(p.name.text, b.what);
  }
  if (heldBuilders.size > 0) {
    walk(sf, (n) => {
      if (n.kind !== SyntaxKind.Identifier || !heldBuilders.has(n.text)) return;
      const p = n.parent as N;
      if (p.kind === SyntaxKind.VariableDeclaration && p.name === n) return;
      const { top, lastCall } = chainTop(n);
      const how = executedBy(top, lastCall);
      if (how) add(n, `drizzle ${heldBuilders.get(n.text)} on its own (${how})`);
    });
  }
  return { findings: found.sort((a, b) => a.line - b.line), returnsBuilder: [...returnsBuilder] };
}

/** The writes of one file outside the writer; `builderFunctions` from every file (writerScan). */
export const scanTree = (sf: SourceFile, opts: ScanOptions = {}) => analyse(sf, opts).findings;

/**
 * Every file's findings: the functions that return a write builder are gathered from all files first (until no
 * more are found: a function returning another's builder is one too), so that `await audit(db, e)` in any file is
 * a write on its own. `allowedIn`: the binding wrappers' function names by file.
 */
export function writerScan(
  files: Record<string, string>,
  allowedIn: Record<string, string[]> = {},
): Record<string, { all: Finding[]; outside: Finding[] }> {
  return withSyntaxTrees(files, (trees) => {
    const builderFunctions = new Set<string>();
    for (let size = -1; size !== builderFunctions.size; ) {
      size = builderFunctions.size;
      for (const sf of Object.values(trees))
        for (const name of analyse(sf, { builderFunctions }).returnsBuilder) builderFunctions.add(name);
    }
    return Object.fromEntries(
      Object.entries(trees).map(([f, sf]) => [
        f,
        {
          all: analyse(sf, { builderFunctions }).findings,
          outside: analyse(sf, { builderFunctions, allowedIn: new Set(allowedIn[f] ?? []) }).findings,
        },
      ]),
    );
  });
}

/** Findings of one source, for the tests' planted cases. */
export function scanSource(text: string, allowedIn: string[] = []): Finding[] {
  return writerScan({ 'planted.ts': text }, { 'planted.ts': allowedIn })['planted.ts']?.outside ?? [];
}
