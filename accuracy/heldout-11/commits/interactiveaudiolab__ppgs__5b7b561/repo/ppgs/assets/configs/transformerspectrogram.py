CONFIG = 'transformerspectrogram'
MODULE = 'ppgs'

NUM_WORKERS=10

BATCH_SIZE = 512

MODEL = 'transformer'
INPUT_CHANNELS = 513 #dimensionality of spectrograms
REPRESENTATION = 'spectrogram'

