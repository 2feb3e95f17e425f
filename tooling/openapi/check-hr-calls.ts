/**
 * Fails when the HR app calls a route and method that contract.ts does not hold to the API document,
 * so a new call cannot escape contract.check.ts. Reads every source file under apps/hr/src (wherever
 * a feature keeps its API calls) for calls of the form `api.get(route('name'…`, `client.put(route(…`.
 * A call whose route name sits in a variable counts for every API route name written in that file.
 *
 *   node --import ./tooling/tsx-register.mjs tooling/openapi/check-hr-calls.ts
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContractMethod, STAFF_API_CONTRACT } from '@kadry/shared/api-contract';
import { isRouteName, ROUTES, type RouteName } from '@kadry/shared/routes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HR_SOURCES = path.join(ROOT, 'apps/hr/src');

/** `api.get(`, `client.post<T>(`… with its first argument. */
const CALL = /\b(?:api|client)\.(get|post|put|delete)\s*(?:<[^>()]*>)?\(\s*([^,)]*)/g;
const ROUTE_ARGUMENT = /^route\(\s*(?:'([^']+)'|"([^"]+)"|(\w+))/;
const QUOTED = /'([\w.]+)'|"([\w.]+)"/g;

const isApiRoute = (name: RouteName) => /^\/(api|vue-global)\//.test(ROUTES[name]);

async function listSources(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}test${path.sep}`));
}

const problems: string[] = [];
const calls = new Set<string>();
for (const file of await listSources(HR_SOURCES)) {
  const text = await readFile(file, 'utf8');
  const where = path.relative(ROOT, file);
  for (const [, method, argument = ''] of text.matchAll(CALL)) {
    const route = ROUTE_ARGUMENT.exec(argument.trim());
    if (!route) {
      problems.push(`${where}: ${method}(${argument.trim()}…) does not name its route with route('…')`);
      continue;
    }
    const literal = route[1] ?? route[2];
    const names = literal
      ? [literal]
      : [...text.matchAll(QUOTED)]
          .map((match) => match[1] ?? match[2] ?? '')
          .filter((name) => isRouteName(name) && isApiRoute(name));
    if (names.length === 0)
      problems.push(`${where}: cannot tell which route ${method}(${argument.trim()}) calls`);
    for (const name of names) calls.add(`${name} ${method}`);
  }
}

for (const call of [...calls].sort()) {
  const [name = '', method = ''] = call.split(' ');
  const entry = (STAFF_API_CONTRACT as Partial<Record<string, Partial<Record<ContractMethod, unknown>>>>)[
    name
  ];
  if (!entry?.[method as ContractMethod]) {
    problems.push(`the HR app calls ${method} ${name}, which tooling/openapi/contract.ts does not list`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`The HR app makes ${calls.size} distinct API calls; contract.ts covers them all.`);
