// The phone camera reading pass QRs: BarcodeDetector where the browser has it (Chrome on Android),
// jsQR on a canvas everywhere else (iOS Safari, Firefox).
import jsQR from 'jsqr';
import { useEffect, useRef } from 'react';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/venue';

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorCtor = { new (o: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

async function nativeDetector(): Promise<Detector | null> {
  const Ctor = (globalThis as unknown as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const formats = (await Ctor.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Ctor({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

export function Scanner({ onText, onError }: { onText: (text: string) => void; onError: (message: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const done = useRef(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        onError(t('venue.cameraUnavailable'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch {
        onError(t('venue.cameraUnavailable'));
        return;
      }
      if (stopped || !video.current) {
        for (const tr of stream.getTracks()) tr.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      const detector = await nativeDetector();
      const tick = async () => {
        if (stopped || done.current) return;
        const v = video.current;
        if (v && v.readyState >= 2 && v.videoWidth > 0) {
          let text: string | null = null;
          if (detector) {
            text = (await detector.detect(v).catch(() => []))[0]?.rawValue ?? null;
          }
          if (!text && ctx) {
            // scan a centred square, scaled down: enough for a QR held up to the camera, and fast
            const side = Math.min(v.videoWidth, v.videoHeight);
            const px = Math.min(side, 480);
            canvas.width = px;
            canvas.height = px;
            ctx.drawImage(v, (v.videoWidth - side) / 2, (v.videoHeight - side) / 2, side, side, 0, 0, px, px);
            const img = ctx.getImageData(0, 0, px, px);
            text = jsQR(img.data, px, px, { inversionAttempts: 'dontInvert' })?.data ?? null;
          }
          if (text && !stopped) {
            done.current = true;
            onText(text);
            return;
          }
        }
        timer = setTimeout(tick, 150);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const tr of stream?.getTracks() ?? []) tr.stop();
    };
  }, [onText, onError]);

  return (
    <div className="venue-scanner">
      <video ref={video} muted playsInline aria-label={t('venue.scan')} />
    </div>
  );
}
