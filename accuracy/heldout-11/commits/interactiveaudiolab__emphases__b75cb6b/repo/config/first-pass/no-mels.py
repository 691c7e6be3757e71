MODULE = 'emphases'

# Configuration name
CONFIG = 'no-mels'

# Whether to use mel features
MEL_FEATURE = False
