// The SMS area's formats: the shared ones (common/format) and country labels.
export { countryLabel, formatCount, formatDay, formatPercent, formatTime } from '../common/format';
