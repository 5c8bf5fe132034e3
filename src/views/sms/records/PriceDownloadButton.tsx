import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callBinary, GatewayError } from '../../../gateway/client/call';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { saveBlob } from '../download';

/** The price list of every supported country as a CSV file (GetUSMSPrice with Download). */
export function PriceDownloadButton() {
  const { t } = useTranslation('sms');
  const notify = useNotify();
  // Spec 000 §8: errors of the price download are passed through, not raised as the usual toast.
  const download = useMutation({
    mutationFn: async () =>
      saveBlob(await callBinary('GetUSMSPrice', { Download: true }, { silent: true }), 'herald-sms-prices.csv'),
    onError: (error) => notify(error instanceof GatewayError ? error.message : t('errors.network'), 'error'),
  });
  return (
    <Button
      variant="secondary"
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid="price-download"
    >
      {t('records.priceDownload')}
    </Button>
  );
}
