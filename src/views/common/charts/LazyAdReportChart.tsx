import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';

const AdReportChart = lazy(() => import('./AdReportChart'));

/** The data report's chart, loaded on first use (its own chunk with recharts). */
export function LazyAdReportChart(props: ComponentProps<typeof AdReportChart> & { loadingLabel: string }) {
  const { loadingLabel, ...rest } = props;
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center text-brand-600" style={{ height: rest.height ?? 280 }}>
          <Spinner className="h-6 w-6" label={loadingLabel} />
        </div>
      }
    >
      <AdReportChart {...rest} />
    </Suspense>
  );
}
