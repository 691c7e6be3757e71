import sys

REPO_ROOT = '~/video-representation/'
sys.path.append(REPO_ROOT)
UCF101_ROOT = 'data/UCF101'
KINETICS_ROOT = '/kinetics'

