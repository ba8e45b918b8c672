import { type ComponentProps, useRef } from 'react';
import { useScrollsSideways } from './ScrollableTable';

/**
 * A block of code (commands, JSON) that scrolls when its lines are longer, or it is taller, than
 * its box; it then takes keyboard focus so arrow keys scroll it, as the theme's code blocks do.
 */
export default function ScrollableCode(props: ComponentProps<'pre'>) {
  const ref = useRef<HTMLPreElement>(null);
  const scrolls = useScrollsSideways(ref, { down: true });
  return <pre ref={ref} {...props} tabIndex={scrolls ? 0 : undefined} />;
}
