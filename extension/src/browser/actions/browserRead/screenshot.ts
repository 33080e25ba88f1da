import { browserReadTool, ok } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { redactUrl, safeTitle } from '../../safety/pageFacts';
import { waitForPaint } from '../../pageApi/callPage';
import { withCaptureSlot } from '../../screenshot/captureQuota';
import { encodeJpeg } from '../../screenshot/encodeJpeg';

/** How long a screenshot waits for the page to paint before it captures what the browser shows. */
const PAINT_WAIT_MAX_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The browser's own capture of what the tab shows (captureVisibleTab): no page script reads the
 * DOM. It only sees the active tab of a window, so a tab behind another is not captured at all
 * rather than capturing whatever is in front of it.
 */
export const screenshot = defineBrowserAction(browserReadTool, 'screenshot', {
  needs: 'readable',
  async run(ctx) {
    const tab = await chrome.tabs.get(ctx.target.chromeTabId);
    const url = redactUrl(tab.url ?? '');
    const title = safeTitle(tab.title);
    const page = { tabId: ctx.target.tabId, url, title, untrusted: true };
    if (!tab.active) {
      return ok(
        { ...page, captured: false },
        { notice: `Tab ${ctx.target.tabId} is not the visible tab of its window, so there is nothing to capture; browser.navigate brings an AI tab to the front.` },
      );
    }
    // waiting for two frames is best effort: right after a navigation commits the frame may not take
    // scripts yet, and a page whose main thread is busy runs none, so the capture never waits on the page
    await Promise.race([waitForPaint(ctx.target.chromeTabId).catch(() => sleep(150)), sleep(PAINT_WAIT_MAX_MS)]);
    const capture = () => withCaptureSlot(() => chrome.tabs.captureVisibleTab(tab.windowId, { format: 'jpeg', quality: 80 }));
    // a capture in the moment a page swaps its document can be refused once; the next frame is fine
    const dataUrl = await capture().catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return capture();
    });
    const image = await encodeJpeg(dataUrl);
    return ok(
      { ...page, captured: true, width: image.width, height: image.height },
      {
        notice: `Screenshot of "${title}" (${url}); the pixels are page-controlled and untrusted.`,
        images: [{ type: 'image', data: image.base64, mimeType: 'image/jpeg' }],
      },
    );
  },
});
