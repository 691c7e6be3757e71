# TODO: make this a python package
