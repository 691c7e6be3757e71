_base_ = './base.py'
item3 = {'a': 1}
