import { isReservedSlug, isValidSlug } from '../qrcodes/slugs.js';

export type SlugUnavailableReason = 'invalid' | 'reserved' | 'taken';

export interface SlugAvailability {
  available: boolean;
  reason: SlugUnavailableReason | null;
}

/** The services this module asks: which code a host serves at a slug, and the account's verified names. */
export interface SlugDirectory {
  findForRedirect(hostKey: string, slug: string): unknown;
}
export interface BindableHostnames {
  bindable(workspaceId: string, nameOrId: string, path: string): Promise<string>;
}

/**
 * Whether a new code may take a slug on a host: the same three checks POST /qrcodes makes (the
 * pattern, the site's reserved words on the primary host, another code there), asked before
 * creating, so the site can say so as the user types.
 */
export class SlugsService {
  constructor(private readonly options: { codes: SlugDirectory; hostnames: BindableHostnames }) {}

  async availability(
    workspaceId: string,
    slug: string,
    hostname: string | undefined,
  ): Promise<SlugAvailability> {
    // A hostname that is not the account's (or not verified) is the same 404/409 POST /qrcodes gives.
    const hostKey =
      hostname === undefined
        ? ''
        : await this.options.hostnames.bindable(workspaceId, hostname, '/query/hostname');
    if (!isValidSlug(slug)) return { available: false, reason: 'invalid' };
    if (isReservedSlug(slug, hostKey)) return { available: false, reason: 'reserved' };
    const taken = await this.options.codes.findForRedirect(hostKey, slug);
    return taken ? { available: false, reason: 'taken' } : { available: true, reason: null };
  }
}
