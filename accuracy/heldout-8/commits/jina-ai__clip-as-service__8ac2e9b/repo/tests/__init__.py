import os

os.environ['OMP_NUM_THREADS'] = '1'
