import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';

const VisitsChart = lazy(() => import('./VisitsChart'));

/** The visits chart, loaded on first use (its own chunk with recharts). */
export function LazyVisitsChart(props: ComponentProps<typeof VisitsChart> & { loadingLabel: string }) {
  const { loadingLabel, ...rest } = props;
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center text-brand-600" style={{ height: rest.height ?? 260 }}>
          <Spinner className="h-6 w-6" label={loadingLabel} />
        </div>
      }
    >
      <VisitsChart {...rest} />
    </Suspense>
  );
}
