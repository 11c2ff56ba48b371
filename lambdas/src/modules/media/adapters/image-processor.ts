import type { TitleCard } from '@agency/shared';
import {
  TITLE_CARDS_PER_CALL,
  type DrawTitleCardsRequest,
  type DrawTitleCardsResult,
  type ImageProcessor,
  type ProcessImageRequest,
  type ProcessImageResult,
} from '../domain/ports';
import type { TitleCards } from '../../pages/domain/ports';
import { imageFunction } from '../../../platform/env';
import { invokeFunction } from '../../../platform/aws/invoke-function';

/**
 * The image function, invoked synchronously through the Lambda API. sharp never loads in the calling
 * function: it lives only in the image function, which ships its arm64 build.
 */
async function invokeImages<T>(request: ProcessImageRequest | DrawTitleCardsRequest): Promise<T> {
  return JSON.parse(await invokeFunction(imageFunction(), request, 'image function')) as T;
}

export class LambdaImageProcessor implements ImageProcessor {
  process(request: ProcessImageRequest): Promise<ProcessImageResult> {
    return invokeImages<ProcessImageResult>(request);
  }
}

/** The share cards of titles, drawn by the image function (`drawTitleCards`), TITLE_CARDS_PER_CALL a call. */
export class LambdaTitleCards implements TitleCards {
  async draw(cards: readonly TitleCard[]): Promise<void> {
    for (let at = 0; at < cards.length; at += TITLE_CARDS_PER_CALL) {
      const answer = await invokeImages<DrawTitleCardsResult>({
        action: 'drawTitleCards',
        cards: cards.slice(at, at + TITLE_CARDS_PER_CALL),
      });
      if (!answer.ok) throw new Error(`the image function drew no title cards: ${answer.error}`);
    }
  }
}
