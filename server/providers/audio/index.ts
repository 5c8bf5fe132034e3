// The audio decoder behind an interface (issue 11 item 5): voice files are transcoded to WAV and their
// duration read. The default is ffmpeg (./ffmpeg.ts), from @ffmpeg-installer's binary or FFMPEG_PATH.
export { AudioDecodeError, VOICE_WAV, type AudioDecoder } from './types';
export { ffmpegDecoder, ffmpegPathFromEnv } from './ffmpeg';
