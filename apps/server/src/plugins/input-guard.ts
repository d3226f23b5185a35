import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { knownPath, type RequestPart } from '@app/shared/http/field-messages';
import { fieldError, schemaOf } from './errors';

/** How many objects and arrays deep a request may nest: far beyond any form, far below a stack overflow. */
export const MAX_DEPTH = 32;

// PostgreSQL cannot store U+0000 in text, and a lone UTF-16 surrogate is no character at all (it
// becomes U+FFFD or an encoding error on the way to the database, in JSON and in logs).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored and shown as it is: no NUL, no unpaired surrogate. */
export const isCleanText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

export type InputProblem = { path: (string | number)[]; reason: 'characters' | 'depth' };

type Node = { value: unknown; depth: number; key?: string | number; parent?: Node };

/** A node's path, rebuilt only for the one problem reported (paths are not copied on the way down). */
function pathOf(node: Node): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) path.push(n.key!);
  return path.reverse();
}

/**
 * The first string (value or object key) that is not clean text, or the first object nested deeper
 * than `maxDepth`, in a parsed request part. Walked with an explicit stack, so a deep body cannot
 * overflow ours. A bad key is reported at the object that holds it: the key is no field name.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_DEPTH): InputProblem | null {
  const stack: Node[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return { path: pathOf(node), reason: 'characters' };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (node.depth >= maxDepth) return { path: pathOf(node), reason: 'depth' };
    const depth = node.depth + 1;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], depth, key: i, parent: node });
      continue;
    }
    const keys = Object.keys(current);
    for (const key of keys) if (!isCleanText(key)) return { path: pathOf(node), reason: 'characters' };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (current as Record<string, unknown>)[key], depth, key, parent: node });
    }
  }
  return null;
}

/**
 * One guard for every API route, public ones included: strings no database or screen can hold and
 * absurd nesting are refused as a 400 naming the field, before any schema or service sees them.
 * Registered after the auth plugin, so its hook runs after the access check: a caller who may not
 * call a route learns nothing of it here either.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.url?.startsWith('/api/v1/')) return;
    const parts: [RequestPart, unknown][] = [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ];
    for (const [part, value] of parts) {
      const problem = findInputProblem(value);
      if (!problem) continue;
      if (problem.reason === 'characters') {
        throw fieldError(req, problem.path, part, 'field.invalid_characters');
      }
      // Too deep: the field at fault is where the value leaves what the route's schema describes.
      throw fieldError(req, knownPath(schemaOf(req, part), problem.path), part, 'field.too_deep', { max: MAX_DEPTH });
    }
  });
});
