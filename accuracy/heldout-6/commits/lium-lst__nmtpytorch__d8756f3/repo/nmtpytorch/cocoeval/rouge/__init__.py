__author__ = 'vrama91'
