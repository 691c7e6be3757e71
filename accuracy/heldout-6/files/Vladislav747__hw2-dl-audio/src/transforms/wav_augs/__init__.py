from src.transforms.wav_augs.gain import Gain
from src.transforms.wav_augs.pitch_shift import PitchShift
from src.transforms.wav_augs.noise import Noise
from src.transforms.wav_augs.speed_change import SpeedChange
from src.transforms.wav_augs.shift import Shift

all = ["Gain", "Noise", "PitchShift", "SpeedChange", "Shift"]
