import audio.hparams_audio
import audio.tools
import audio.stft
import audio.audio_processing
