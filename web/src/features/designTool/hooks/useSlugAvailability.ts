import { rq } from '@site/src/lib/api';
import { useEffect, useState } from 'react';

/** The pattern slugs follow (API.md "QR codes"); the API says the same in its 400. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

/** How long typing must pause before the API is asked. */
const DEBOUNCE_MS = 250;

export type SlugCheck =
  | { state: 'empty' }
  | { state: 'checking' }
  | { state: 'invalid' }
  | { state: 'available' }
  | { state: 'unavailable'; reason: 'taken' | 'reserved' | 'invalid' | null }
  | { state: 'unknown'; error: unknown };

/** Sentences for a slug check, said next to the field. */
export function slugCheckSentence(check: SlugCheck, slug: string): string {
  switch (check.state) {
    case 'empty':
      return 'Leave it empty for a random slug.';
    case 'checking':
      return `Checking “${slug}”…`;
    case 'invalid':
      return 'A slug is 3 to 64 characters, each a letter, a digit, - or _.';
    case 'available':
      return `“${slug}” is available.`;
    case 'unavailable':
      return check.reason === 'reserved'
        ? `“${slug}” is reserved: the site uses it. Choose another.`
        : check.reason === 'invalid'
          ? 'A slug is 3 to 64 characters, each a letter, a digit, - or _.'
          : `“${slug}” is already taken on this host. Choose another.`;
    case 'unknown':
      return 'Could not check the slug now; it is checked again when you create the code.';
  }
}

/** Whether `slug` is free on `hostname` (null: the primary short host), asked as the user types. */
export function useSlugAvailability(slug: string, hostname: string | null): SlugCheck {
  const [check, setCheck] = useState<SlugCheck>({ state: 'empty' });

  useEffect(() => {
    if (slug === '') {
      setCheck({ state: 'empty' });
      return;
    }
    if (!SLUG_PATTERN.test(slug)) {
      setCheck({ state: 'invalid' });
      return;
    }
    let current = true;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      rq.slugs
        .get({ params: { path: { slug }, query: hostname ? { hostname } : {} } })
        .then((answer) => {
          if (!current) return;
          setCheck(
            answer.available ? { state: 'available' } : { state: 'unavailable', reason: answer.reason },
          );
        })
        .catch((error: unknown) => {
          if (current) setCheck({ state: 'unknown', error });
        });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [slug, hostname]);

  return check;
}
