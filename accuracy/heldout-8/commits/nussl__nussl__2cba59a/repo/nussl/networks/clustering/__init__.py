from .kmeans import KMeans
from .gmm import GMM