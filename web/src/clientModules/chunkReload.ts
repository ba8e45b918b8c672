import type { ClientModule } from '@docusaurus/types';
import { clearReloaded, markReloaded } from '../lib/chunkReload';

/**
 * Docusaurus reloads the page itself when a navigation's chunks fail to load. Marking the target
 * path before each navigation makes that reload count as the one reload (see theme/Loading); a
 * navigation that succeeds clears the mark.
 */
const chunkReload: ClientModule = {
  onRouteUpdate({ location, previousLocation }) {
    if (previousLocation && previousLocation.pathname !== location.pathname) markReloaded(location.pathname);
  },
  onRouteDidUpdate({ location, previousLocation }) {
    if (previousLocation && previousLocation.pathname !== location.pathname) clearReloaded();
  },
};

export default chunkReload;
