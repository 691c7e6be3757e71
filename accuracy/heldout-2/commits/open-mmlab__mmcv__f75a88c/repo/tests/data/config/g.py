filename = 'reserved.py'
