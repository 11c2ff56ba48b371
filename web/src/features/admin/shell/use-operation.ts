import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { OperationName } from '@agency/shared';
import type { CallOptions, ResponseOf } from '../../../lib/api-client';
import { useAdminApi } from './use-admin-api';

/** What a read operation is asked with: its path parameters and its query. */
export type OperationInput = Pick<CallOptions, 'params' | 'query'>;

/** The cache key of an operation's answer: the contract's operation name, then its input. */
export type OperationKey<N extends OperationName = OperationName> = readonly [N, OperationInput];

/** The one way an admin cache key is made, so a key always names the operation it holds. */
export const operationKey = <N extends OperationName>(
  name: N,
  input: OperationInput = {},
): OperationKey<N> => [name, input];

const isKeyOf = (key: unknown, name: OperationName): boolean =>
  Array.isArray(key) && key[0] === name;

/**
 * The answer of a read operation of the shared contract, cached by SWR under
 * `operationKey(name, input)` and sent with the admin token. `input` null: nothing to ask yet.
 */
export function useOperation<N extends OperationName>(
  name: N,
  input: OperationInput | null = {},
  config?: SWRConfiguration<ResponseOf<N>, Error>,
): SWRResponse<ResponseOf<N>, Error> {
  const api = useAdminApi();
  return useSWR<ResponseOf<N>, Error, OperationKey<N> | null>(
    input === null ? null : operationKey(name, input),
    ([n, i]) => api(n, i),
    config,
  );
}

/**
 * Mark every cached answer of an operation out of date, whatever its input (every page, every
 * filter): the shown ones load again. `forget` also drops the cached answers, so one shown next
 * loads as if for the first time instead of showing the old answer meanwhile.
 */
export function useMutateOperation(): (
  name: OperationName,
  options?: { forget?: boolean },
) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    (name, options) =>
      options?.forget
        ? mutate((key) => isKeyOf(key, name), undefined, { revalidate: true })
        : mutate((key) => isKeyOf(key, name)),
    [mutate],
  );
}
