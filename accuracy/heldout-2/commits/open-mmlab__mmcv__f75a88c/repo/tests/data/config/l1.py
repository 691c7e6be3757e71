item1 = [1, 2]
