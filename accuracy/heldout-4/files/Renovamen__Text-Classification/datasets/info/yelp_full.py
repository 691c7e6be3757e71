classes = [
    'Score: 0',
    'Score: 1',
    'Score: 2',
    'Score: 3',
    'Score: 4'
]
