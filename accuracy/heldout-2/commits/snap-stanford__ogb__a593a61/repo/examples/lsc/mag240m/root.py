ROOT = '.'
