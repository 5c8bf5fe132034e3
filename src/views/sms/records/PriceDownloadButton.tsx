import { useTranslation } from 'react-i18next';
import { smsPriceFileMutation } from '../../../gateway/client/mutations/sms';
import { PriceListButton } from '../../common/PriceListButton';
import { useNotify } from '../../shell/actors';

/** The SMS price list of every supported country as a CSV file (GetUSMSPrice with Download). */
export function PriceDownloadButton() {
  const { t } = useTranslation('sms');
  const notify = useNotify();
  return (
    <PriceListButton
      download={smsPriceFileMutation()}
      fileName="herald-sms-prices.csv"
      label={t('records.priceDownload')}
      notify={notify}
    />
  );
}
