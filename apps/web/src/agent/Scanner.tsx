/**
 * The camera: the browser's BarcodeDetector where it reads QR codes (Chrome on Android, Safari), else
 * jsQR on the video's frames (loaded only when needed). Calls `onText` with each QR text read; the
 * parent decides what to do (and stops the scanner while it shows a result).
 */
import { useEffect, useRef, useState } from 'react';

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorCtor = {
  new (opts: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

async function makeReader(): Promise<
  (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>
> {
  const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  if (Ctor && (await Ctor.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Ctor({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!w || !h) return null;
    // At most 800 px wide: enough for a phone-held QR, and quick on a slow phone.
    const scale = Math.min(1, 800 / w);
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export function Scanner({
  onText,
  onError,
}: {
  onText: (text: string) => void;
  onError: (m: string) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setReady(true);
        const read = await makeReader();
        const tick = async () => {
          if (stopped || !video.current || !canvas.current) return;
          try {
            const text = await read(video.current, canvas.current);
            if (text && !stopped) {
              onTextRef.current(text);
              return;
            }
          } catch {}
          timer = window.setTimeout(tick, 150);
        };
        tick();
      } catch (err) {
        if (!stopped)
          onError(
            err instanceof Error && err.name === 'NotAllowedError'
              ? 'The camera is not allowed: allow it in the browser, or type the code.'
              : 'No camera could be opened: type the code.',
          );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [onError]);

  return (
    <div className="camera">
      <video ref={video} muted playsInline aria-label="Camera" />
      <canvas ref={canvas} hidden />
      <div className="camera-frame" aria-hidden />
      {!ready && <p className="camera-wait">Opening the camera…</p>}
    </div>
  );
}
