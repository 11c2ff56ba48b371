import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** One action of TransactWriteItems, in the document client's form. */
export type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/** DynamoDB's limit of actions in one transaction. */
export const MAX_TRANSACT_ITEMS = 100;

/**
 * One action of a transaction and what its failed condition means: `refused` ends the write with
 * that answer; `optional` drops the action and tries the rest again (a count to lower that is
 * already gone, a guard that is no longer ours); `retry` may give a changed action to try again
 * with (a guard left behind that may be taken over), or null for refused.
 */
export interface Step<R> {
  item: TransactItem;
  refused?: (old: Record<string, unknown> | undefined) => R;
  optional?: boolean;
  retry?: (old: Record<string, unknown> | undefined) => Promise<TransactItem | null>;
}

export type TransactOutcome<R> = { written: true } | { written: false; refused: R };

/** A raw attribute value of a cancellation reason's item, as a plain value (S, N or BOOL only). */
function plain(value: unknown): unknown {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { S?: string; N?: string; BOOL?: boolean };
  if (v.S !== undefined) return v.S;
  if (v.N !== undefined) return Number(v.N);
  return v.BOOL;
}

/** The item a cancellation reason returned (ReturnValuesOnConditionCheckFailure ALL_OLD), its scalars plain. */
function oldItem(item: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!item) return undefined;
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, plain(v)]));
}

/**
 * Run steps as one TransactWriteItems: all written, or none and the first refusal in step order.
 * Optional steps whose condition failed are dropped and the rest tried again; a step with `retry`
 * is tried again as it says. At most `rounds` tries.
 */
export async function transact<R>(
  client: DynamoDBDocumentClient,
  initial: Step<R>[],
  rounds = 5,
): Promise<TransactOutcome<R>> {
  let steps = initial;
  if (steps.length > MAX_TRANSACT_ITEMS)
    throw new Error(`a transaction of ${steps.length} actions is over DynamoDB's limit of 100`);
  for (let round = 1; ; round++) {
    if (steps.length === 0) return { written: true };
    try {
      await client.send(new TransactWriteCommand({ TransactItems: steps.map((s) => s.item) }));
      return { written: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) || round >= rounds) throw error;
      const reasons = error.CancellationReasons ?? [];
      // Anything but failed conditions (a conflict with another transaction, throttling…) is thrown.
      if (reasons.some((r) => r.Code !== 'None' && r.Code !== 'ConditionalCheckFailed'))
        throw error;
      const failed = steps.flatMap((step, i) =>
        reasons[i]?.Code === 'ConditionalCheckFailed'
          ? [{ step, i, old: oldItem(reasons[i]?.Item as Record<string, unknown> | undefined) }]
          : [],
      );
      if (failed.length === 0) throw error;
      const next = [...steps];
      const drop = new Set<number>();
      for (const { step, i, old } of failed) {
        if (step.optional) {
          drop.add(i);
          continue;
        }
        const changed = step.retry ? await step.retry(old) : null;
        if (changed) {
          next[i] = { ...step, item: changed, retry: undefined };
          continue;
        }
        if (step.refused) return { written: false, refused: step.refused(old) };
        throw error;
      }
      steps = next.filter((_, i) => !drop.has(i));
    }
  }
}
