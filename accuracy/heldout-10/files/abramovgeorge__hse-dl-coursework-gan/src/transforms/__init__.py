from src.transforms.ctgan import CTGANTransform
from src.transforms.minmax import MinMaxScaler
from src.transforms.onehot import OneHot
