import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsPriceFileMutation } from '../../../gateway/client/mutations/sms';
import { gatewayMessage } from '../../gateway-bridge';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { saveBlob } from '../download';

/** The price list of every supported country as a CSV file (GetUSMSPrice with Download). */
export function PriceDownloadButton() {
  const { t } = useTranslation('sms');
  const notify = useNotify();
  const download = useMutation(smsPriceFileMutation());
  return (
    <Button
      variant="secondary"
      loading={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (blob) => saveBlob(blob, 'herald-sms-prices.csv'),
          // Spec 000 §8: errors of the price download are passed through, not raised as the usual toast.
          onError: (error) => notify(gatewayMessage(error) ?? t('errors.network'), 'error'),
        })
      }
      data-testid="price-download"
    >
      {t('records.priceDownload')}
    </Button>
  );
}
