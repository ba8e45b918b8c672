import type { RuntimeConfig } from '@site/src/lib/runtimeConfig';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';
import type { Props } from '@theme/Footer/LinkItem';
import LinkItem from '@theme-original/Footer/LinkItem';

type RuntimeLinkKey = 'marketplaceUrl';

/** Footer links marked `data-runtime-href` take their URL from the deployment's settings. */
export default function FooterLinkItem({ item }: Props) {
  const config: RuntimeConfig | undefined = useRuntimeConfig();
  const key = (item as Record<string, unknown>)['data-runtime-href'] as RuntimeLinkKey | undefined;
  const runtimeHref = key && config ? config[key] : undefined;
  return <LinkItem item={runtimeHref ? { ...item, href: runtimeHref } : item} />;
}
