__author__ = 'tylin'
