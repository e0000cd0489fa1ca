import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_NEWS_IMAGE } from '#shared/news';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** The article's image; the default image when missing. */
  src: string | null | undefined;
  /** Told once the article's own image could not be loaded (the default one shows instead). */
  onBroken?: () => void;
};

/**
 * An article's picture: its own image, or the default one when it has none or
 * when its address is broken or dead, never an empty broken box. A failure
 * that happened before hydration (no `onError` listener yet) is caught on
 * mount: a finished image without pixels failed.
 */
export function NewsImage({ src, onBroken, alt = '', ...rest }: Props) {
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

  return <img ref={image} {...rest} alt={alt} src={shown} onError={fail} />;
}
