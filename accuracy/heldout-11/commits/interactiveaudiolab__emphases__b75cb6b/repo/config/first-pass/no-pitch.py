MODULE = 'emphases'

# Configuration name
CONFIG = 'no-pitch'

# Whether to use pitch features
PITCH_FEATURE = False
