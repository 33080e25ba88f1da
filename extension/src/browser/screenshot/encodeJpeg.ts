/**
 * Downscales a captured frame and re-encodes it as a quality-bounded JPEG, small enough to sit
 * in an MCP response as an image block (never as base64 text).
 */
export const MAX_SCREENSHOT_EDGE_PX = 1280;
export const MAX_SCREENSHOT_BYTES = 350_000;
const QUALITIES = [0.7, 0.55, 0.4];

export interface EncodedImage {
  base64: string;
  width: number;
  height: number;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export async function encodeJpeg(dataUrl: string): Promise<EncodedImage> {
  const source = await createImageBitmap(await (await fetch(dataUrl)).blob());
  let scale = Math.min(1, MAX_SCREENSHOT_EDGE_PX / Math.max(source.width, source.height));
  for (;;) {
    const width = Math.max(1, Math.round(source.width * scale));
    const height = Math.max(1, Math.round(source.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(source, 0, 0, width, height);
    for (const quality of QUALITIES) {
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (blob.size <= MAX_SCREENSHOT_BYTES || (quality === QUALITIES.at(-1) && scale < 0.3)) {
        source.close();
        return { base64: toBase64(new Uint8Array(await blob.arrayBuffer())), width, height };
      }
    }
    scale *= 0.75;
  }
}
