MODULE = 'emphases'

# Configuration name
CONFIG = 'base'
