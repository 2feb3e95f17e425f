/**
 * Type-level only (never run): the HR app's calls (contract.ts) agree with the API document. For each
 * route name and method, the output type of the shared response schema and the type openapi-typescript
 * generated for that operation's answer must each be assignable to the other, and the input type of
 * the shared body schema must be assignable to the generated request body. `npm test -- api`
 * generates the types, then type-checks this file; a disagreement fails naming the route, the method
 * and what disagrees.
 */

import type { STAFF_API_CONTRACT } from '@kadry/shared/api-contract';
import type { ROUTES } from '@kadry/shared/routes';
import type { errorBodySchema } from '@kadry/shared/schemas/error';
import type { z } from 'zod';
// Written by `npm test -- api` (openapi-typescript): absent until the suite has run once.
import type { components, paths } from '../../node_modules/.cache/kadry/openapi/kadry-api';

type Contract = typeof STAFF_API_CONTRACT;
type Name = keyof Contract;
type Method<N extends Name> = keyof Contract[N] & string;
type Call<N extends Name, M extends Method<N>> = Contract[N][M];
/** The generated operation; never when the document has none (openapi-typescript writes `delete?: never`). */
type Operation<N extends Name, M extends string> = M extends keyof paths[(typeof ROUTES)[N]]
  ? NonNullable<paths[(typeof ROUTES)[N]][M]>
  : never;

/** Each assignable to the other (`[ ]` keeps unions from distributing). */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type JsonOf<T> = T extends { content: { 'application/json': infer Json } } ? Json : never;

type ResponsesOf<N extends Name, M extends Method<N>> =
  Operation<N, M> extends { responses: infer R } ? R : never;

type AnswerAgrees<N extends Name, M extends Method<N>> =
  Call<N, M> extends {
    status: infer Status;
    response: infer Schema;
  }
    ? Status extends keyof ResponsesOf<N, M>
      ? Schema extends z.ZodType
        ? Agree<z.output<Schema>, JsonOf<ResponsesOf<N, M>[Status]>>
        : // No answer body (204): the document must describe none either.
          ResponsesOf<N, M>[Status] extends { content?: never }
          ? true
          : false
      : false
    : false;

/** The generated JSON request body, with `undefined` when the document says the body may be left out. */
type BodyOf<N extends Name, M extends Method<N>> =
  Operation<N, M> extends { requestBody?: infer Body }
    ? JsonOf<NonNullable<Body>> | (Operation<N, M> extends { requestBody: unknown } ? never : undefined)
    : never;

/**
 * Bodies are held one way only: whatever the shared schema lets the HR app send fits the documented
 * body. (The other way fails on what JSON Schema cannot narrow as far as zod's types: an array that
 * must stay empty is `never[]` in zod and `unknown[]` once generated.)
 */
type BodyAgrees<N extends Name, M extends Method<N>> =
  Call<N, M> extends { body: infer Schema extends z.ZodType }
    ? [z.input<Schema>] extends [BodyOf<N, M>]
      ? true
      : false
    : true;

/** `"<route name> <method> answer|body|operation"` for every disagreement; never when all agree. */
type Disagreements = {
  [N in Name]: {
    [M in Method<N>]: [Operation<N, M>] extends [never]
      ? `${N} ${M} operation`
      :
          | (AnswerAgrees<N, M> extends true ? never : `${N} ${M} answer`)
          | (BodyAgrees<N, M> extends true ? never : `${N} ${M} body`);
  }[Method<N>];
}[Name];

/** Fails to compile when any call disagrees: "missing the following properties: '<route> <method> answer', …". */
export const everyCallAgrees: Record<Disagreements, 'agrees'> = {};

/** The one error shape, as every error answer refers to it. */
export const errorShapeAgrees: Agree<z.output<typeof errorBodySchema>, components['schemas']['Error']> = true;
