import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';

const MetricsChart = lazy(() => import('./MetricsChart'));

/** The metrics chart, loaded on first use (its own chunk with recharts). */
export function LazyMetricsChart(props: ComponentProps<typeof MetricsChart> & { loadingLabel: string }) {
  const { loadingLabel, ...rest } = props;
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center text-brand-600" style={{ height: rest.height ?? 260 }}>
          <Spinner className="h-6 w-6" label={loadingLabel} />
        </div>
      }
    >
      <MetricsChart {...rest} />
    </Suspense>
  );
}
