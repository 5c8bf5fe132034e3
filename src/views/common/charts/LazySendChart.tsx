import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../../ui/Spinner';

const SendChart = lazy(() => import('./SendChart'));

/** The chart, loaded on first use (its own chunk with recharts). */
export function LazySendChart(props: ComponentProps<typeof SendChart> & { loadingLabel: string }) {
  const { loadingLabel, ...rest } = props;
  return (
    <Suspense
      fallback={
        <div className="flex items-center justify-center text-brand-600" style={{ height: rest.height ?? 280 }}>
          <Spinner className="h-6 w-6" label={loadingLabel} />
        </div>
      }
    >
      <SendChart {...rest} />
    </Suspense>
  );
}
