import { type Plugin, parseSync } from 'vite';

/*
 * The contract as the browser needs it (build only). A contract file holds messages, constants, enums, zod schemas
 * and endpoints side by side, and the bundler splits code by file: a list page that reads one message from a file
 * would load every schema of that file, and zod with them, as soon as any other page uses those schemas. So each
 * top-level declaration of a contract file becomes a module of its own, importing only what it reads, and the
 * file re-exports them; what a page does not read stays out of its chunks. On the way:
 * - endpoints lose `query`, `body`, `params` and `response`, the schemas only the server reads;
 * - an enum's values read in its file (`ZStatus.options`, `ZStatus.enum.ACTIVE`, also of an enum made with
 *   `.exclude`/`.extract`) are written out, so that a constant list of statuses needs neither the schema nor zod.
 * The dev server and the tests use the contract as written, so the web app must never read an endpoint's schemas
 * at run time: validate with the named schema instead (e.g. ZCreateApiKeyRequest).
 */

type TNode = { type: string; start: number; end: number; [key: string]: unknown };
type TEdit = { start: number; end: number; text: string };
type TImport = { source: string; imported: string };
type TUnit = { names: string[]; exported: string[]; code: string; refs: Set<string> };

const SERVER_ONLY_KEYS = new Set(['query', 'body', 'params', 'response']);
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
const UNIT_PREFIX = '\0laurel-contract:';

const isNode = (value: unknown): value is TNode =>
  typeof value === 'object' && value !== null && typeof (value as TNode).type === 'string';

/** Visits every node under `root`, depth first; `visit` returns false to skip a node's children. */
const walk = (root: unknown, visit: (node: TNode) => boolean) => {
  if (Array.isArray(root)) {
    for (const item of root) walk(item, visit);
    return;
  }
  if (!isNode(root) || !visit(root)) return;
  for (const [key, child] of Object.entries(root)) {
    if (key !== 'type' && typeof child === 'object') walk(child, visit);
  }
};

const applyEdits = (code: string, edits: TEdit[], offset = 0) => {
  let output = code;
  // From the end, so that earlier offsets stay valid.
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    output = output.slice(0, edit.start - offset) + edit.text + output.slice(edit.end - offset);
  }
  return output;
};

/** String literals, and `...ZKnown.options` spread among them; undefined when anything else is in the list. */
const stringList = (node: unknown, enums: Map<string, string[]>): string[] | undefined => {
  if (!isNode(node) || node.type !== 'ArrayExpression') return undefined;
  const values: string[] = [];
  for (const element of node.elements as unknown[]) {
    if (isNode(element) && element.type === 'Literal' && typeof element.value === 'string') {
      values.push(element.value);
      continue;
    }
    const spread = isNode(element) && element.type === 'SpreadElement' ? element.argument : undefined;
    const known =
      isNode(spread) && spread.type === 'MemberExpression' && !spread.computed && isNode(spread.object)
        ? enums.get(spread.object.name as string)
        : undefined;
    if (!known || !isNode(spread) || !isNode(spread.property) || spread.property.name !== 'options')
      return undefined;
    values.push(...known);
  }
  return values;
};

/**
 * An enum's values when the node makes one from what is known: `z.enum([...])`, or `ZKnown.exclude([...])` /
 * `ZKnown.extract([...])` of an enum declared before it in the file.
 */
const enumValues = (node: unknown, enums: Map<string, string[]>) => {
  if (!isNode(node) || node.type !== 'CallExpression') return undefined;
  const callee = node.callee;
  if (!isNode(callee) || callee.type !== 'MemberExpression' || callee.computed) return undefined;
  if (!isNode(callee.object) || callee.object.type !== 'Identifier' || !isNode(callee.property))
    return undefined;
  const [list] = node.arguments as unknown[];
  const values = stringList(list, enums);
  if (!values) return undefined;
  if (callee.object.name === 'z') return callee.property.name === 'enum' ? values : undefined;
  const base = enums.get(callee.object.name as string);
  if (!base) return undefined;
  if (callee.property.name === 'exclude') return base.filter((value) => !values.includes(value));
  if (callee.property.name === 'extract') return base.filter((value) => values.includes(value));
  return undefined;
};

/** `ZEnum.options` or `ZEnum.enum.KEY` of an enum declared in the file, written out. */
const foldedEnumRead = (node: TNode, enums: Map<string, string[]>) => {
  if (node.computed || !isNode(node.property) || !isNode(node.object)) return undefined;
  const { object, property } = node;
  if (object.type === 'Identifier' && property.name === 'options') {
    const values = enums.get(object.name as string);
    return values ? JSON.stringify(values) : undefined;
  }
  if (object.type !== 'MemberExpression' || object.computed || !isNode(object.object)) return undefined;
  if (object.object.type !== 'Identifier' || !isNode(object.property) || object.property.name !== 'enum')
    return undefined;
  const values = enums.get(object.object.name as string);
  return values?.includes(property.name as string) ? JSON.stringify(property.name) : undefined;
};

const topLevelDeclarations = (program: { body: TNode[] }) =>
  program.body
    .map((statement) => (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement))
    .filter(isNode);

/** The file with its enums' values written out where it reads them. */
export const foldEnumReads = (code: string, id: string) => {
  const program = parseSync(id, code).program as unknown as { body: TNode[] };
  const enums = new Map<string, string[]>();
  for (const declaration of topLevelDeclarations(program)) {
    if (declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as TNode[]) {
      const values = enumValues(declarator.init, enums);
      if (values && isNode(declarator.id) && declarator.id.type === 'Identifier')
        enums.set(declarator.id.name as string, values);
    }
  }
  if (enums.size === 0) return code;
  const edits: TEdit[] = [];
  walk(program, (node) => {
    const value = node.type === 'MemberExpression' ? foldedEnumRead(node, enums) : undefined;
    if (value === undefined) return true;
    edits.push({ start: node.start, end: node.end, text: value });
    return false;
  });
  return applyEdits(code, edits);
};

const declaredNames = (declaration: TNode): string[] => {
  if (declaration.type === 'VariableDeclaration') {
    return (declaration.declarations as TNode[]).map((declarator) =>
      isNode(declarator.id) && declarator.id.type === 'Identifier' ? (declarator.id.name as string) : '',
    );
  }
  const id = declaration.id;
  return isNode(id) && id.type === 'Identifier' ? [id.name as string] : [''];
};

const isDefineEndpoint = (node: unknown) =>
  isNode(node) &&
  node.type === 'CallExpression' &&
  isNode(node.callee) &&
  node.callee.type === 'Identifier' &&
  node.callee.name === 'defineEndpoint';

const propertyName = (property: TNode) => {
  const key = property.key;
  if (property.type !== 'Property' || property.computed || !isNode(key)) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : String(key.value);
};

/** `...(get ? { query } : { body })`: a spread that adds schemas only. */
const isSchemaSpread = (property: TNode) => {
  const argument = property.argument;
  if (property.type !== 'SpreadElement' || !isNode(argument) || argument.type !== 'ConditionalExpression')
    return false;
  return [argument.consequent, argument.alternate].every(
    (branch) =>
      isNode(branch) &&
      branch.type === 'ObjectExpression' &&
      (branch.properties as TNode[]).every((inner) => SERVER_ONLY_KEYS.has(propertyName(inner) ?? '')),
  );
};

/** In every `defineEndpoint({ … })` call of the declaration, the properties that hold schemas (and their commas). */
const endpointSchemaRanges = (declaration: TNode, code: string): TEdit[] => {
  const ranges: TEdit[] = [];
  walk(declaration, (node) => {
    const [literal] = isDefineEndpoint(node) ? (node.arguments as unknown[]) : [];
    if (!isNode(literal) || literal.type !== 'ObjectExpression') return true;
    for (const property of literal.properties as TNode[]) {
      if (!SERVER_ONLY_KEYS.has(propertyName(property) ?? '') && !isSchemaSpread(property)) continue;
      const end = code[property.end] === ',' ? property.end + 1 : property.end;
      ranges.push({ start: property.start, end, text: '' });
    }
    return true;
  });
  return ranges;
};

const containsEndpoint = (root: unknown) => {
  let found = false;
  walk(root, (node) => {
    found ||= isDefineEndpoint(node);
    return !found;
  });
  return found;
};

/** A zod schema by the contract's conventions: an expression built on `z.` or on a `ZName` schema. */
const isSchemaExpression = (node: unknown): boolean => {
  let current = node;
  while (isNode(current)) {
    if (current.type === 'Identifier') return current.name === 'z' || /^Z[A-Z]/.test(current.name as string);
    if (current.type === 'CallExpression') current = current.callee;
    else if (current.type === 'MemberExpression') current = current.object;
    else return false;
  }
  return false;
};

/**
 * `lifetimeAnalytics = analytics(path, summary, z.object({ … }))`: an endpoint made by a helper of the file gets
 * `undefined` for the schemas it is given (the helper's `defineEndpoint` no longer reads them).
 */
const helperSchemaArguments = (declaration: TNode, helpers: Set<string>): TEdit[] => {
  if (declaration.type !== 'VariableDeclaration') return [];
  const edits: TEdit[] = [];
  for (const declarator of declaration.declarations as TNode[]) {
    const init = declarator.init;
    if (!isNode(init) || init.type !== 'CallExpression' || !isNode(init.callee)) continue;
    if (init.callee.type !== 'Identifier' || !helpers.has(init.callee.name as string)) continue;
    for (const argument of init.arguments as TNode[]) {
      if (isSchemaExpression(argument))
        edits.push({ start: argument.start, end: argument.end, text: 'undefined' });
    }
  }
  return edits;
};

/** Names the node reads, outside the given ranges; property keys and shadowed names may be counted too. */
const identifiersIn = (root: TNode, skip: TEdit[]) => {
  const names = new Set<string>();
  walk(root, (node) => {
    if (skip.some((range) => node.start >= range.start && node.end <= range.end)) return false;
    if (node.type === 'Identifier') names.add(node.name as string);
    return true;
  });
  return names;
};

/** Groups of units that read each other (Tarjan's strongly connected components): each group is one module. */
const unitGroups = (units: TUnit[], unitOf: Map<string, number>) => {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const groups: number[][] = [];
  let counter = 0;
  const visit = (unit: number) => {
    index.set(unit, counter);
    low.set(unit, counter);
    counter += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const ref of units[unit]?.refs ?? []) {
      const next = unitOf.get(ref);
      if (next === undefined || next === unit) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const group: number[] = [];
      let member: number | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      groups.push(group.sort((a, b) => a - b));
    }
  };
  units.forEach((_, unit) => {
    if (!index.has(unit)) visit(unit);
  });
  return groups;
};

type TResolve = (source: string) => Promise<string | null>;

/**
 * Splits one contract file into a module per top-level declaration (see the top of this file). Returns the file's
 * new code (re-exports) and the modules' code by id, or null to leave a file the split does not handle as written.
 */
export const splitContractModule = async (source: string, id: string, resolve: TResolve) => {
  const code = foldEnumReads(source, id);
  const program = parseSync(id, code).program as unknown as { body: TNode[] };
  const imports = new Map<string, TImport>();
  const units: TUnit[] = [];
  const unitOf = new Map<string, number>();
  const passThrough: string[] = [];
  const localExports: { local: string; exported: string }[] = [];
  const declarations: { node: TNode; exported: boolean }[] = [];

  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const from = await resolve((statement.source as TNode).value as string);
      if (!from) return null;
      for (const specifier of statement.specifiers as TNode[]) {
        const local = (specifier.local as TNode).name as string;
        const imported =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportNamespaceSpecifier'
              ? '*'
              : String((specifier.imported as TNode).name ?? (specifier.imported as TNode).value);
        imports.set(local, { source: from, imported });
      }
    } else if (
      statement.type === 'ExportAllDeclaration' ||
      (statement.type === 'ExportNamedDeclaration' && statement.source)
    ) {
      passThrough.push(code.slice(statement.start, statement.end));
    } else if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) {
      declarations.push({ node: statement.declaration, exported: true });
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of statement.specifiers as TNode[]) {
        localExports.push({
          local: (specifier.local as TNode).name as string,
          exported: String((specifier.exported as TNode).name ?? (specifier.exported as TNode).value),
        });
      }
    } else if (['VariableDeclaration', 'FunctionDeclaration', 'ClassDeclaration'].includes(statement.type)) {
      declarations.push({ node: statement, exported: false });
    } else {
      return null; // A statement that runs code (or anything unforeseen): keep the file whole.
    }
  }

  const helpers = new Set(
    declarations
      .filter(
        ({ node }) =>
          node.type !== 'VariableDeclaration' || !isDefineEndpoint((node.declarations as TNode[])[0]?.init),
      )
      .filter(({ node }) => containsEndpoint(node))
      .flatMap(({ node }) => declaredNames(node)),
  );
  for (const { node, exported } of declarations) {
    const names = declaredNames(node);
    if (names.includes('')) return null; // Destructuring: keep the file whole.
    const stripped = [...endpointSchemaRanges(node, code), ...helperSchemaArguments(node, helpers)];
    const unit = units.length;
    units.push({
      names,
      exported: exported ? names : [],
      code: `export ${applyEdits(code.slice(node.start, node.end), stripped, node.start)}`,
      refs: identifiersIn(node, stripped),
    });
    for (const name of names) unitOf.set(name, unit);
  }
  if (units.length === 0) return null;

  const modules = new Map<string, string>();
  const groupId = new Map<number, string>();
  const groups = unitGroups(units, unitOf);
  for (const group of groups) {
    const moduleId = `${UNIT_PREFIX}${id}#${units[group[0] ?? 0]?.names[0]}`;
    for (const unit of group) groupId.set(unit, moduleId);
  }
  for (const group of groups) {
    const own = new Set(group.flatMap((unit) => units[unit]?.names ?? []));
    const reads = new Set(group.flatMap((unit) => [...(units[unit]?.refs ?? [])]));
    const lines: string[] = [];
    for (const name of reads) {
      if (own.has(name)) continue;
      const sibling = unitOf.get(name);
      const imported = imports.get(name);
      if (sibling !== undefined)
        lines.push(`import { ${name} } from ${JSON.stringify(groupId.get(sibling))};`);
      else if (imported?.imported === '*')
        lines.push(`import * as ${name} from ${JSON.stringify(imported.source)};`);
      else if (imported) {
        lines.push(`import { ${imported.imported} as ${name} } from ${JSON.stringify(imported.source)};`);
      }
    }
    lines.push(...group.map((unit) => units[unit]?.code ?? ''));
    modules.set(groupId.get(group[0] ?? 0) ?? '', `${lines.join('\n')}\n`);
  }

  const facade = [...passThrough.map((line) => (line.endsWith(';') ? line : `${line};`))];
  units.forEach((unit, index) => {
    if (unit.exported.length > 0)
      facade.push(`export { ${unit.exported.join(', ')} } from ${JSON.stringify(groupId.get(index))};`);
  });
  for (const { local, exported } of localExports) {
    const unit = unitOf.get(local);
    const imported = imports.get(local);
    if (unit !== undefined)
      facade.push(`export { ${local} as ${exported} } from ${JSON.stringify(groupId.get(unit))};`);
    else if (imported && imported.imported !== '*')
      facade.push(`export { ${imported.imported} as ${exported} } from ${JSON.stringify(imported.source)};`);
    else return null;
  }
  return { code: `${facade.join('\n')}\n`, modules };
};

export const contractForBrowser = (): Plugin => {
  const units = new Map<string, string>();
  const isUnit = new RegExp(`^${UNIT_PREFIX}`);
  return {
    name: 'laurel-contract-for-browser',
    apply: 'build',
    resolveId: {
      filter: { id: isUnit },
      handler: (id) => ({ id, moduleSideEffects: false }),
    },
    load: {
      filter: { id: isUnit },
      handler: (id) => {
        const code = units.get(id);
        if (code === undefined) throw new Error(`No contract unit ${id}`);
        return { code, moduleSideEffects: false };
      },
    },
    transform: {
      filter: { id: CONTRACT_SOURCE },
      async handler(code, id) {
        const split = await splitContractModule(code, id, async (source) => {
          const resolved = await this.resolve(source, id);
          return resolved && !resolved.external ? resolved.id : null;
        });
        if (!split) return null;
        for (const [unitId, unitCode] of split.modules) units.set(unitId, unitCode);
        return { code: split.code, map: null, moduleSideEffects: false };
      },
    },
  };
};
