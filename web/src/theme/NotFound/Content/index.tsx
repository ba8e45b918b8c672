import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import clsx from 'clsx';

/** The not-found page: says so, and offers the ways on (home, docs, tutorials). */
export default function NotFoundContent({ className }: { className?: string }) {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>We could not find what you were looking for.</p>
          <p>
            <Link className="button button--primary" to="/">
              Go to the home page
            </Link>
          </p>
          <p>
            Or read <Link to="/docs/intro">the docs</Link> and{' '}
            <Link to="/tutorials/first-QR-code">the tutorials</Link>. If a link brought you here, please tell
            the owner of the page it was on that it is broken.
          </p>
        </div>
      </div>
    </main>
  );
}
