from .model import CRF, BiRnnCrf

__version__ = '0.2.1'
__license__ = 'MIT'
