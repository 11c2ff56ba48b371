import type {
  ImageProcessor,
  ProcessImageRequest,
  ProcessImageResult,
} from '../domain/media-ports';
import { imageFunction } from '../lib/env';
import { cachedClient } from './clients';

/**
 * The image function, invoked synchronously through the Lambda API (the local stack answers that
 * API too, at AWS_ENDPOINT_URL_LAMBDA). sharp never loads in the calling function: it lives only in
 * the image function, which ships its arm64 build.
 */
const lambdaClient = cachedClient(async () => {
  const { LambdaClient } = await import('@aws-sdk/client-lambda');
  return new LambdaClient({});
});

export class LambdaImageProcessor implements ImageProcessor {
  async process(request: ProcessImageRequest): Promise<ProcessImageResult> {
    const { InvokeCommand } = await import('@aws-sdk/client-lambda');
    const out = await (
      await lambdaClient()
    ).send(
      new InvokeCommand({
        FunctionName: imageFunction(),
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify(request)),
      }),
    );
    const text = out.Payload ? new TextDecoder().decode(out.Payload) : '';
    if (out.FunctionError) throw new Error(`image function failed (${out.FunctionError}): ${text}`);
    return JSON.parse(text) as ProcessImageResult;
  }
}
