import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsAudioPlayUrlQuery } from '../../../gateway/client/queries/vms';
import type { VoiceAudio } from '../../../gateway/contract/actions/vms-audio';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';

/** Plays a voice file's WAV (what a callee hears) from its short-lived MediaURL. */
export function AudioPlayerDialog({ audio, onClose }: { audio: VoiceAudio | null; onClose: () => void }) {
  const { t } = useTranslation('vms');
  return (
    <Dialog
      open={audio !== null}
      onClose={onClose}
      title={t('audio.playTitle', { name: audio?.FileName ?? '' })}
      testId="audio-player"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('audio.close')}
        </Button>
      }
    >
      {audio && <Player audio={audio} />}
    </Dialog>
  );
}

function Player({ audio }: { audio: VoiceAudio }) {
  const { t } = useTranslation('vms');
  const url = useQuery(vmsAudioPlayUrlQuery(audio.AudioId));
  if (url.isPending) return <Spinner className="h-5 w-5 text-brand-600" label={t('audio.playLoading')} />;
  if (url.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('audio.playFailed')}
      </p>
    );
  // Opened by the user's click on Play, so the browser lets it start at once.
  return (
    <audio
      controls
      autoPlay
      src={url.data.Url}
      className="w-full"
      aria-label={t('audio.player', { name: audio.FileName })}
      data-testid="audio-element"
    />
  );
}
