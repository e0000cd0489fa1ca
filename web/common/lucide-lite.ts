import { createElement, forwardRef, type SVGProps } from 'react';

type IconData = {
  name: string;
  node: [string, Record<string, string | number>][];
  aliases?: unknown[];
};
type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; color?: string };

/** Props that name the icon for assistive technology; without one it is hidden from it. */
const labelled = (props: Record<string, unknown>) =>
  Object.keys(props).some(
    (name) =>
      (name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null,
  );

/**
 * lucide-react's `createLucideIcon`, lighter: the web build resolves the icon
 * modules' import of it to this file (vite.config.ts), so every icon keeps
 * lucide-react's API and markup while the pages skip its general runtime
 * (context provider, class merging, attribute mapping), a kilobyte and a half
 * of every first load. `lucide-lite.test.tsx` renders each icon the web uses
 * both ways and compares the markup.
 */
export default function createLucideIcon(data: IconData) {
  const aliases = (data.aliases ?? []).filter((a): a is string => typeof a === 'string');
  const iconClasses = ['lucide', `lucide-${data.name}`, ...aliases.map((a) => `lucide-${a}`)];
  const Icon = forwardRef<SVGSVGElement, IconProps>(
    ({ className, size = 24, color = 'currentColor', strokeWidth = 2, children, ...rest }, ref) =>
      createElement(
        'svg',
        {
          ref,
          xmlns: 'http://www.w3.org/2000/svg',
          width: size,
          height: size,
          viewBox: '0 0 24 24',
          fill: 'none',
          stroke: color,
          strokeWidth,
          strokeLinecap: 'round',
          strokeLinejoin: 'round',
          className: [...new Set([...iconClasses, ...(className ?? '').split(/\s+/)])]
            .filter(Boolean)
            .join(' '),
          ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' }),
          ...rest,
        },
        ...data.node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs })),
        children,
      ),
  );
  Icon.displayName = data.name;
  return Icon;
}
