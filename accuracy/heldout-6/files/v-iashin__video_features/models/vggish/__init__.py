# relative imports pain
import sys
sys.path.append('..')
