import { z } from 'zod';

/** One Action of the gateway: the request schema (strict: unknown fields are an error) and its Data. */
export type ActionAuth = 'public' | 'user';

export interface ActionDef<
  I extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends ActionAuth = ActionAuth,
> {
  input: I;
  data: D;
  /** public Actions need no access token; user Actions do. */
  auth: A;
}

export function defineAction<A extends ActionAuth, I extends z.ZodType, D extends z.ZodType>(
  auth: A,
  input: I,
  data: D,
): ActionDef<I, D, A> {
  return { auth, input, data };
}

export const emptyInput = z.object({}).strict();
export const emptyData = z.object({}).strict();
