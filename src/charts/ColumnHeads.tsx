// A table's header row: one column header per name. Shared by the charts'
// data tables and the tables that lay their rows out as cards on phones.
export function ColumnHeads({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
