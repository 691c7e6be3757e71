MODULE = 'emphases'

# Configuration name
CONFIG = 'prominence'

# Method to use for inference
METHOD = 'prominence'