import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../../platform/aws/clients';
import { KEY_PREFIXES, TABLES } from '../../../platform/aws/tables';
import { conditional } from '../../../platform/aws/unique-guard';
import type { SaltStore } from '../domain/ports';

const V = TABLES.visitors;
const SK = 'SALT';
const DAY_MS = 86_400_000;

/** When the salt of `day` expires (epoch seconds): the start of day+2 UTC, within 48 h of its day's start. */
export const saltExpiry = (day: string): number =>
  Math.floor((Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS) / 1000);

/**
 * The day's salt in the visitors table (`SALT#<day>` / `SALT`): 32 random bytes, made by the first
 * caller with a conditional put so two cold starts agree (the loser reads the winner's). Items past
 * their expiry are ignored (TTL deletes late; dynalite never). Cached per container for the day.
 */
export class DynamoSaltStore implements SaltStore {
  private cached: { day: string; salt: string } | undefined;

  constructor(
    private readonly db: () => DynamoDBDocumentClient = dynamoClient,
    private readonly table: () => string = () => process.env[V.envVar] ?? '',
  ) {}

  async saltOf(day: string, now: Date): Promise<string> {
    const expiresAt = saltExpiry(day);
    const nowS = Math.floor(now.getTime() / 1000);
    if (this.cached?.day === day && nowS < expiresAt) return this.cached.salt;
    const key = { [V.partitionKey]: `${KEY_PREFIXES.visitors.salt}${day}`, [V.sortKey]: SK };
    const read = async (): Promise<string | undefined> => {
      const out = await this.db().send(
        new GetCommand({ TableName: this.table(), Key: key, ConsistentRead: true }),
      );
      const salt: unknown = out.Item?.salt;
      const exp: unknown = out.Item?.[V.expiresAt];
      return typeof salt === 'string' && typeof exp === 'number' && exp > nowS ? salt : undefined;
    };
    let salt = await read();
    if (!salt) {
      const fresh = randomBytes(32).toString('hex');
      // Taken only if no live salt is there: an expired leftover (TTL is late) is replaced.
      const won = await conditional(() =>
        this.db().send(
          new PutCommand({
            TableName: this.table(),
            Item: { ...key, salt: fresh, [V.expiresAt]: expiresAt },
            ConditionExpression: 'attribute_not_exists(#pk) OR #exp <= :now',
            ExpressionAttributeNames: { '#pk': V.partitionKey, '#exp': V.expiresAt },
            ExpressionAttributeValues: { ':now': nowS },
          }),
        ),
      );
      salt = won ? fresh : await read();
    }
    if (!salt) throw new Error(`The salt of ${day} could be neither made nor read.`);
    this.cached = { day, salt };
    return salt;
  }
}
