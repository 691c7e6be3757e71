from .wav2lip import Wav2Lip, Wav2Lip_disc_qual
from .syncnet import SyncNet_color