import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { saveBlob } from './download';

/**
 * A phone channel's price list of every supported country as a CSV file (GetUSMSPrice or GetUMMSPriceList
 * with Download). `notify` is the shell's toast (common views do not import the shell).
 */
export function PriceListButton({
  download: options,
  fileName,
  label,
  notify,
}: {
  download: UseMutationOptions<Blob, Error, void>;
  fileName: string;
  label: string;
  notify: (text: string, tone: 'error') => void;
}) {
  const { t } = useTranslation('sms');
  const download = useMutation(options);
  return (
    <Button
      variant="secondary"
      loading={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (blob) => saveBlob(blob, fileName),
          // Spec 000 §8: errors of the price download are passed through, not raised as the usual toast.
          onError: (error) => notify(gatewayMessage(error) ?? t('errors.network'), 'error'),
        })
      }
      data-testid="price-download"
    >
      {label}
    </Button>
  );
}
