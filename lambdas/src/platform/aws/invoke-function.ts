import { cachedClient } from './clients';

/**
 * Functions that other functions invoke synchronously through the Lambda API (the render function,
 * the image function); the local stack answers that API too, at AWS_ENDPOINT_URL_LAMBDA. The SDK
 * loads on the first call, so a function that never invokes another never loads it.
 */
const lambdaClient = cachedClient(async () => {
  const { LambdaClient } = await import('@aws-sdk/client-lambda');
  return new LambdaClient({});
});

/**
 * Invoke `functionName` with `payload` (as JSON) and wait for its answer, as text. A function error
 * (it threw, timed out or ran out of memory) throws, naming `label` and what the function said.
 */
export async function invokeFunction(
  functionName: string,
  payload: unknown,
  label: string,
): Promise<string> {
  const { InvokeCommand } = await import('@aws-sdk/client-lambda');
  const out = await (
    await lambdaClient()
  ).send(
    new InvokeCommand({
      FunctionName: functionName,
      InvocationType: 'RequestResponse',
      Payload: new TextEncoder().encode(JSON.stringify(payload)),
    }),
  );
  const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
  if (out.FunctionError) throw new Error(`${label} failed (${out.FunctionError}): ${text}`);
  return text;
}
