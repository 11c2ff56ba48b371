import { CfnElement, Names, NestedStack, Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledge one cdk-nag AwsSolutions finding on the construct it concerns, with the reason.
 * `rule` is the rule id, with the finding in brackets for rules that report several
 * (`AwsSolutions-IAM5[Resource::*]`).
 */
export function acknowledge(
  scope: IConstruct,
  rule: `AwsSolutions-${string}`,
  reason: string,
): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions::${rule}`, reason });
}

/**
 * How cdk-nag spells a construct's ARN in a finding on `from` (the construct itself unless told):
 * `<LogicalId.Arn>` in the construct's own stack; in a nested stack of that stack, the parameter CDK
 * passes the ARN through, `<referenceto<unique id>Arn>` (named as aws-cdk-lib's core/private/refs
 * names it).
 */
export function nagArnOf(construct: IConstruct, from: IConstruct = construct): string {
  const resource = construct.node.defaultChild;
  if (!(resource instanceof CfnElement))
    throw new Error(`${construct.node.path} has no CloudFormation resource`);
  const owner = Stack.of(resource);
  const user = Stack.of(from);
  if (user === owner) return `<${owner.getLogicalId(resource)}.Arn>`;
  if (!(user instanceof NestedStack) || user.nestedStackParent !== owner)
    throw new Error(
      `${from.node.path} refers to ${construct.node.path} across stacks that are not parent and nested`,
    );
  return `<referenceto${Names.nodeUniqueId(resource.node)}Arn>`;
}

/**
 * How cdk-nag spells a stack's account, region and partition: literal when known, pseudo parameters
 * otherwise. The partition is literal when the region is known (`@aws-cdk/core:enablePartitionLiterals`).
 */
export function nagEnvOf(scope: IConstruct): {
  account: string;
  region: string;
  partition: string;
} {
  const stack = Stack.of(scope);
  return {
    account: Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account,
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
    partition: Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition,
  };
}
