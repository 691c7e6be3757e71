# Data
save_path = './data/'
data_path = './data/ml-latest-small.zip'
data_base_path = './data/ml-latest-small/'
data_url = 'https://files.grouplens.org/datasets/movielens/ml-latest-small.zip'

# model
embedding_dim = 12

# train
learning_rate = 0.0005
num_epochs = 30
batch_size = 32
