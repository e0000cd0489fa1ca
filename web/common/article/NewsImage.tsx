import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { responsiveImage } from '#shared/media';
import { DEFAULT_NEWS_IMAGE } from '#shared/news';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** The article's image; the default image when missing. */
  src: string | null | undefined;
  /** Told once the article's own image could not be loaded (the default one shows instead). */
  onBroken?: () => void;
  /** How wide the image shows, for choosing among an upload's copies (`<source sizes>`). */
  sizes?: string;
};

/**
 * An article's picture (an upload as a `<picture>` of responsive copies): its own image, or the default one when it has none or
 * when its address is broken or dead, never an empty broken box. A failure
 * that happened before hydration (no `onError` listener yet) is caught on
 * mount: a finished image without pixels failed.
 */
export function NewsImage({ src, onBroken, alt = '', sizes = '100vw', ...rest }: Props) {
  const wanted = src || DEFAULT_NEWS_IMAGE;
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const shown = failed === wanted ? DEFAULT_NEWS_IMAGE : wanted;
  const report = useRef(onBroken);
  useEffect(() => {
    report.current = onBroken;
  });

  const fail = () => {
    if (shown === DEFAULT_NEWS_IMAGE) return;
    setFailed(wanted);
    report.current?.();
  };

  useEffect(() => {
    const img = image.current;
    if (img && img.complete && img.naturalWidth === 0 && wanted !== DEFAULT_NEWS_IMAGE) {
      setFailed(wanted);
      report.current?.();
    }
  }, [wanted]);

  // An upload: AVIF and WebP copies at several widths, and its real size (no layout shift).
  const upload = responsiveImage(shown);
  const img = (
    <img
      ref={image}
      {...rest}
      {...(upload && { width: upload.width, height: upload.height })}
      alt={alt}
      src={shown}
      onError={fail}
    />
  );
  if (!upload) return img;
  return (
    <picture className="contents">
      {upload.sources.map(({ type, srcset }) => (
        <source key={type} type={type} srcSet={srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
