/** The types the first screen's query readers share (queries.ts, queryClient.ts): types only. */
import type { UseQueryOptions } from '@tanstack/react-query';

/** A query's options as queryOptions() writes them: what useQuery would take. */
// `any`: the key's type is the options' own (DataTag), whatever it is
export type LightQueryOptions<T> = UseQueryOptions<T, Error, T, any>;

/** The fields of useQuery's answer the shop reads, with the same narrowing. */
export type LightQueryResult<T> =
  | { data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
  | { data: T | undefined; error: Error; isPending: false; isError: true; isSuccess: false }
  | { data: T; error: null; isPending: false; isError: false; isSuccess: true };
