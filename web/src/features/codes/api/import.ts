import type { ProblemAnswer } from '@rq/client';
import type { ApiAnswer, ApiQuery } from '@site/src/api/types';
import type { ImportChunk } from '@site/src/features/codes/model/importFile';
import { ApiError, apiFetch } from '@site/src/lib/api';

/** The answer of `POST /qrcodes/import` (API.md "Bulk, import, export, print"). */
export type ImportReport = ApiAnswer<'/api/v1/qrcodes/import', 'post'>;

/** An all-or-nothing import refused for its rows (a 422): the file's rows and each failing row's problem. */
export type ImportRefusal = Required<
  Pick<ProblemAnswer<'/api/v1/qrcodes/import', 'post', 422>, 'rows' | 'failedRows'>
>;

export type ImportOutcome = { report: ImportReport } | { refusal: ImportRefusal };

/**
 * Posts one body of the file to `POST /qrcodes/import` as its format: a dry run, an all-or-nothing
 * import (`atomic`), or per row. A refusal for the file's rows is an outcome, not an error: the page
 * shows each row's problem at its line.
 */
export async function postImport(
  chunk: ImportChunk,
  options: Required<Pick<ApiQuery<'/api/v1/qrcodes/import', 'post'>, 'dryRun' | 'atomic'>>,
): Promise<ImportOutcome> {
  const query = new URLSearchParams({
    format: chunk.format,
    dryRun: String(options.dryRun),
    atomic: String(options.atomic),
  });
  try {
    const response = await apiFetch(`/qrcodes/import?${query}`, {
      method: 'POST',
      headers: { 'content-type': chunk.contentType, accept: 'application/json' },
      body: chunk.body,
    });
    return { report: (await response.json()) as ImportReport };
  } catch (error) {
    const refusal = error instanceof ApiError ? refusalOf(error.problem) : undefined;
    if (refusal) return { refusal };
    throw error;
  }
}

function refusalOf(problem: Record<string, unknown>): ImportRefusal | undefined {
  if (problem.code !== 'unprocessable' || !Array.isArray(problem.failedRows)) return undefined;
  // An error's problem is read untyped; this one is the import's 422 as the API document names it.
  return problem as ImportRefusal;
}
