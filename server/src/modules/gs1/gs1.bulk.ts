import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type AjvIssue, fieldErrorsOf } from '../../plugins/errors.js';
import { compileJsonValidator } from '../../plugins/validation.js';
import { type FieldError, Problem, type ProblemBody, validationFailed } from '../../shared/problem.js';
import { type Gs1Item, Gs1ItemCreateBody, type Gs1ItemPatchBody } from './gs1.schemas.js';

type CreateBody = Gs1ItemCreateBody;

import type { Gs1Service, PlannedUpdate } from './gs1.service.js';

/**
 * Bulk create, update and delete of GS1 items (POST /gs1/items/bulk, bulk-update, bulk-delete),
 * as the codes' bulk answers: one result per item in the order sent, each the status and problem
 * its single request would have had; `atomic` checks every item first and writes nothing when
 * one fails (a 422 naming every failing field and item). Each item goes through the service's
 * own create, update and delete, so it is checked, limited, audited and published as one.
 */

export interface Gs1BulkResult {
  index: number;
  id?: string;
  status: number;
  item?: Gs1Item;
  problem?: ProblemBody;
}

const checkCreateBody = compileJsonValidator(Gs1ItemCreateBody);

const itemPath = (index: number) => `/body/items/${index}`;
const idPath = (index: number) => `/body/ids/${index}`;

function failure(index: number, error: unknown, id?: string): Gs1BulkResult {
  if (!(error instanceof Problem)) throw error;
  const problem = error.toBody();
  return { index, ...(id ? { id } : {}), status: problem.status, problem };
}

/** `atomic` with failing items: a 422 whose `errors` name every failing field and `items` each item's problem. */
function atomicRefusal(failures: Gs1BulkResult[], total: number, pathOf: (index: number) => string): Problem {
  const errors: FieldError[] = failures.flatMap(({ index, problem }) =>
    problem?.errors && problem.errors.length > 0
      ? problem.errors
      : [{ path: pathOf(index), message: problem?.detail ?? 'failed' }],
  );
  return new Problem(
    'unprocessable',
    `${failures.length} of ${total} item${total === 1 ? '' : 's'} failed (${failures.map((f) => f.index).join(', ')}); with atomic=true nothing was written.`,
    { errors, extensions: { items: failures.map(({ index, id, problem }) => ({ index, id, ...problem })) } },
  );
}

export class Gs1Bulk {
  constructor(private readonly service: Gs1Service) {}

  async create(access: WorkspaceAccess, items: unknown[], { atomic }: { atomic: boolean }) {
    if (atomic) {
      const failures = await this.checkCreates(access, items);
      if (failures.length > 0) throw atomicRefusal(failures, items.length, itemPath);
    }
    const results: Gs1BulkResult[] = [];
    for (const [index, body] of items.entries()) {
      try {
        const shaped = this.shaped(body, itemPath(index));
        const item = await this.service.create(access, shaped, itemPath(index));
        results.push({ index, id: item.id, status: 201, item });
      } catch (error) {
        results.push(failure(index, error));
      }
    }
    return results;
  }

  async update(
    access: WorkspaceAccess,
    ids: string[],
    patch: Gs1ItemPatchBody,
    { atomic }: { atomic: boolean },
  ) {
    const planned = new Map<number, PlannedUpdate>();
    const failures: Gs1BulkResult[] = [];
    for (const [index, id] of ids.entries()) {
      try {
        planned.set(index, await this.service.planUpdate(access.workspaceId, id, patch, '/body/patch'));
      } catch (error) {
        failures.push(failure(index, error, id));
      }
    }
    if (atomic && failures.length > 0) throw atomicRefusal(failures, ids.length, idPath);
    const results: Gs1BulkResult[] = [...failures];
    for (const [index, id] of ids.entries()) {
      if (!planned.has(index)) continue;
      try {
        const item = await this.service.update(access, id, patch, '/body/patch');
        results.push({ index, id, status: 200, item });
      } catch (error) {
        results.push(failure(index, error, id));
      }
    }
    return results.sort((a, b) => a.index - b.index);
  }

  async delete(access: WorkspaceAccess, ids: string[], { atomic }: { atomic: boolean }) {
    if (atomic) {
      const failures: Gs1BulkResult[] = [];
      for (const [index, id] of ids.entries()) {
        await this.service.get(access.workspaceId, id).catch((error: unknown) => {
          failures.push(failure(index, error, id));
        });
      }
      if (failures.length > 0) throw atomicRefusal(failures, ids.length, idPath);
    }
    const results: Gs1BulkResult[] = [];
    for (const [index, id] of ids.entries()) {
      try {
        await this.service.delete(access, id);
        results.push({ index, id, status: 204 });
      } catch (error) {
        results.push(failure(index, error, id));
      }
    }
    return results;
  }

  /** Every create checked as it would be made: shape, fields, host, keys taken or repeated, the limit. */
  private async checkCreates(access: WorkspaceAccess, items: unknown[]): Promise<Gs1BulkResult[]> {
    const failures: Gs1BulkResult[] = [];
    const seen = new Set<string>();
    for (const [index, body] of items.entries()) {
      const base = itemPath(index);
      try {
        const shaped = this.shaped(body, base);
        const { hostKey } = await this.service.check(access.workspaceId, shaped, base, { dryRun: true });
        const key = `${hostKey}\n${shaped.primaryKey.ai}\n${shaped.primaryKey.value}`;
        if (seen.has(key)) throw this.service.taken(hostKey, shaped.primaryKey, base);
        seen.add(key);
        await this.service.refuseRegistered(hostKey, shaped.primaryKey, base);
      } catch (error) {
        failures.push(failure(index, error));
      }
    }
    if (failures.length === 0) await this.service.refuseOverItemLimit(access.workspaceId, items.length);
    return failures;
  }

  private shaped(body: unknown, base: string): CreateBody {
    if (checkCreateBody(body)) return body as CreateBody;
    throw validationFailed(fieldErrorsOf((checkCreateBody.errors ?? []) as AjvIssue[], base));
  }
}
