__author__ = 'Todd Young'
__email__ = 'youngmt1@ornl.gov'
__version__ = '0.1.0'


from . import parser
