CONFIG = 'basespectrogram'
MODULE = 'ppgs'

NUM_WORKERS=6

BATCH_SIZE = 512

INPUT_CHANNELS = 513 #dimensionality of spectrograms
REPRESENTATION = 'spectrogram'

