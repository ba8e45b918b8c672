import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { ErrorBoundaryError } from '@docusaurus/theme-common';
import type { Props } from '@theme/Error';
import Heading from '@theme/Heading';

/** What a page that throws shows inside the site's layout: the error and a way back. */
export default function ErrorPageContent({ error, tryAgain }: Props) {
  return (
    <main className="container margin-vert--xl" data-testid="page-crashed">
      <Head>
        <title>Page Error</title>
      </Head>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            This page crashed
          </Heading>
          <p>
            Something went wrong while showing this page. Trying again often helps; if it does not, go back to
            the home page.
          </p>
          <div className="margin-vert--lg" style={{ display: 'flex', gap: '0.75rem' }}>
            <button type="button" className="button button--primary" onClick={tryAgain}>
              Try again
            </button>
            <Link className="button button--secondary" to="/">
              Home
            </Link>
          </div>
          <hr />
          <div className="margin-vert--md">
            <ErrorBoundaryError error={error} />
          </div>
        </div>
      </div>
    </main>
  );
}
