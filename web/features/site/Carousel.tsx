import { type FocusEvent, type TouchEvent, useEffect, useRef, useState } from 'react';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/site';
import './site.css';

/** SPEC.md section 9: the gallery advances every 5000 ms and pauses on hover. */
export const GALLERY_INTERVAL_MS = 5000;
/** A horizontal finger movement longer than this (and longer than the vertical one) is a swipe. */
const SWIPE_PX = 40;

/**
 * `alt` says what the picture shows; `caption`, shown under it, is what the association writes about a real
 * photograph (when, who). The stand-in drawings have none: no caption pretends they are photographs.
 */
export type Photo = { src: string; srcSmall: string; alt: string; width: number; height: number; caption?: string };

/**
 * The home page gallery: starts on a random photo, advances every 5 s, pauses while the pointer is over it,
 * while keyboard focus is inside it or after "Pause slideshow"; previous/next buttons, arrow keys and swipes.
 * Follows the WAI-ARIA carousel pattern (the live region only speaks while rotation is paused).
 */
export function Carousel({ photos, label }: { photos: Photo[]; label: string }) {
  const total = photos.length;
  // drawn in the browser only (the prerendered page holds its place, docs/decisions/112): a random start is safe
  const [index, setIndex] = useState(() => Math.floor(Math.random() * total));
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [touching, setTouching] = useState(false);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const paused = hovered || keyboardFocus || stopped || touching;

  const go = (delta: number) => setIndex((i) => (i + delta + total) % total);

  // One timer per shown photo: a manual move restarts the 5 s count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer after every move
  useEffect(() => {
    if (paused || total < 2) return;
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % total), GALLERY_INTERVAL_MS);
    return () => window.clearTimeout(id);
  }, [paused, index, total]);

  const photo = photos[index];
  if (!photo) return null;

  function onFocus(e: FocusEvent<HTMLElement>) {
    // Only keyboard focus pauses: a mouse click also focuses the button but the pointer leaving resumes.
    if (e.target.matches(':focus-visible')) setKeyboardFocus(true);
  }
  function onBlur(e: FocusEvent<HTMLElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboardFocus(false);
  }
  function onTouchStart(e: TouchEvent) {
    const p = e.touches[0];
    if (!p) return;
    touchStart.current = { x: p.clientX, y: p.clientY };
    setTouching(true);
  }
  function onTouchEnd(e: TouchEvent) {
    const start = touchStart.current;
    const p = e.changedTouches[0];
    touchStart.current = null;
    setTouching(false);
    if (!start || !p) return;
    const dx = p.clientX - start.x;
    const dy = p.clientY - start.y;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  }

  const position = t('site.galleryPosition', { n: index + 1, total });
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1);
        if (e.key === 'ArrowRight') go(1);
      }}
      data-paused={paused ? 'true' : 'false'}
    >
      <div className="carousel-controls">
        <button type="button" className="btn btn-small" onClick={() => setStopped((s) => !s)}>
          {stopped ? t('site.galleryPlay') : t('site.galleryPause')}
        </button>
        <p className="carousel-position" aria-live={paused ? 'polite' : 'off'} aria-atomic="true">
          {position}
        </p>
      </div>
      <div
        className="carousel-stage"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => setTouching(false)}
      >
        <button
          type="button"
          className="carousel-arrow carousel-prev"
          aria-label={t('site.galleryPrev')}
          onClick={() => go(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a fieldset */}
        <div
          className="carousel-slide"
          role="group"
          aria-roledescription="slide"
          aria-label={position}
          data-index={index}
        >
          <figure>
            <img
              key={photo.src}
              src={photo.src}
              srcSet={`${photo.srcSmall} ${photo.width / 2}w, ${photo.src} ${photo.width}w`}
              sizes="(max-width: 720px) 100vw, 680px"
              width={photo.width}
              height={photo.height}
              alt={photo.alt}
              loading="lazy"
              decoding="async"
              draggable={false}
            />
            {photo.caption ? <figcaption>{photo.caption}</figcaption> : null}
          </figure>
        </div>
        <button
          type="button"
          className="carousel-arrow carousel-next"
          aria-label={t('site.galleryNext')}
          onClick={() => go(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  );
}
