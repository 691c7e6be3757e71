classes = [
    'Negative polarity',
    'Positive polarity'
]
