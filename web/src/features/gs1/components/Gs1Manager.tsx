import Link from '@docusaurus/Link';
import ConfirmedAction from '@site/src/components/ConfirmedAction';
import ProblemMessage from '@site/src/components/ProblemMessage';
import { rq } from '@site/src/lib/api';
import { useVerifiedHostnames } from '@site/src/lib/gs1';
import { useId, useState } from 'react';
import { type Gs1Item, type Gs1ItemFilters, useGs1ItemList } from '../api/items';
import { createBody, draftOf, emptyItem, levelName, patchBody } from '../model/itemDraft';
import styles from './Gs1.module.css';
import ItemForm from './ItemForm';
import ScanPanel from './ScanPanel';

function EmptyState() {
  return (
    <div data-testid="gs1-empty">
      <p>
        <strong>No GS1 items yet.</strong> Register a GTIN (or another GS1 key) with its links, and the QR
        code on your packaging, <code>https://your-host/01/09506000134376/10/LOT01</code>, opens the right
        page for each phone's language, each lot and each serial: the product page, a recall notice, the
        leaflet.
      </p>
      <p>
        Read <Link to="/tutorials/gs1-digital-link-packaging">Put a GS1 Digital Link on your packaging</Link>{' '}
        first, or register one above.
      </p>
    </div>
  );
}

/** One item in the list: its key, description and levels; choosing it opens it below. */
function ItemSummary({ item, chosen, onChoose }: { item: Gs1Item; chosen: boolean; onChoose: () => void }) {
  return (
    <li>
      <button
        type="button"
        className={`button ${chosen ? 'button--primary' : 'button--secondary'} ${styles.itemButton}`}
        aria-pressed={chosen}
        onClick={onChoose}
        data-testid="gs1-item"
      >
        <code>
          ({item.primaryKey.ai}) {item.primaryKey.value}
          {item.prefix ? ' …' : ''}
        </code>
        <span>{item.itemDescription ?? 'No description'}</span>
        <span>
          {item.links.length} link{item.links.length === 1 ? '' : 's'}
          {item.levels.length > 0 ? `, ${item.levels.map((l) => levelName(l.qualifiers)).join('; ')}` : ''}
        </span>
      </button>
    </li>
  );
}

/** The chosen item: its URI, its form, the scan tester and linkset preview, and delete. */
function ItemDetail({
  item,
  hostnames,
  editRefusal,
  onChanged,
  onDeleted,
}: {
  item: Gs1Item;
  hostnames: readonly string[];
  editRefusal: string | null;
  onChanged: (item: Gs1Item) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  return (
    <section className="rq-card" aria-labelledby={id} data-testid="gs1-detail">
      <h2 id={id}>
        ({item.primaryKey.ai}) {item.primaryKey.value}
      </h2>
      <p>
        Scans of <code data-testid="gs1-uri">{item.uri}</code>
        {item.levels.length > 0 ? ' (and of its lots and serials below it)' : ''} answer with these links.{' '}
        <Link to={`/qr-design-tool?gs1=${encodeURIComponent(item.primaryKey.value)}`}>
          Make its QR code in the design tool
        </Link>
        .
      </p>
      {item.linksetNotes.length > 0 && (
        <p className="rq-notice">
          Some stored values have no form in GS1's linkset schema; the linkset writes them otherwise (see the
          preview). Scans still use the stored values.
        </p>
      )}
      <fieldset disabled={editRefusal !== null} className={styles.level}>
        <legend>Links and levels</legend>
        {editRefusal && <p>{editRefusal}</p>}
        <ItemForm
          key={item.updatedAt}
          initial={draftOf(item)}
          hostnames={hostnames}
          editing
          protectedNow={item.controls.passwordProtected}
          submitLabel="Save changes"
          onSubmit={async (draft) => {
            onChanged(
              await rq.gs1.updateItem({
                params: { path: { id: item.id } },
                body: patchBody(draft, item.controls),
              }),
            );
          }}
        />
      </fieldset>
      <ScanPanel key={item.id} item={item} />
      {editRefusal === null && (
        <ConfirmedAction
          buttonText="Delete this item"
          label={`Delete (${item.primaryKey.ai}) ${item.primaryKey.value}`}
          confirmText="Delete"
          action={async () => {
            await rq.gs1.deleteItem({ params: { path: { id: item.id } } });
            onDeleted();
          }}
        >
          Its URIs answer 404 from then on, also on codes already printed.
        </ConfirmedAction>
      )}
    </section>
  );
}

/**
 * The workspace's GS1 Digital Link items (issue 46): register one, pick one to change its links and
 * levels, preview its linkset and test a scan. Reads and writes go through the typed client.
 */
export default function Gs1Manager({ editRefusal = null }: { editRefusal?: string | null } = {}) {
  const [filters, setFilters] = useState<Gs1ItemFilters>({});
  const [typed, setTyped] = useState<Required<Gs1ItemFilters>>({ value: '', linkType: '' });
  const list = useGs1ItemList(filters);
  const filtering = Boolean(filters.value || filters.linkType);
  const verified = useVerifiedHostnames();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [formKey, setFormKey] = useState(0);
  const chosen = list.items.find((item) => item.id === chosenId) ?? null;

  return (
    <div className={styles.layout}>
      <section className="rq-card" aria-labelledby="gs1-register-heading">
        <h2 id="gs1-register-heading">Register an item</h2>
        {editRefusal ? (
          <p data-testid="gs1-refusal">{editRefusal}</p>
        ) : (
          <ItemForm
            key={formKey}
            initial={emptyItem()}
            hostnames={verified}
            editing={false}
            submitLabel="Register the item"
            onSubmit={async (draft) => {
              const created = await rq.gs1.createItem({ body: createBody(draft) });
              list.prepend(created);
              setChosenId(created.id);
              setFormKey((key) => key + 1);
              setAnnouncement(
                `(${created.primaryKey.ai}) ${created.primaryKey.value} registered: ${created.uri}`,
              );
            }}
          />
        )}
      </section>

      <section aria-labelledby="gs1-items-heading">
        <h2 id="gs1-items-heading">Your items</h2>
        <p role="status" className={styles.notes}>
          {announcement}
        </p>
        {list.error !== null && (
          <div>
            <ProblemMessage error={list.error} />
            <button type="button" className="button button--secondary button--sm" onClick={list.reload}>
              Try loading again
            </button>
          </div>
        )}
        {list.error === null && list.items.length === 0 && list.loading && <p>Loading your items…</p>}
        <form
          className={styles.filters}
          aria-label="Find items"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ ...typed });
          }}
        >
          <label>
            Key starts with
            <input
              value={typed.value}
              spellCheck={false}
              onChange={(event) => setTyped({ ...typed, value: event.target.value })}
            />
          </label>
          <label>
            Has a link of type
            <input
              value={typed.linkType}
              spellCheck={false}
              placeholder="gs1:recallStatus"
              onChange={(event) => setTyped({ ...typed, linkType: event.target.value })}
            />
          </label>
          <button type="submit" className="button button--secondary button--sm">
            Find
          </button>
        </form>
        {list.error === null &&
          list.items.length === 0 &&
          !list.loading &&
          (filtering ? <p data-testid="gs1-none-found">No item matches.</p> : <EmptyState />)}
        <ul className={styles.items}>
          {list.items.map((item) => (
            <ItemSummary
              key={item.id}
              item={item}
              chosen={item.id === chosenId}
              onChoose={() => setChosenId(item.id === chosenId ? null : item.id)}
            />
          ))}
        </ul>
        {list.hasMore && !list.loading && (
          <button type="button" className="button button--secondary" onClick={list.loadMore}>
            Load more
          </button>
        )}
      </section>

      {chosen && (
        <ItemDetail
          key={chosen.id}
          item={chosen}
          hostnames={verified}
          editRefusal={editRefusal}
          onChanged={(changed) => {
            list.replace(changed);
            setAnnouncement(`(${changed.primaryKey.ai}) ${changed.primaryKey.value} saved.`);
          }}
          onDeleted={() => {
            list.remove(chosen.id);
            setChosenId(null);
            setAnnouncement(`(${chosen.primaryKey.ai}) ${chosen.primaryKey.value} deleted.`);
          }}
        />
      )}
    </div>
  );
}
