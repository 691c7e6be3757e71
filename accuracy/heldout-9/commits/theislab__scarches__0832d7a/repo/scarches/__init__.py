from . import dataset, metrics, trainers, models, zenodo, plotting

__author__ = ', '.join([
    'Marco Wagenstetter',
    'Mohsen Naghipourfar',
    'Mohammad Lotfollahi',
    'Sergei Rybakov'
])

__email__ = ', '.join([
    'marco.wagenstetter@tum.de',
    'naghipourfar@ce.sharif.edu',
    'mohammad.lotfollahi@helmholtz-muenchen.de',
    'sergei.rybakov@helmholtz-muenchen.de'
])
