-- Voice files (/vms/audio): an upload made a voice file, transcoded to WAV by a job.

CREATE TABLE voice_audio_files (
  audio_id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  -- the upload (files.id) it came from; one voice file per upload
  source_file_id TEXT NOT NULL REFERENCES files (id),
  size BIGINT NOT NULL,
  -- 1 Processing, 2 Success, 3 Failed (spec 001 §4); 4 Deleted (Herald's, never listed)
  status INTEGER NOT NULL,
  fail_reason TEXT NOT NULL DEFAULT '',
  duration_ms INTEGER NOT NULL DEFAULT 0,
  -- the WAV the decoder made, a stored row of files
  wav_file_id TEXT REFERENCES files (id),
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX voice_audio_files_user_idx ON voice_audio_files (user_id, created_at);
-- the workers' start-up sweep looks for files still Processing
CREATE INDEX voice_audio_files_status_idx ON voice_audio_files (status);
CREATE UNIQUE INDEX voice_audio_files_source_idx ON voice_audio_files (source_file_id);
