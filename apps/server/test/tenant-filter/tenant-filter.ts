import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import {
  type ColumnRef,
  type DeleteStmt,
  type InsertStmt,
  loadModule,
  type Node,
  parseSync,
  type SelectStmt,
  type UpdateStmt,
  type WithClause,
} from 'libpg-query';

// Every statement on a tenant table must name its company (docs/scaling.md, decision 008): a
// select, update or delete carries a company_id condition on each tenant table it reads, and an
// insert into a tenant table gives company_id. That keeps `company_id` a working distribution key
// (Citus routes a statement to one worker only when every distributed table in it is pinned to one
// company). This file decides it for one SQL text, with PostgreSQL's own parser (libpg-query).

export const COMPANY_COLUMN = 'company_id';

/** The tables that carry company_id: read from the drizzle schema, so a new table is covered at once. */
export function tenantTablesOf(schema: Record<string, unknown>): Set<string> {
  const tables = new Set<string>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    if (config.columns.some((column) => column.name === COMPANY_COLUMN)) tables.add(config.name);
  }
  return tables;
}

export type StatementKind = 'select' | 'insert' | 'update' | 'delete';

export type TenantFilterViolation = {
  kind: StatementKind;
  table: string;
  /** What is missing, in words. */
  problem: string;
};

export type TenantFilterResult =
  | { ok: true; violations: TenantFilterViolation[] }
  | { ok: false; parseError: string };

let isLoaded = false;

/** Loads the parser (WebAssembly); call once before checkStatement. */
export async function loadSqlParser(): Promise<void> {
  if (isLoaded) return;
  await loadModule();
  isLoaded = true;
}

/** The violations of one SQL text (it may hold several statements). */
export function checkStatement(sql: string, tenantTables: ReadonlySet<string>): TenantFilterResult {
  let statements: Node[];
  try {
    statements = (parseSync(sql).stmts ?? []).flatMap((raw) => (raw.stmt ? [raw.stmt] : []));
  } catch (error) {
    return { ok: false, parseError: (error as Error).message };
  }
  const analysis = new Analysis(tenantTables);
  for (const statement of statements) analysis.statement(statement, null, new Set());
  return { ok: true, violations: analysis.violations };
}

/** One name a statement can refer to in its FROM list. */
type Entry = {
  /** The alias, or the table's name when it has none. */
  name: string;
  table: string;
  /** A tenant table (not a CTE, a subquery or a global table). */
  isTenant: boolean;
  isFiltered: boolean;
};

type Scope = { entries: Entry[]; outer: Scope | null };

class Analysis {
  readonly violations: TenantFilterViolation[] = [];
  private kind: StatementKind = 'select';

  constructor(private readonly tenantTables: ReadonlySet<string>) {}

  statement(node: Node, outer: Scope | null, ctes: ReadonlySet<string>): void {
    if ('SelectStmt' in node) this.withKind('select', () => this.select(node.SelectStmt, outer, ctes));
    else if ('InsertStmt' in node) this.insert(node.InsertStmt, outer, ctes);
    else if ('UpdateStmt' in node) this.update(node.UpdateStmt, outer, ctes);
    else if ('DeleteStmt' in node) this.delete(node.DeleteStmt, outer, ctes);
    // Anything else (DDL, transaction control, SET, LISTEN…) reads no tenant rows.
  }

  private withKind(kind: StatementKind, run: () => void): void {
    const previous = this.kind;
    this.kind = kind;
    try {
      run();
    } finally {
      this.kind = previous;
    }
  }

  /** The CTE names visible inside a statement; each CTE's own query is checked as a statement. */
  private ctes(withClause: WithClause | undefined, outer: Scope | null, visible: ReadonlySet<string>) {
    if (!withClause?.ctes) return visible;
    const names = new Set(visible);
    for (const cte of withClause.ctes)
      if ('CommonTableExpr' in cte) names.add(cte.CommonTableExpr.ctename ?? '');
    for (const cte of withClause.ctes) {
      const query = 'CommonTableExpr' in cte ? cte.CommonTableExpr.ctequery : undefined;
      if (query) this.statement(query, outer, names);
    }
    return names;
  }

  private select(select: SelectStmt, outer: Scope | null, visibleCtes: ReadonlySet<string>): void {
    const ctes = this.ctes(select.withClause, outer, visibleCtes);
    if (select.op && select.op !== 'SETOP_NONE') {
      if (select.larg) this.select(select.larg, outer, ctes);
      if (select.rarg) this.select(select.rarg, outer, ctes);
      return;
    }
    const scope: Scope = { entries: [], outer };
    const conditions: Node[] = [];
    const lateral: Node[] = [];
    for (const item of select.fromClause ?? []) this.addFrom(item, scope, ctes, conditions, lateral);
    if (select.whereClause) conditions.push(select.whereClause);
    this.settle(scope, conditions);
    this.report(scope);
    for (const subquery of lateral) this.statement(subquery, scope, ctes);
    this.subqueriesIn(
      [
        select.targetList,
        conditions,
        select.groupClause,
        select.havingClause,
        select.sortClause,
        select.valuesLists,
        select.distinctClause,
        select.limitCount,
        select.limitOffset,
      ],
      scope,
      ctes,
    );
  }

  private insert(insert: InsertStmt, outer: Scope | null, visibleCtes: ReadonlySet<string>): void {
    this.withKind('insert', () => {
      const ctes = this.ctes(insert.withClause, outer, visibleCtes);
      const table = insert.relation?.relname ?? '';
      const isTenant = this.isTenantTable(table, insert.relation?.schemaname, ctes);
      if (isTenant) {
        const columns = (insert.cols ?? []).map((col) =>
          'ResTarget' in col ? col.ResTarget.name : undefined,
        );
        if (!columns.includes(COMPANY_COLUMN))
          this.violations.push({ kind: 'insert', table, problem: 'inserts without a company_id column' });
      }
      // INSERT … SELECT: the select is a statement of its own (VALUES lists only for sub-selects).
      if (insert.selectStmt) this.statement(insert.selectStmt, outer, ctes);
      // ON CONFLICT … DO UPDATE touches the conflicting row only, whose key the insert gave.
      const target: Scope = {
        entries: [
          { name: insert.relation?.alias?.aliasname ?? table, table, isTenant, isFiltered: true },
          { name: 'excluded', table: 'excluded', isTenant: false, isFiltered: true },
        ],
        outer,
      };
      this.subqueriesIn(
        [
          insert.onConflictClause?.targetList,
          insert.onConflictClause?.whereClause,
          insert.returningClause?.exprs,
        ],
        target,
        ctes,
      );
    });
  }

  private update(update: UpdateStmt, outer: Scope | null, visibleCtes: ReadonlySet<string>): void {
    this.withKind('update', () => {
      const ctes = this.ctes(update.withClause, outer, visibleCtes);
      const scope: Scope = { entries: [], outer };
      const conditions: Node[] = [];
      const lateral: Node[] = [];
      if (update.relation) this.addFrom({ RangeVar: update.relation }, scope, ctes, conditions, lateral);
      for (const item of update.fromClause ?? []) this.addFrom(item, scope, ctes, conditions, lateral);
      if (update.whereClause) conditions.push(update.whereClause);
      this.settle(scope, conditions);
      this.report(scope);
      for (const subquery of lateral) this.statement(subquery, scope, ctes);
      this.subqueriesIn([update.targetList, conditions, update.returningClause?.exprs], scope, ctes);
    });
  }

  private delete(del: DeleteStmt, outer: Scope | null, visibleCtes: ReadonlySet<string>): void {
    this.withKind('delete', () => {
      const ctes = this.ctes(del.withClause, outer, visibleCtes);
      const scope: Scope = { entries: [], outer };
      const conditions: Node[] = [];
      const lateral: Node[] = [];
      if (del.relation) this.addFrom({ RangeVar: del.relation }, scope, ctes, conditions, lateral);
      for (const item of del.usingClause ?? []) this.addFrom(item, scope, ctes, conditions, lateral);
      if (del.whereClause) conditions.push(del.whereClause);
      this.settle(scope, conditions);
      this.report(scope);
      for (const subquery of lateral) this.statement(subquery, scope, ctes);
      this.subqueriesIn([conditions, del.returningClause?.exprs], scope, ctes);
    });
  }

  private isTenantTable(table: string, schema: string | undefined, ctes: ReadonlySet<string>): boolean {
    if (!schema && ctes.has(table)) return false;
    if (schema && schema !== 'public') return false;
    return this.tenantTables.has(table);
  }

  /** Adds a FROM item's names to the scope and its join conditions to `conditions`. */
  private addFrom(
    item: Node,
    scope: Scope,
    ctes: ReadonlySet<string>,
    conditions: Node[],
    lateral: Node[],
  ): void {
    if ('RangeVar' in item) {
      const range = item.RangeVar;
      const table = range.relname ?? '';
      scope.entries.push({
        name: range.alias?.aliasname ?? table,
        table,
        isTenant: this.isTenantTable(table, range.schemaname, ctes),
        isFiltered: false,
      });
    } else if ('JoinExpr' in item) {
      const join = item.JoinExpr;
      if (join.larg) this.addFrom(join.larg, scope, ctes, conditions, lateral);
      if (join.rarg) this.addFrom(join.rarg, scope, ctes, conditions, lateral);
      if (join.quals) conditions.push(join.quals);
    } else if ('RangeSubselect' in item) {
      const sub = item.RangeSubselect;
      // A derived table's own tables are checked inside it; its columns count as filtered here.
      scope.entries.push({
        name: sub.alias?.aliasname ?? '',
        table: '(subquery)',
        isTenant: false,
        isFiltered: true,
      });
      if (sub.lateral && sub.subquery) lateral.push(sub.subquery);
      else if (sub.subquery) this.statement(sub.subquery, scope.outer, ctes);
    } else if ('RangeFunction' in item) {
      const fn = item.RangeFunction;
      scope.entries.push({
        name: fn.alias?.aliasname ?? '',
        table: '(function)',
        isTenant: false,
        isFiltered: true,
      });
      lateral.push(...this.collectSubqueries(fn.functions));
    }
  }

  /** Marks the entries that the conditions pin to a company, following joins until nothing changes. */
  private settle(scope: Scope, conditions: Node[]): void {
    for (let changed = true; changed; ) {
      changed = false;
      const pinned = new Set<Entry>();
      for (const condition of conditions) for (const entry of this.pins(condition, scope)) pinned.add(entry);
      for (const entry of pinned) {
        if (!entry.isFiltered) {
          entry.isFiltered = true;
          changed = true;
        }
      }
    }
  }

  /** The entries of `scope` that a condition restricts to one company (or a list of them). */
  private pins(node: Node, scope: Scope): Set<Entry> {
    const pinned = new Set<Entry>();
    if ('BoolExpr' in node) {
      const args = node.BoolExpr.args ?? [];
      if (node.BoolExpr.boolop === 'AND_EXPR') {
        for (const arg of args) for (const entry of this.pins(arg, scope)) pinned.add(entry);
      } else if (node.BoolExpr.boolop === 'OR_EXPR' && args.length > 0) {
        // Pinned only when every branch pins it (`company_id is null or company_id = $1`).
        const [first, ...rest] = args.map((arg) => this.pins(arg, scope));
        for (const entry of first ?? []) if (rest.every((branch) => branch.has(entry))) pinned.add(entry);
      }
      return pinned;
    }
    if ('A_Expr' in node) {
      const expr = node.A_Expr;
      const operator = expr.name?.[0];
      const isEquals = operator !== undefined && 'String' in operator && operator.String.sval === '=';
      if (!isEquals) return pinned;
      const left = this.companyEntry(expr.lexpr, scope);
      const right = this.companyEntry(expr.rexpr, scope);
      if (expr.kind === 'AEXPR_IN' || expr.kind === 'AEXPR_OP_ANY') {
        if (left) pinned.add(left);
      } else if (expr.kind === 'AEXPR_OP') {
        // company_id = $1 / a constant / an expression, or company_id = another pinned company_id.
        if (left && (right ? right.isFiltered : !isColumn(expr.rexpr))) pinned.add(left);
        if (right && (left ? left.isFiltered : !isColumn(expr.lexpr))) pinned.add(right);
      }
      return pinned;
    }
    if ('SubLink' in node && node.SubLink.subLinkType === 'ANY_SUBLINK') {
      // company_id in (select …): the sub-select is checked as a statement of its own.
      const entry = this.companyEntry(node.SubLink.testexpr, scope);
      if (entry) pinned.add(entry);
      return pinned;
    }
    if ('NullTest' in node && node.NullTest.nulltesttype === 'IS_NULL') {
      // Global rows of a table whose company_id may be null (the global dictionaries).
      const entry = this.companyEntry(node.NullTest.arg, scope);
      if (entry) pinned.add(entry);
    }
    return pinned;
  }

  /** The entry whose company_id a column reference names, if it names one. */
  private companyEntry(node: Node | undefined, scope: Scope): Entry | undefined {
    while (node && 'TypeCast' in node) node = node.TypeCast.arg;
    if (!node || !('ColumnRef' in node)) return undefined;
    const names = columnNames(node.ColumnRef);
    if (names.at(-1) !== COMPANY_COLUMN) return undefined;
    const qualifier = names.at(-2);
    for (let current: Scope | null = scope; current; current = current.outer) {
      if (qualifier !== undefined) {
        const entry = current.entries.find((candidate) => candidate.name === qualifier);
        if (entry) return entry;
      } else {
        // Unqualified: the one tenant table of the innermost scope that has one.
        const tenants = current.entries.filter((candidate) => candidate.isTenant);
        if (tenants.length === 1) return tenants[0];
        if (tenants.length > 1) return undefined;
      }
    }
    return undefined;
  }

  private report(scope: Scope): void {
    for (const entry of scope.entries) {
      if (entry.isTenant && !entry.isFiltered)
        this.violations.push({ kind: this.kind, table: entry.table, problem: 'has no company_id condition' });
    }
  }

  /** Checks every sub-select found in these expressions, with `scope` as their outer scope. */
  private subqueriesIn(parts: unknown[], scope: Scope, ctes: ReadonlySet<string>): void {
    for (const subquery of this.collectSubqueries(parts)) this.statement(subquery, scope, ctes);
  }

  private collectSubqueries(value: unknown, found: Node[] = []): Node[] {
    if (Array.isArray(value)) {
      for (const item of value) this.collectSubqueries(item, found);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'SubLink' && child !== null && typeof child === 'object' && 'subselect' in child) {
          const sublink = child as { subselect?: Node; testexpr?: Node };
          if (sublink.subselect) found.push(sublink.subselect);
          this.collectSubqueries(sublink.testexpr, found);
        } else {
          this.collectSubqueries(child, found);
        }
      }
    }
    return found;
  }
}

function columnNames(ref: ColumnRef): string[] {
  return (ref.fields ?? []).map((field) => ('String' in field ? (field.String.sval ?? '') : '*'));
}

function isColumn(node: Node | undefined): boolean {
  while (node && 'TypeCast' in node) node = node.TypeCast.arg;
  return node !== undefined && 'ColumnRef' in node;
}
