'''
The generic lib module
Contains generic library methods for the Lab
'''
