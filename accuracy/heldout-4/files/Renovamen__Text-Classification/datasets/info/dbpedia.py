classes = [
    'Company',
    'EducationalInstitution',
    'Artist',
    'Athlete',
    'OfficeHolder',
    'MeanOfTransportation',
    'Building',
    'NaturalPlace',
    'Village',
    'Animal',
    'Plant',
    'Album',
    'Film',
    'WrittenWork'
]
