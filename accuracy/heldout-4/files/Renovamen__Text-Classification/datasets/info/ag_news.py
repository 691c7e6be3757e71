classes = [
    'World',
    'Sports',
    'Business',
    'Sci / Tech'
]
