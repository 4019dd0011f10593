// observe_screen: wait settle_ms, then the uiautomator node tree (and the image when asked); no input.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';
import { readFailed, screenshotImage } from './read-screen';

export async function observeScreen(ctx: ExecContext, args: ToolArgs<'observe_screen'>): Promise<Outcome> {
  await ctx.sleep(args.settle_ms);
  try {
    const o = await ctx.link.observe();
    ctx.seen?.sawObservation(o);
    const image = args.include_image ? { image: await screenshotImage(ctx) } : {};
    return { ...outcome('observed'), observation_after: { screen: o.screen, nodes: o.nodes, ...image } };
  } catch (e) {
    return readFailed(e);
  }
}
