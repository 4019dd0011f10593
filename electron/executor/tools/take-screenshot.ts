// take_screenshot: the screen as base64 PNG in the receipt (not persisted: the journal keeps its hash).
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';
import { readFailed, screenshotImage, within } from './read-screen';

export async function takeScreenshot(ctx: ExecContext, args: ToolArgs<'take_screenshot'>): Promise<Outcome> {
  try {
    return {
      ...outcome('observed'),
      observation_after: { image: await within(args.timeout_ms, screenshotImage(ctx)) },
    };
  } catch (e) {
    return readFailed(e);
  }
}
