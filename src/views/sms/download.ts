// Moved to views/common so every area saves files the same way.
export { saveBlob } from '../common/download';
