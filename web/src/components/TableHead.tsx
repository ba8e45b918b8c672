/**
 * A table's header row: a column header for each label and, with `actions`, last the column of the
 * rows' buttons, named "Actions" for screen readers only.
 */
export default function TableHead({
  columns,
  actions = false,
}: {
  columns: readonly string[];
  actions?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
