import type { FastifyInstance } from 'fastify';
import { type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { type FieldError, Problem, validationFailed } from '../shared/problem.js';

/** JSON bodies: plain JSON, and merge patches (RFC 7396) for PATCH, which parse the same way. */
export const JSON_MEDIA_TYPES = ['application/json', 'application/merge-patch+json'];

const REASONS: Partial<Record<ReturnType<typeof printParseErrorCode>, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'unterminated string (or a raw line break inside one)',
  UnexpectedEndOfNumber: 'incomplete number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape sequence',
  InvalidCharacter: 'control character inside a string',
};

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: (before.match(/\n/g)?.length ?? 0) + 1, column: offset - lineStart + 1 };
}

/** Whether the text up to the offset is a whole JSON value already (what follows is extra). */
function endsAValue(text: string, offset: number): boolean {
  if (offset === 0 || text.slice(0, offset).trim() === '') return false;
  try {
    JSON.parse(text.slice(0, offset));
    return true;
  } catch {
    return false;
  }
}

/**
 * Where and why parsing stopped, for a body JSON.parse refused. JSON.parse does not always say
 * where (`Unexpected token`), so a tolerant parser that reports offsets locates the first error.
 */
export function describeJsonError(text: string, parseError: unknown): string {
  const errors: ParseError[] = [];
  parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return `The body is not valid JSON: ${(parseError as Error).message}.`;
  const reason = endsAValue(text, first.offset)
    ? 'unexpected text after the JSON value'
    : (REASONS[printParseErrorCode(first.error)] ?? 'invalid JSON');
  const { line, column } = lineAndColumn(text, first.offset);
  const atEnd = text.slice(first.offset).trim() === '' ? ' (where the body ends)' : '';
  return `The body is not valid JSON: ${reason} at line ${line}, column ${column}${atEnd}.`;
}

/**
 * Paths of `__proto__` keys. JSON.parse keeps them as plain own properties, which is harmless in
 * itself, but any later copy of the object through assignment would set a prototype instead.
 */
function prototypeKeyPaths(root: unknown): FieldError[] {
  const found: FieldError[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '/body' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (value === null || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      const childPath = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      if (key === '__proto__') {
        found.push({ path: childPath, message: 'is a reserved name and cannot be a field' });
      } else {
        pending.push({ value: (value as Record<string, unknown>)[key], path: childPath });
      }
    }
  }
  return found;
}

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') {
    throw new Problem(
      'malformed_json',
      'The body is empty; send a JSON document, or send no Content-Type with no body.',
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Problem('malformed_json', describeJsonError(text, error));
  }
  const reserved = prototypeKeyPaths(value);
  if (reserved.length > 0) throw validationFailed(reserved);
  return value;
}

/**
 * The only bodies the API reads are JSON (modules that take other media types, such as image
 * uploads, add their own parser). Anything else, text/plain included, is a 415 before any route
 * code runs, rather than a string that fails validation further on.
 */
export function installBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    JSON_MEDIA_TYPES,
    { parseAs: 'string' },
    async (_request: unknown, body: string | Buffer) => parseJsonBody(String(body)),
  );
}
