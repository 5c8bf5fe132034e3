// A chart's numbers as a table for screen readers (charts draw pictures only): one row per point.

export interface ChartColumn<P> {
  label: string;
  value: (point: P) => number;
}

export function ChartTable<P extends { label: string }>({
  title,
  points,
  columns,
  corner = '',
}: {
  title: string;
  points: P[];
  columns: ChartColumn<P>[];
  corner?: string;
}) {
  // The table sits in a visually hidden box: a table keeps its content's width whatever its own width
  // says, and an sr-only table wider than a phone made the page scroll sideways.
  return (
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{corner}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              {columns.map((column) => (
                <td key={column.label}>{column.value(point)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
