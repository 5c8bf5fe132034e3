// The SMS area reads machine texts with the shared reader.
export { useText } from '../common/useText';
