/** Plan limits from the product's defaults (configurable by the operator). */
export interface PlanRow {
  name: string;
  limit: string;
  note: string;
}

export default function PlanTable({ caption, rows }: { caption: string; rows: PlanRow[] }) {
  return (
    <table>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Limit</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.limit}</td>
            <td>{row.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
